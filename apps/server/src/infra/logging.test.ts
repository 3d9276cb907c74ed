import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverLogging } from './logging.ts';

/** A small app logging as the server does, answering GET /ping; the lines it wrote. */
async function logsOf(options: { level: string; terminal: boolean }) {
  const destination = new PassThrough();
  let written = '';
  destination.on('data', (chunk) => (written += chunk));
  const app = Fastify(serverLogging({ ...options, destination }));
  app.get('/ping', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/ping' });
  app.log.warn('disco quase cheio');
  await app.close();
  return written.trim().split('\n').filter(Boolean);
}

describe('server logging', () => {
  it('14. in a terminal a request is one short readable line, not JSON', async () => {
    const lines = await logsOf({ level: 'info', terminal: true });
    const requests = lines.filter((l) => l.includes('/ping'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/INFO.*GET \/ping 200 \d+ ms/);
    expect(lines.some((l) => l.startsWith('{'))).toBe(false);
  });

  it('14. without a terminal every line is JSON, a request one object when answered, with the request as fields', async () => {
    const lines = await logsOf({ level: 'info', terminal: false });
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.map((e) => e.msg)).toEqual(['request completed', 'disco quase cheio']);
    expect(entries[0]).toMatchObject({
      reqId: expect.any(String),
      req: { method: 'GET', url: '/ping', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('14. LOG_LEVEL still applies in a terminal: at warn, requests are not logged', async () => {
    const lines = await logsOf({ level: 'warn', terminal: true });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN.*disco quase cheio/);
  });
});

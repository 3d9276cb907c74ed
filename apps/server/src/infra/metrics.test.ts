import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, workspaceIds } from '../../test/test-app.ts';

const scrape = (t: TestApp, options: { remoteAddress?: string; token?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });

describe('/metrics', () => {
  let t: TestApp;
  const logs = new PassThrough();
  let logged = '';
  logs.on('data', (chunk) => (logged += chunk));
  beforeAll(async () => {
    t = await buildTestApp({ logStream: logs });
  });
  afterAll(() => t.close());

  it('durations by route pattern, never by raw URL, with the pool, streams and queues, in Prometheus format', async () => {
    const token = await t.login('admin@demo.local');
    const { 'Escola Centro': centro } = await workspaceIds(t, token);
    await t.call({ method: 'GET', url: `/api/v1/workspaces/${centro}/opportunities/987654`, token });
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/workspaces\/:workspaceId\/opportunities\/:id",status_code="404"\} 1/,
    );
    expect(res.body).not.toContain('987654');
    expect(res.body).toMatch(/vendaval_db_pool_connections\{state="total"\} [1-9]/);
    expect(res.body).toMatch(/vendaval_sse_connections 0/);
    expect(res.body).toMatch(/vendaval_job_queue_jobs\{queue="[\w.-]+",state="queued"\} \d+/);
    expect(res.body).toContain('# TYPE vendaval_job_failures_total counter');
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('without a token only this machine reads them; anyone else gets 404', async () => {
    expect((await scrape(t, { remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await scrape(t, { remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('request log lines carry the request id, the platform, and the workspace and user behind the guard', async () => {
    const token = await t.login('gerente@demo.local');
    const { 'Escola Centro': centro } = await workspaceIds(t, token);
    logged = '';
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/workspaces/${centro}/tags`,
      token,
      headers: { 'x-request-id': 'pedido-123' },
    });
    expect(res.statusCode).toBe(200);
    const completed = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .find((entry) => entry.reqId === 'pedido-123' && entry.msg === 'request completed');
    expect(completed).toMatchObject({
      platform: expect.any(Number),
      workspace: centro,
      user: expect.any(Number),
    });
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, config: { metricsToken: 's3gredo-das-metricas' } });
  });
  afterAll(() => t.close());

  it('only the bearer of the token reads them, from any address', async () => {
    expect((await scrape(t)).statusCode).toBe(404);
    expect((await scrape(t, { token: 'outro' })).statusCode).toBe(404);
    const res = await scrape(t, { remoteAddress: '203.0.113.9', token: 's3gredo-das-metricas' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
  });
});

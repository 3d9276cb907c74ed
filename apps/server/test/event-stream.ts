import { request as httpRequest } from 'node:http';
import type { RealtimeEvent } from '@vendaval/core/schemas/chat';
import { DEFAULT_HOST } from './test-app.ts';

export interface Stream {
  status: number;
  events: RealtimeEvent[];
  named: string[];
  ended: Promise<void>;
  close(): void;
}

/** A stream read over real HTTP, as a browser's EventSource would, resolved once the server says it is ready. */
export function readStream(
  port: number,
  workspaceId: number,
  query: string,
  host = DEFAULT_HOST,
  headers = {},
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        host: '127.0.0.1',
        path: `/api/v1/workspaces/${workspaceId}/events${query}`,
        headers: { host, ...headers },
      },
      (res) => {
        const s: Stream = {
          status: res.statusCode ?? 0,
          events: [],
          named: [],
          ended: new Promise((done) => res.on('close', () => done())),
          close: () => req.destroy(),
        };
        if (s.status !== 200) {
          res.resume();
          return resolve(s);
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const name = /^event: (.+)$/m.exec(frame)?.[1];
            const data = /^data: (.+)$/m.exec(frame)?.[1];
            if (name) s.named.push(name);
            if (name === 'ready') resolve(s);
            else if (!name && data) s.events.push(JSON.parse(data));
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

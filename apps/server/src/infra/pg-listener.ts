import pg from 'pg';

export type PayloadHandler = (payload: string) => void;

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel: a pooled connection cannot hold a LISTEN. When
 * the connection drops it reconnects with backoff; notifications sent meanwhile are lost, which the clients'
 * polling covers.
 */
export function listenOnPostgres(url: string, channel: string, onPayload: PayloadHandler) {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) onPayload(msg.payload);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      delay = RECONNECT_MIN_MS;
    } catch {
      reconnect(next);
    }
  };

  const reconnect = (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = undefined;
    failed.end().catch(() => {});
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  return {
    ready: connect(),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

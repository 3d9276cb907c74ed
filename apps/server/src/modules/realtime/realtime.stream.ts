import type { FastifyReply, FastifyRequest } from 'fastify';
import { type StreamSession, sessionHolds } from './realtime.guard.ts';
import type { RealtimeHub, StreamClient } from './realtime.hub.ts';
import { recordOpenStream } from './realtime.presence.ts';

/** How long a browser waits before reconnecting by itself. */
const RETRY_MS = 3000;

/**
 * Turns the request into a Server-Sent Events stream of the workspace's events. A comment every heartbeat keeps
 * proxies from closing it and is when the session is checked again; logout or expiry ends the stream.
 */
export async function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: RealtimeHub,
  session: StreamSession,
  heartbeatMs: number,
) {
  const presence = await recordOpenStream(request.server.deps.db, request.ctx);
  const quietly = (work: Promise<void>) =>
    work.catch((err) => request.log.warn({ err }, 'stream presence not updated'));
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  let ended = false;
  const client: StreamClient = {
    ...request.ctx,
    send: (frame) => {
      if (!ended) res.write(frame);
    },
    close: () => end(),
  };
  const remove = hub.add(client);
  const heartbeat = setInterval(() => void beat(), heartbeatMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    remove();
    void quietly(presence.forget());
    res.end();
  };
  const beat = async () => {
    const holds = await sessionHolds(request, session).catch(() => true);
    if (!holds) {
      client.send('event: session-ended\ndata: {}\n\n');
      return end();
    }
    client.send(': ping\n\n');
    void quietly(presence.refresh());
  };
  request.raw.on('close', end);
  res.on('error', end);
  res.write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
}

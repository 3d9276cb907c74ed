import type { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';

/** A request logged once it is answered, as one short line ('GET /api/health 200 4 ms'), not as two objects. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * A request logged once, when it is answered, as one JSON object with the request, the answer and its time: the
 * arrival line fastify writes by default doubled the cost of logging a request and said nothing the answer's does not.
 */
class OneObjectPerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request completed');
    else reply.log.info(fields, 'request completed');
  }
}

/**
 * The server's logs at `level`: short coloured lines for a person at a terminal; otherwise JSON lines, one object
 * per event (a request is one, when answered), for log collectors. Lines to standard output are written without
 * blocking the request that logs them (pino flushes them when the process exits).
 */
export function serverLogging(options: {
  level: string;
  terminal: boolean;
  destination?: Writable;
}): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const { level, terminal, destination = process.stdout } = options;
  if (!terminal) {
    const stream = destination === process.stdout ? pino.destination({ dest: 1, sync: false }) : destination;
    return { logger: { level, stream }, logController: new OneObjectPerRequest() };
  }
  const stream = pretty({
    destination,
    colorize: destination === process.stdout,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
  });
  return { logger: { level, stream }, logController: new OneLinePerRequest() };
}

/** Adds fields to every later log line of a request, the line of its answer included. */
export function logWith(request: FastifyRequest, reply: FastifyReply, fields: Record<string, number>) {
  request.log = request.log.child(fields);
  reply.log = request.log;
}

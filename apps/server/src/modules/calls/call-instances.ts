import type { FastifyInstance } from 'fastify';
import type { Database } from '../../infra/db.ts';
import * as q from './calls.queries.ts';
import { CALL_SWEEP_QUEUE, type CallDeps, type HeldCall, hangUpHeld } from './calls.service.ts';

export interface CallInstanceOptions {
  /** How often this process proves it is alive, and looks for calls of processes that stopped doing so. */
  heartbeatSeconds: number;
  /** A process silent longer than this is gone: its calls are ended. */
  timeoutSeconds: number;
}

/**
 * This process among the several that may share the database. When it holds calls (`deps.instanceId`) it beats
 * while it runs and hangs up the lines of its calls that another process asks it to. Every process, on each beat,
 * looks for calls of processes gone and has the sweep job end them: the job's key is the beat's period, so of all
 * the processes that find them, one job runs.
 */
export function runCallInstance(
  api: FastifyInstance,
  database: Database,
  deps: CallDeps,
  options: CallInstanceOptions,
) {
  const { instanceId, db, jobs } = deps;
  const periodMs = options.heartbeatSeconds * 1000;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;

  const beat = async () => {
    if (instanceId) await q.beat(db, instanceId);
    const [gone] = await q.callsOfSilentInstances(db, options.timeoutSeconds, 1);
    if (gone) await jobs.send(CALL_SWEEP_QUEUE, {}, { key: `${Math.floor(Date.now() / periodMs)}` });
  };
  const pass = () => beat().catch((err) => api.log.warn({ err }, 'calls: heartbeat failed'));
  // The next pass is timed from the end of this one: a slow database never piles passes up.
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().then(next);
    }, periodMs).unref();
  };
  const heard = (payload: string) => {
    Promise.resolve()
      .then(() => hangUpHeld(deps, JSON.parse(payload) as HeldCall))
      .catch((err) => api.log.error({ err }, 'calls: a hang-up asked by another process failed'));
  };

  api.addHook('onReady', async () => {
    // The row exists before this process places a call, so no other takes its calls for those of one gone.
    running = pass();
    await running;
    next();
    if (!instanceId) return;
    try {
      unlisten = await database.listen(q.CALL_CONTROL_CHANNEL, heard);
    } catch (err) {
      api.log.error({ err }, 'calls: hang-ups asked by other processes will not be heard until a restart');
    }
  });
  api.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    // The lines die with this process, which stops beating: its calls end after the timeout, as if it was killed.
    await unlisten?.();
  });
}

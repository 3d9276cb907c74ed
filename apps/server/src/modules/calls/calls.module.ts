import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callsRoutes } from './calls.routes.ts';
import {
  CALL_TICK_QUEUE,
  type CallDeps,
  type CallTickJob,
  callProgress,
  runCallTick,
} from './calls.service.ts';
import { SANDBOX_CALL_QUEUE, type SandboxCallJob, sandboxTelephony } from './sandbox-telephony.ts';
import { sipTelephony } from './sip-telephony.ts';

export const callsModule: FastifyPluginAsyncZod = async (api) => {
  const { db, jobs, events, config } = api.deps;
  // The SIP line reports the calls' progress to the service, which it is part of.
  const progress = () => callProgress(deps);
  const sip = config.sip ? sipTelephony(config.sip, progress, api.log) : undefined;
  const deps: CallDeps = {
    db,
    jobs,
    events,
    telephony: sip ?? sandboxTelephony(jobs, { answerAfterSeconds: config.callSandboxAnswerSeconds }),
    dialTimeoutSeconds: config.callDialTimeoutSeconds,
    log: api.log,
  };
  if (sip) api.addHook('onClose', async () => sip.close());
  jobs.work<CallTickJob>(CALL_TICK_QUEUE, (job) => runCallTick(deps, job), { retryLimit: 3 });
  jobs.work<SandboxCallJob>(SANDBOX_CALL_QUEUE, async (job) => {
    if (job.event === 'busy') return progress().ended(job, job.callId, 'busy');
    await progress().ringing(job, job.callId);
    await progress().answered(job, job.callId);
  });
  await api.register(callsRoutes(deps));
};

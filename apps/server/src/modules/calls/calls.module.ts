import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runCallInstance } from './call-instances.ts';
import { callsRoutes } from './calls.routes.ts';
import {
  CALL_SWEEP_QUEUE,
  CALL_TICK_QUEUE,
  type CallDeps,
  type CallTickJob,
  callProgress,
  endCallsOfSilentInstances,
  runCallTick,
} from './calls.service.ts';
import { SANDBOX_CALL_QUEUE, type SandboxCallJob, sandboxTelephony } from './sandbox-telephony.ts';
import { sipTelephony } from './sip-telephony.ts';

export const callsModule: FastifyPluginAsyncZod = async (api) => {
  const { database, db, jobs, events, config } = api.deps;
  // The SIP line reports the calls' progress to the service, which it is part of.
  const progress = () => callProgress(deps);
  const sip = config.sip ? sipTelephony(config.sip, progress, api.log) : undefined;
  const deps: CallDeps = {
    db,
    jobs,
    events,
    telephony: sip ?? sandboxTelephony(jobs, { answerAfterSeconds: config.callSandboxAnswerSeconds }),
    dialTimeoutSeconds: config.callDialTimeoutSeconds,
    // The SIP line's calls live in this process's memory; the sandbox's in jobs any process runs.
    instanceId: sip ? randomUUID() : null,
    log: api.log,
  };
  if (sip) api.addHook('onClose', async () => sip.close());
  jobs.work<CallTickJob>(CALL_TICK_QUEUE, (job) => runCallTick(deps, job), { retryLimit: 3 });
  const instance = {
    heartbeatSeconds: config.callInstanceHeartbeatSeconds,
    timeoutSeconds: config.callInstanceTimeoutSeconds,
  };
  jobs.work(CALL_SWEEP_QUEUE, () => endCallsOfSilentInstances(deps, instance.timeoutSeconds), {
    retryLimit: 3,
  });
  runCallInstance(api, database, deps, instance);
  jobs.work<SandboxCallJob>(SANDBOX_CALL_QUEUE, async (job) => {
    if (job.event === 'busy') return progress().ended(job, job.callId, 'busy');
    await progress().ringing(job, job.callId);
    await progress().answered(job, job.callId);
  });
  await api.register(callsRoutes(deps));
};

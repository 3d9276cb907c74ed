import type { Jobs } from '../../infra/jobs.ts';
import type { PlacedCall, TelephonyAdapter } from './telephony.ts';

export const SANDBOX_CALL_QUEUE = 'call-sandbox';

/** What the simulated customer does next on a call. */
export interface SandboxCallJob {
  callId: number;
  platformId: number;
  workspaceId: number;
  event: 'answer' | 'busy';
}

/**
 * How the simulated customer behaves, by the last digit of the number dialed, so a demo or a test picks it:
 * - ends in 0: busy (the call ends at once as `busy`);
 * - ends in 9: never answers (the call ends at the dial timeout, 30 s, as `no_answer`);
 * - any other digit: answers after a few seconds (`answerAfterSeconds`), and talks until the rep hangs up.
 */
export function sandboxBehaviour(phoneNumber: string): 'busy' | 'never' | 'answers' {
  const last = phoneNumber.at(-1);
  if (last === '0') return 'busy';
  if (last === '9') return 'never';
  return 'answers';
}

/** The built-in telephony: no PBX, a simulated customer whose moves are jobs scheduled when the call is placed. */
export function sandboxTelephony(jobs: Jobs, options: { answerAfterSeconds: number }): TelephonyAdapter {
  return {
    name: 'sandbox',
    needsCredentials: false,
    registrar: null,
    async place(call: PlacedCall) {
      const behaviour = sandboxBehaviour(call.phoneNumber);
      const scope = { callId: call.id, platformId: call.platformId, workspaceId: call.workspaceId };
      if (behaviour === 'busy') {
        await jobs.send<SandboxCallJob>(
          SANDBOX_CALL_QUEUE,
          { ...scope, event: 'busy' },
          { key: `${call.id}` },
        );
      } else if (behaviour === 'answers') {
        const startAfter = new Date(Date.now() + options.answerAfterSeconds * 1000);
        await jobs.send<SandboxCallJob>(
          SANDBOX_CALL_QUEUE,
          { ...scope, event: 'answer' },
          { key: `${call.id}`, startAfter },
        );
      }
      return { remoteId: `sandbox-${call.id}` };
    },
    async hangUp() {},
  };
}

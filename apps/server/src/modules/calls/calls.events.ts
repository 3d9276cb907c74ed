import type { CallStatus } from '@vendaval/core/schemas/calls';
import type { Scope } from '../../infra/tenancy/scope.ts';

/** What the phone tells the features that react to calls. */
export interface CallEvents {
  /** A call was placed or moved on (ringing, talking, ended); tasks follow it while it is on. */
  'call.changed': {
    scope: Scope;
    call: { id: number; opportunityId: number; userId: number; status: CallStatus };
  };
}

declare module '../../infra/events.ts' {
  interface DomainEventMap extends CallEvents {}
}

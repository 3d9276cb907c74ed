import type { CallOutcome } from '@vendaval/core/schemas/calls';
import type { Scope } from '../../infra/tenancy/scope.ts';

/** A call the server places: the customer's number, and the rep whose phone receives it once answered. */
export interface PlacedCall {
  id: number;
  platformId: number;
  workspaceId: number;
  opportunityId: number;
  userId: number;
  /** Digits only, country code included when the card has one. */
  phoneNumber: string;
  /** The rep's SIP account in this workspace (voip_username), when the adapter needs one. */
  voipUsername: string | null;
}

/**
 * What an adapter reports as the call goes on, in whatever order the line produces it: the customer's phone
 * rings, the customer answered (and the call was handed to the rep), the call ended. Each report is idempotent:
 * one for a call already past that point changes nothing.
 */
export interface CallProgress {
  ringing(scope: Scope, callId: number): Promise<void>;
  answered(scope: Scope, callId: number, at?: Date): Promise<void>;
  ended(
    scope: Scope,
    callId: number,
    outcome: Extract<CallOutcome, 'no_answer' | 'busy' | 'failed'> | null,
    at?: Date,
  ): Promise<void>;
}

/**
 * Telephony behind one interface, like the chat's channels. The server controls the call (third-party call
 * control): it asks the adapter to call the customer and, once they answer, to connect them to the rep's phone,
 * which receives an incoming session. Progress comes back through `CallProgress`.
 *
 * - `sandbox`: a simulated customer, for a fresh install without a PBX (see sandbox-telephony.ts).
 * - `sip`: a real SIP server the tenant runs or rents; the browser registers over WSS with the member's
 *   voip_username/voip_password, and the adapter has the SIP server originate the two legs.
 */
export interface TelephonyAdapter {
  readonly name: 'sandbox' | 'sip';
  /** Whether the rep needs voip credentials in the workspace to be called. */
  readonly needsCredentials: boolean;
  /** Where the rep's browser phone registers to receive the calls; null when the rep has no phone to register. */
  readonly registrar: { websocketUrl: string; domain: string } | null;
  /** Starts calling the customer; answers the line's id for the call. Throws when the line refuses it. */
  place(call: PlacedCall): Promise<{ remoteId: string }>;
  /** Hangs up both legs of a call the server placed; nothing for a call already over. */
  hangUp(call: PlacedCall & { remoteId: string | null }): Promise<void>;
}

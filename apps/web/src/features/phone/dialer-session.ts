import type { PhoneStatus } from '@vendaval/core/constants';
import type { BatchCall, OpportunityCall } from '@vendaval/core/schemas/calls';

/**
 * The dial bar's call state (platform.md §3 "Call state", §4 "Phone"): a queue row or one card's call, the phone
 * status, the call under way, and where the timer started. After a conversation the rep fills in the task, then
 * the card (`afterCall`), before the next call.
 */
export type DialerSession = {
  mode: 'queue' | 'single';
  rowId: string | null;
  singleOpportunityId: number | null;
  status: PhoneStatus;
  call: OpportunityCall | null;
  /** The queue's size and the position of its current card, from 0. */
  queue: { total: number; index: number } | null;
  /** When the timer started, in ms since the epoch. */
  since: number;
  afterCall: 'task' | 'edit' | null;
};

/** What the session must do after following a call's change. */
export type CallEffect = 'none' | 'answered' | 'talkEnded' | 'unanswered' | 'sessionEnded';

// The timer runs on this browser's clock from the moment the bar learns of a change: the server's timestamps
// come from another clock, and a skew between the two must not fire the 30 s rule early.

/** Starting the queue, resuming it or restoring it after a reload: the row as the server has it (PLAT-150). */
export function sessionFromRow(row: BatchCall, now: number): DialerSession {
  const call = row.opportunity_call;
  const status: PhoneStatus =
    row.status === 'Paused' ? 'paused' : call?.status === 'onCall' ? 'onCall' : 'onHold';
  return {
    mode: 'queue',
    rowId: row.id,
    singleOpportunityId: null,
    status,
    call,
    queue: { total: row.total_count, index: row.current_index },
    since: now,
    afterCall: null,
  };
}

/** A single call just placed, or restored after a reload. */
export function sessionFromCall(call: OpportunityCall, now: number): DialerSession {
  return {
    mode: 'single',
    rowId: null,
    singleOpportunityId: call.opportunity.id,
    status: call.status === 'onCall' ? 'onCall' : 'onHold',
    call,
    queue: null,
    since: now,
    afterCall: null,
  };
}

/** Whether a call belongs to this session: its current call, or a newer call of its queue. */
export function concerns(session: DialerSession, call: Pick<OpportunityCall, 'id' | 'batch_call_id'>) {
  return call.id === session.call?.id || (session.rowId !== null && call.batch_call_id === session.rowId);
}

/**
 * Follows the server's word on a call (PLAT-151 to PLAT-154). A newer call of the queue becomes the current
 * one; the customer's answer puts the rep on the call (auto-answered while onHold); the end of a conversation
 * pauses the phone and opens the task form; a call that ended unanswered makes way for the queue's next card,
 * or ends a single call's session.
 */
export function followCall(
  session: DialerSession,
  call: OpportunityCall,
  now: number,
): { session: DialerSession | null; effect: CallEffect } {
  if (call.id !== session.call?.id) {
    if (call.status === 'ended' || session.status !== 'onHold' || session.afterCall)
      return { session, effect: 'none' };
    // The queue dialed its next card: the timer starts again for it.
    return followCall({ ...session, call: { ...call, status: 'dialing' }, since: now }, call, now);
  }
  if (call.status === 'onCall' && session.status === 'onHold') {
    return {
      session: { ...session, call, status: 'onCall', since: now },
      effect: 'answered',
    };
  }
  if (call.status === 'ended' && session.call?.status !== 'ended') {
    if (session.status === 'onCall')
      return {
        session: { ...session, call, status: 'paused', since: now, afterCall: 'task' },
        effect: 'talkEnded',
      };
    if (session.mode === 'single') return { session: null, effect: 'sessionEnded' };
    return { session: { ...session, call }, effect: 'unanswered' };
  }
  return { session: { ...session, call }, effect: 'none' };
}

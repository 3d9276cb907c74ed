import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { rowIdSchema } from './common.ts';
import { opportunityFilterSchema } from './opportunities.ts';

// The phone: call queues that dial the board's cards one after another, single calls, and the call records
// both leave behind.

/** Queue statuses: created, dialing, paused by the rep, and finished (stopped, or no card left to dial). */
export const BATCH_CALL_STATUSES = ['Created', 'Running', 'Paused', 'Finished'] as const;
export type BatchCallStatus = (typeof BATCH_CALL_STATUSES)[number];

/** Where a call is: being placed, ringing at the customer, talking, or over. */
export const CALL_STATUSES = ['dialing', 'ringing', 'onCall', 'ended'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/**
 * How a call ended: talked above 15 s (answered), talked 15 s or less (short), nobody answered within the dial
 * timeout (no_answer), busy, the line failed, or the rep cancelled it before the customer answered.
 */
export const CALL_OUTCOMES = ['answered', 'short', 'no_answer', 'busy', 'failed', 'cancelled'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** A call counts as answered when its talk time is above this (exactly 15 s is not). */
export const CALL_ANSWERED_MIN_SECONDS = 15;
/** Without an answered call for this long the queue dials the next card; a single call ends. */
export const CALL_DIAL_TIMEOUT_SECONDS = 30;
/** Attempts per card when the queue does not say. */
export const BATCH_CALL_DEFAULT_ATTEMPTS = 1;
/** Cards one queue takes from its filter, in board order. */
export const BATCH_CALL_MAX_CARDS = 1000;

const phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length >= 8 && v.length <= 15, MESSAGES.callPhoneRequired);

/** GET /telephony: where the rep's browser phone registers; the sandbox has no SIP server, so both are null there. */
export const telephonySchema = z.object({
  adapter: z.enum(['sandbox', 'sip']),
  /** The SIP server's WebSocket (wss://) the browser registers over with the member's voip credentials. */
  websocket_url: z.string().nullable(),
  /** The SIP domain of the members' voip accounts. */
  sip_domain: z.string().nullable(),
});
export type Telephony = z.infer<typeof telephonySchema>;

export const opportunityCallSchema = z.object({
  id: z.number().int(),
  opportunity: z.object({ id: z.number().int(), name: z.string().nullable() }),
  user_id: z.number().int(),
  batch_call_id: z.string().nullable(),
  phone_number: z.string(),
  status: z.enum(CALL_STATUSES),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  /** The attempt this call is for its card within its queue (1 for a single call). */
  attempts: z.number().int(),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Talk time in seconds, from answer to end. */
  duration: z.number().int(),
  /** Talked above 15 seconds. */
  answered: z.boolean(),
});
export type OpportunityCall = z.infer<typeof opportunityCallSchema>;

/** PLAT-083: a queue row with its status, size, position and the call under way. */
export const batchCallSchema = z.object({
  id: z.string(),
  user_id: z.number().int(),
  status: z.enum(BATCH_CALL_STATUSES),
  max_attempts: z.number().int(),
  total_count: z.number().int(),
  /** Cards dealt with so far: the position of the current card in the queue, from 0. */
  current_index: z.number().int(),
  opportunity_call: opportunityCallSchema.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BatchCall = z.infer<typeof batchCallSchema>;

export const batchCallCreateSchema = z.strictObject({
  /** The board's filter: its cards, in board order, are the queue. */
  filter: opportunityFilterSchema.default({ timestamp_attribute: 'updated_at' }),
  max_attempts: z.number().int().min(1).max(10).default(BATCH_CALL_DEFAULT_ATTEMPTS),
});
export type BatchCallCreate = z.infer<typeof batchCallCreateSchema>;

export const batchCallParamsSchema = z.object({ id: z.uuid() });
export const opportunityCallParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
});

/** PLAT-179: a single call sends the card, the rep and the number. */
export const opportunityCallCreateSchema = z.strictObject({
  opportunity_id: rowIdSchema,
  user_id: rowIdSchema,
  phone_number: phone,
});
export type OpportunityCallCreate = z.infer<typeof opportunityCallCreateSchema>;

export const opportunityCallListQuerySchema = z.strictObject({
  opportunity_id: z.coerce.number().int().positive().max(2147483647).optional(),
  user_id: z.coerce.number().int().positive().max(2147483647).optional(),
  /** Only calls not yet ended: who is on the phone now. */
  active: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpportunityCallListQuery = z.infer<typeof opportunityCallListQuerySchema>;

/** GET /batch-calls: the caller's queues not yet finished, newest first, so a reloaded page finds its dial bar. */
export const batchCallListSchema = z.object({ data: z.array(batchCallSchema) });

/**
 * POST /opportunity-calls/{id}/sandbox-hang-up: the simulated customer hangs up. `talked_seconds` tells how long
 * the conversation lasted, so a demo or a test shows an answered call without waiting for it.
 */
export const sandboxHangUpSchema = z.strictObject({
  talked_seconds: z.number().int().min(0).max(3600).optional(),
});
export type SandboxHangUp = z.infer<typeof sandboxHangUpSchema>;

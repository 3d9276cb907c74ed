import { z } from 'zod';
import { BATCH_SELECTION_MAX } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { rowIdSchema } from './common.ts';
import { opportunityFilterSchema, transferFields } from './opportunities.ts';

// Batch jobs on the board's cards: many cards handed to a member or moved to another workspace by a job that
// pages through them, the single card's rules applied to each one, its progress read by id.

export const OPPORTUNITY_BATCH_ACTIONS = ['assign', 'transfer'] as const;
export type OpportunityBatchAction = (typeof OPPORTUNITY_BATCH_ACTIONS)[number];

export const OPPORTUNITY_BATCH_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type OpportunityBatchStatus = (typeof OPPORTUNITY_BATCH_STATUSES)[number];

/** How often the board asks for a running job's progress. */
export const OPPORTUNITY_BATCH_POLL_MS = 1000;

/**
 * The cards: ids picked one by one, or the board's filter (the server pages through every card it matches; the
 * browser never holds their ids). Exactly one of the two.
 */
const selection = {
  opportunity_ids: z.array(rowIdSchema).min(1).max(BATCH_SELECTION_MAX).optional(),
  filter: opportunityFilterSchema.optional(),
};

const oneSelection = (body: { opportunity_ids?: unknown; filter?: unknown }) =>
  (body.opportunity_ids === undefined) !== (body.filter === undefined);
const selectionIssue = { message: MESSAGES.cardBatchSelectionRequired, path: ['opportunity_ids'] };

/** POST /opportunities/batch-jobs/assign: every card to one member of the workspace. */
export const opportunityBatchAssignSchema = z
  .strictObject({ user_id: rowIdSchema, ...selection })
  .refine(oneSelection, selectionIssue);
export type OpportunityBatchAssign = z.infer<typeof opportunityBatchAssignSchema>;

/** POST /opportunities/batch-jobs/transfer: every card to another workspace, as PUT /opportunities/{id}/transfer. */
export const opportunityBatchTransferJobSchema = z
  .strictObject({ ...transferFields, ...selection })
  .refine(oneSelection, selectionIssue);
export type OpportunityBatchTransferJob = z.infer<typeof opportunityBatchTransferJobSchema>;

export const opportunityBatchParamsSchema = z.object({ id: z.uuid() });

/**
 * A batch job and its progress. `processed` counts the cards looked at so far, `changed` those assigned or
 * transferred, `skipped` those that could not be any more when the job reached them (closed or moved since).
 */
export const opportunityBatchSchema = z.object({
  id: z.uuid(),
  action: z.enum(OPPORTUNITY_BATCH_ACTIONS),
  status: z.enum(OPPORTUNITY_BATCH_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  changed: z.number().int(),
  skipped: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type OpportunityBatch = z.infer<typeof opportunityBatchSchema>;

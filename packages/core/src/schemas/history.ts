import { z } from 'zod';
import { HISTORY_PAGE_SIZE, LIST_LIMIT, logTypeSchema } from '../constants.ts';
import { idSchema } from './common.ts';

/** One entry of the activity history (opportunities.md §3 "Log entry"). */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  type: logTypeSchema,
  /** 'YYYY-MM-DD HH:mm', Brasília time. */
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** Who did it, with their access code; null when the system did. */
  user: z.object({ id: z.number().int(), name: z.string(), access_code: z.string() }).nullable(),
  opportunity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  task_id: z.number().int().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const queryId = idSchema;

/** GET /opportunities/history: the entries of a card, a contact or a user, newest first. */
export const historyQuerySchema = z.strictObject({
  opportunity_id: queryId.optional(),
  contact_id: queryId.optional(),
  user_id: queryId.optional(),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT).default(HISTORY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageQuerySchema = historyQuerySchema.pick({ limit: true, offset: true });

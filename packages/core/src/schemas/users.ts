import { z } from 'zod';
import { OPERATIONAL_STATUSES } from '../constants.ts';
import { rowIdSchema } from './common.ts';

export const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.string(),
  operational_status: z.string(),
  joined_at: z.string(),
  /** The member's last sign-in anywhere on the platform; null when they never signed in. */
  last_login_at: z.string().nullable(),
  /** Who the member reports to in this workspace; null at the top of the hierarchy. */
  manager_id: z.number().int().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** One member as seen by themself or an admin: the phone credentials travel only to their owner. */
export const memberDetailSchema = memberSchema.extend({
  voip_username: z.string().nullable(),
  voip_password: z.string().nullable(),
});

export const memberListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(120).optional(),
  role: z.string().optional(),
  /** The pickers list only people at work (OPP-192). */
  operational_status: z.enum(OPERATIONAL_STATUSES).optional(),
  /** The task form sends false: nobody above the caller is hidden. */
  hide_parent_users: z.literal('false').optional(),
});

export const memberUpdateSchema = z.strictObject({
  name: z.string().trim().min(2).max(120).optional(),
  role: z.string().optional(),
  operational_status: z.enum(OPERATIONAL_STATUSES).optional(),
  voip_username: z.string().trim().max(120).nullable().optional(),
  voip_password: z.string().max(200).nullable().optional(),
  manager_id: rowIdSchema.nullable().optional(),
});

/** An existing person of the platform joins the workspace with a role. */
export const memberAddSchema = z.strictObject({
  user_id: rowIdSchema,
  role: z.string(),
});

export const findByUsernameSchema = z.strictObject({ username: z.string().trim().min(1).max(254) });

export const userLookupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  is_member: z.boolean(),
});

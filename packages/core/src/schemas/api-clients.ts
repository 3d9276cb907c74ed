import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { apiRoleSchema } from '../roles.ts';
import { idSchema, paginationQuerySchema } from './common.ts';

/** Integration tokens start with this, so the guards tell them from a person's session at a glance. */
export const API_CLIENT_SECRET_PREFIX = 'vdv_';

const API_CLIENT_NAME_MAX = 120;

export const apiClientCreateSchema = z.strictObject({
  name: z.string().trim().min(1, MESSAGES.apiClientNameRequired).max(API_CLIENT_NAME_MAX),
  role: apiRoleSchema,
});
export type ApiClientCreate = z.infer<typeof apiClientCreateSchema>;

/** A platform administrator names the workspace the integration belongs to. */
export const platformApiClientCreateSchema = apiClientCreateSchema.extend({ workspace_id: idSchema });

export const platformApiClientListQuerySchema = paginationQuerySchema.extend({
  workspace_id: idSchema.optional(),
});

/** An integration as answered: its secret is never part of it, only the first characters to recognise it. */
export const apiClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: apiRoleSchema,
  workspace_id: z.number().int(),
  secret_hint: z.string(),
  created_at: z.string(),
  rotated_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiClient = z.infer<typeof apiClientSchema>;

/** The answer of a creation or a rotation: the only time the secret is shown. */
export const apiClientWithSecretSchema = apiClientSchema.extend({ secret: z.string() });
export type ApiClientWithSecret = z.infer<typeof apiClientWithSecretSchema>;

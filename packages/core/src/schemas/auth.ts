import { z } from 'zod';
import { MESSAGES, SCHEMA_MESSAGES } from '../messages.ts';
import { passwordSchema } from '../validators.ts';

export const tokenRequestSchema = z.strictObject({
  username: z.string().trim().min(1, MESSAGES.loginRequired).max(254),
  password: z.string().min(1, MESSAGES.passwordRequired).max(256),
});

export const workspaceMembershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
});

export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  access_code: z.string(),
  platform_id: z.number().int(),
  workspaces: z.array(workspaceMembershipSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: sessionUserSchema,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const requestPasswordResetSchema = z.strictObject({
  email: z.email(SCHEMA_MESSAGES.invalidEmail).max(254),
});

const passwordsMatch = (body: { password: string; password_confirmation: string }) =>
  body.password === body.password_confirmation;
const mismatch = { path: ['password_confirmation'], message: MESSAGES.passwordsMismatch };

/** GET /auth/reset-password: the link's token, checked without using it up. */
export const resetLinkQuerySchema = z.strictObject({ token: z.string().max(200) });

export const resetPasswordSchema = z
  .strictObject({
    token: z.string().min(16).max(200),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(passwordsMatch, mismatch);

export const invitationCreateSchema = z.strictObject({
  email: z.email(SCHEMA_MESSAGES.invalidEmail).max(254),
  role: z.string().min(1),
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  inviter_name: z.string(),
  user_exists: z.boolean(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationFulfillNewUserSchema = z
  .strictObject({
    name: z.string().trim().min(2, MESSAGES.personNameRequired).max(120),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(passwordsMatch, mismatch);
export const invitationFulfillExistingUserSchema = z.strictObject({ password: z.string().min(1).max(256) });
export const invitationFulfillSchema = z.union([
  invitationFulfillNewUserSchema,
  invitationFulfillExistingUserSchema,
]);

export const roleOptionSchema = z.object({ id: z.string(), name: z.string() });

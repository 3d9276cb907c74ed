import { z } from 'zod';
import { MESSAGES, SCHEMA_MESSAGES } from '../messages.ts';
import { idSchema, pageOf, paginationQuerySchema, rowIdSchema } from './common.ts';

// Notifications (platform.md §3, §4, §7): what happened for one user, kept per user until they delete it, pushed
// live on the event stream and, with no tab open, through Web Push.

/** Where a click on a notification leads: a screen (card, task, room) or a file to download (the jobs). */
export const NOTIFICATION_ORIGINS = [
  'Opportunity',
  'Task',
  'Dialog',
  'LeadImportJob',
  'ExportContactBatchJob',
  'ExportPdcaJob',
] as const;
export type NotificationOrigin = (typeof NOTIFICATION_ORIGINS)[number];

/** Origins whose notification downloads a file instead of opening a screen. */
export const FILE_ORIGINS: readonly NotificationOrigin[] = [
  'LeadImportJob',
  'ExportContactBatchJob',
  'ExportPdcaJob',
];

/** What the user can switch off in their settings, one switch per kind of cause. */
export const NOTIFICATION_KINDS = ['message', 'assignment', 'task_due', 'job', 'automation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How long before a task's time its owner is told. */
export const TASK_DUE_NOTICE_MINUTES = 15;

/** The notification's own data, as the spec names it: `id` is the origin's id. */
export const notificationDataSchema = z.object({
  title: z.string(),
  body: z.string(),
  origin: z.string(),
  id: z.string(),
  opportunity_id: z.number().int().nullable(),
  filename: z.string().nullable(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  /** The workspace the origin lives in: the click opens it there. */
  workspace_id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  created_at: z.string(),
  data: notificationDataSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = paginationQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPageSchema = pageOf(notificationSchema).extend({
  unread_count: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationParamsSchema = z.object({ id: idSchema });

export const notificationBatchDeleteSchema = z.strictObject({
  ids: z.array(rowIdSchema).min(1).max(500),
});
export type NotificationBatchDelete = z.infer<typeof notificationBatchDeleteSchema>;

export const notificationsDeletedSchema = z.object({ deleted: z.number().int() });

/** 'HH:mm', 24-hour. */
const clockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEMA_MESSAGES.invalidTime);

export const userSettingsSchema = z.object({
  /** The kinds that notify; a kind left out creates no notification. */
  notify_kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  push_enabled: z.boolean(),
  /** The chat ring tone on a new message. */
  sound_enabled: z.boolean(),
  /** No push between these times (Brasília), both set or both null; start after end spans midnight. */
  quiet_start: clockSchema.nullable(),
  quiet_end: clockSchema.nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const userSettingsInputSchema = z
  .strictObject({
    notify_kinds: z
      .array(z.enum(NOTIFICATION_KINDS))
      .max(NOTIFICATION_KINDS.length)
      .transform((kinds) => [...new Set(kinds)]),
    push_enabled: z.boolean(),
    sound_enabled: z.boolean(),
    quiet_start: clockSchema.nullable(),
    quiet_end: clockSchema.nullable(),
  })
  .partial()
  .refine((s) => (s.quiet_start === undefined) === (s.quiet_end === undefined), {
    message: MESSAGES.quietHoursIncomplete,
    path: ['quiet_end'],
  })
  .refine((s) => (s.quiet_start === null) === (s.quiet_end === null), {
    message: MESSAGES.quietHoursIncomplete,
    path: ['quiet_end'],
  });
export type UserSettingsInput = z.infer<typeof userSettingsInputSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  notify_kinds: [...NOTIFICATION_KINDS],
  push_enabled: true,
  sound_enabled: true,
  quiet_start: null,
  quiet_end: null,
};

export const DEVICE_TYPES = ['Android', 'Ios', 'Desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A browser's Web Push subscription, as PushSubscription.toJSON() gives it: the Desktop token. */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

export const pushTokenSavedSchema = z.object({ id: z.number().int(), device_type: z.enum(DEVICE_TYPES) });

/** The key a browser subscribes with (VAPID, RFC 8292). */
export const pushPublicKeySchema = z.object({ public_key: z.string() });

/** POST fcm/create-token (platform.md §3, §7): a device's push address; a browser sends its Web Push subscription. */
export const pushTokenInputSchema = z.strictObject({
  token: z.string().min(1).max(4096),
  device_type: z.enum(DEVICE_TYPES),
});
export type PushTokenInput = z.infer<typeof pushTokenInputSchema>;

import {
  notificationBatchDeleteSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationParamsSchema,
  notificationSchema,
  notificationsDeletedSchema,
  pushPublicKeySchema,
  pushTokenInputSchema,
  pushTokenSavedSchema,
  userSettingsInputSchema,
  userSettingsSchema,
} from '@vendaval/core/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticatedScope } from '../../infra/tenancy/auth-guard.ts';
import { type PushSender, registerPushToken } from './notifications.push.ts';
import * as notifications from './notifications.service.ts';

const security = [{ bearer: [] }];
const tags = ['notifications'];
const deleted = { 200: notificationsDeletedSchema };

/** The signed-in user's own notifications and preferences (platform.md §7 "Notifications"). */
export const notificationRoutes: FastifyPluginAsyncZod<{ sender: PushSender }> = async (app, { sender }) => {
  const { db } = app.deps;

  await authenticatedScope(app, async (scope) => {
    scope.get(
      '/notifications',
      {
        schema: {
          tags,
          security,
          querystring: notificationListQuerySchema,
          response: { 200: notificationPageSchema },
        },
      },
      (request) => notifications.listNotifications(db, request.auth, request.query),
    );
    scope.get(
      '/notifications/:id/read',
      { schema: { tags, security, params: notificationParamsSchema, response: { 200: notificationSchema } } },
      (request) => notifications.readNotification(db, request.auth, request.params.id),
    );
    scope.delete(
      '/notifications/:id',
      { schema: { tags, security, params: notificationParamsSchema, response: deleted } },
      (request) => notifications.deleteNotification(db, request.auth, request.params.id),
    );
    scope.post(
      '/notifications/batch-delete',
      { schema: { tags, security, body: notificationBatchDeleteSchema, response: deleted } },
      (request) => notifications.deleteNotifications(db, request.auth, request.body),
    );
    scope.post('/notifications/clear', { schema: { tags, security, response: deleted } }, (request) =>
      notifications.clearNotifications(db, request.auth),
    );
    scope.get(
      '/user/settings',
      { schema: { tags, security, response: { 200: userSettingsSchema } } },
      (request) => notifications.getSettings(db, request.auth),
    );
    scope.post(
      '/fcm/create-token',
      { schema: { tags, security, body: pushTokenInputSchema, response: { 200: pushTokenSavedSchema } } },
      (request) => registerPushToken(db, request.auth, request.body, sender),
    );
    scope.get(
      '/push/public-key',
      { schema: { tags, security, response: { 200: pushPublicKeySchema } } },
      () => ({ public_key: sender.publicKey }),
    );
    scope.post(
      '/user/settings',
      { schema: { tags, security, body: userSettingsInputSchema, response: { 200: userSettingsSchema } } },
      (request) => notifications.saveSettings(db, request.auth, request.body),
    );
  });
};

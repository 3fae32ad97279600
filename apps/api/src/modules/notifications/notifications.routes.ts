import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListSchema,
  notificationReadInputSchema,
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  notificationUnreadSchema,
  pushDevicesSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@forja/shared/schemas/notifications';
import { authenticated, requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import {
  getSettings,
  listNotifications,
  markRead,
  saveSettings,
  subscribePush,
  unsubscribePush,
} from './notifications.service';

const security = [{ token: [] }];
const tags = ['notifications'];

/**
 * Notifications for anyone signed in, trainee or trainer (decision 062): the bell's list, the
 * channels per kind and the reminders, and the browsers that receive Web Push.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  app.get(
    '/notifications/',
    {
      schema: {
        tags,
        security,
        summary: 'The unread count and the newest 50 notifications shown in the app',
        response: responses(200, notificationListSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await listNotifications(request.deps, requireUser(request).userId)),
  );

  app.post(
    '/notifications/read/',
    {
      schema: {
        tags,
        security,
        summary: 'Mark notifications read: `{ ids: [...] }` or `{ all: true }`',
        body: notificationReadInputSchema,
        response: responses(200, notificationUnreadSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await markRead(request.deps, requireUser(request).userId, request.body)),
  );

  app.get(
    '/notifications/settings/',
    {
      schema: {
        tags,
        security,
        summary: 'The channels (in the app, e-mail digest, push) per kind, and the reminders',
        response: responses(200, notificationSettingsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getSettings(request.deps, requireUser(request).userId)),
  );

  app.put(
    '/notifications/settings/',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the channels per kind and the reminders',
        description:
          'Every kind with `in_app`, `email` and `push`; reminders `weigh_in`, `logging` (daily) and `check_in` (on `weekday`, 1 Monday to 7 Sunday), each with `enabled` and a local `time` HH:MM in the time zone of the preferences.',
        body: notificationSettingsInputSchema,
        response: responses(200, notificationSettingsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await saveSettings(request.deps, requireUser(request).userId, request.body)),
  );

  app.get(
    '/push/public-key/',
    {
      schema: {
        tags,
        summary:
          "The server's VAPID public key for PushManager.subscribe, or null when push is off",
        response: responses(200, pushPublicKeySchema),
      },
    },
    async (_request, reply) =>
      send(reply, 200, { public_key: deps.config.push?.publicKey ?? null }),
  );

  app.post(
    '/push/subscriptions/',
    {
      schema: {
        tags,
        security,
        summary: "Store this browser's push subscription (PushSubscription.toJSON())",
        description:
          'At most 10 browsers per person: a new one beyond them replaces the oldest. 409 when the server has no VAPID keys; 400 for an endpoint that is not a known push service.',
        body: pushSubscriptionInputSchema,
        response: responses(201, pushDevicesSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        201,
        await subscribePush(request.deps, requireUser(request).userId, request.body),
      ),
  );

  app.delete(
    '/push/subscriptions/',
    {
      schema: {
        tags,
        security,
        summary: "Forget one of the caller's browsers by its endpoint",
        body: pushUnsubscribeInputSchema,
        response: responses(200, pushDevicesSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await unsubscribePush(request.deps, requireUser(request).userId, request.body),
      ),
  );

  return Promise.resolve();
};

import { queryOptions } from '@tanstack/react-query';
import {
  notificationListSchema,
  notificationSettingsSchema,
  notificationUnreadSchema,
  pushDevicesSchema,
  pushPublicKeySchema,
  type NotificationReadInput,
  type NotificationSettingsInput,
} from '@forja/shared/schemas/notifications';
import { http } from '#lib/http';

export const notificationsKey = ['notifications'] as const;
const settingsKey = ['notifications', 'settings'] as const;

/** How often the bell asks for news while the app is open. */
const BELL_REFRESH_MS = 60_000;

/**
 * The bell: read again when the app comes back to the front, and every minute. It lives in
 * the header through logouts and account deletions, so a missing session is only reported
 * (`soft`): the screen being left decides where to go.
 */
export const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: () =>
    http.get('/notifications/', {
      schema: notificationListSchema,
      auth: 'soft',
      invalidResponseMessage: 'Ocurrió un error al obtener tus avisos',
    }),
  staleTime: 0,
  refetchInterval: BELL_REFRESH_MS,
  refetchOnWindowFocus: true,
});

export function markNotificationsRead(input: NotificationReadInput) {
  return http.post('/notifications/read/', {
    schema: notificationUnreadSchema,
    body: input,
    invalidResponseMessage: 'Ocurrió un error al marcar los avisos como leídos',
  });
}

/** Ajustes › Avisos; `soft` for the same reason as the bell (deleting the account is there). */
export const notificationSettingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: () =>
    http.get('/notifications/settings/', {
      schema: notificationSettingsSchema,
      auth: 'soft',
      invalidResponseMessage: 'Ocurrió un error al obtener tus avisos',
    }),
});

export function saveNotificationSettings(input: NotificationSettingsInput) {
  return http.put('/notifications/settings/', {
    schema: notificationSettingsSchema,
    body: input,
    invalidResponseMessage: 'Ocurrió un error al guardar tus avisos',
  });
}

export function pushPublicKey() {
  return http.get('/push/public-key/', { schema: pushPublicKeySchema, auth: 'none' });
}

export function savePushSubscription(subscription: PushSubscriptionJSON) {
  return http.post('/push/subscriptions/', {
    schema: pushDevicesSchema,
    body: subscription,
    invalidResponseMessage: 'Ocurrió un error al activar los avisos en este dispositivo',
  });
}

export function removePushSubscription(endpoint: string) {
  return http.delete('/push/subscriptions/', {
    schema: pushDevicesSchema,
    body: { endpoint },
    invalidResponseMessage: 'Ocurrió un error al desactivar los avisos en este dispositivo',
  });
}

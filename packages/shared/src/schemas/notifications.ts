import { z } from 'zod';
import { MAX_NOTIFICATIONS_PER_USER } from '../constants';
import { dateTime, id } from './common';
import { validationMessages as m } from './messages';

/*
 * Notifications (decision 062): what happened that concerns a person, in the app (the bell),
 * by Web Push and in a daily e-mail digest, each channel chosen per kind; and the reminders a
 * trainee sets for themself.
 */

export const NOTIFICATION_KINDS = [
  'comment',
  'message',
  'check_in_due',
  'check_in_answered',
  'program_assigned',
  'reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const notificationSchema = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where tapping it leads, a path of the app such as `/users/diary?date=2026-03-02`. */
  path: z.string(),
  created_at: dateTime,
  read_at: dateTime.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  /** Unread notifications shown in the app, all of them (not only those listed). */
  unread: z.number().int(),
  /** The newest first. */
  items: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Marks some (`ids`) or every (`all: true`) notification of the caller read. */
export const notificationReadInputSchema = z.union(
  [
    z.strictObject({ ids: z.array(id).min(1).max(MAX_NOTIFICATIONS_PER_USER) }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: 'Indica qué notificaciones marcar como leídas' },
);
export type NotificationReadInput = z.input<typeof notificationReadInputSchema>;

export const notificationUnreadSchema = z.object({ unread: z.number().int() });

const channelChoice = z.strictObject({
  in_app: z.boolean({ error: m.boolean('El aviso en la app') }),
  email: z.boolean({ error: m.boolean('El resumen por correo') }),
  push: z.boolean({ error: m.boolean('El aviso en el dispositivo') }),
});
export type ChannelChoice = z.infer<typeof channelChoice>;

/** A local time of day, `HH:MM` on the 24-hour clock. */
export const localTimeSchema = z
  .string({ error: 'La hora debe tener el formato HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'La hora debe tener el formato HH:MM' });

export const REMINDER_KINDS = ['weigh_in', 'logging', 'check_in'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

const reminder = z.strictObject({
  enabled: z.boolean({ error: m.boolean('El recordatorio') }),
  time: localTimeSchema,
});
/** 1 is Monday and 7 is Sunday (ISO 8601). */
const weekdaySchema = z
  .number({ error: 'El día de la semana debe ser un número del 1 al 7' })
  .int({ error: 'El día de la semana debe ser un número del 1 al 7' })
  .min(1, { error: 'El día de la semana debe ser un número del 1 al 7' })
  .max(7, { error: 'El día de la semana debe ser un número del 1 al 7' });

export const remindersSchema = z.strictObject({
  weigh_in: reminder,
  logging: reminder,
  check_in: reminder.extend({ weekday: weekdaySchema }),
});
export type Reminders = z.infer<typeof remindersSchema>;

export const notificationSettingsInputSchema = z.strictObject({
  kinds: z.strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoice])) as Record<
      NotificationKind,
      typeof channelChoice
    >,
  ),
  reminders: remindersSchema,
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsInputSchema>;

export const notificationSettingsSchema = notificationSettingsInputSchema.extend({
  /** Whether this server sends Web Push at all (VAPID keys configured). */
  push_available: z.boolean(),
  /** The devices of the caller that receive Web Push now. */
  push_devices: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const pushPublicKeySchema = z.object({
  /** The server's VAPID public key (base64url), or null when Web Push is off. */
  public_key: z.string().nullable(),
});

const base64url = (field: string, max: number) =>
  z
    .string({ error: m.string(field) })
    .min(1, { error: m.nonEmpty(field) })
    .max(max, { error: m.tooLong(field, max) })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${field} no es válido` });

const endpointSchema = z
  .string({ error: m.string('El destino') })
  .max(1000, { error: m.tooLong('El destino', 1000) })
  .pipe(z.url({ protocol: /^https$/, error: 'El destino debe ser una dirección https' }));

/** A browser's PushSubscription as `toJSON()` gives it (expirationTime may come too). */
export const pushSubscriptionInputSchema = z.strictObject({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url('La clave', 200), auth: base64url('La clave', 100) }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeInputSchema = z.strictObject({ endpoint: endpointSchema });

export const pushDevicesSchema = z.object({ push_devices: z.number().int() });

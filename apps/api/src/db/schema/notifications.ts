import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONSENT_AREAS } from '@forja/shared/constants';
import { NOTIFICATION_KINDS, REMINDER_KINDS } from '@forja/shared/schemas/notifications';
import { users } from './users';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const person = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Something that happened that concerns a person (decision 062), written in the transaction
 * of the event it announces. The newest 200 per person are kept. `in_app` is false when the
 * person chose not to see the kind in the app (it exists then only for push and the digest).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: person('user_id'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    path: text('path').notNull(),
    in_app: boolean('in_app').notNull(),
    /** Whether the daily digest may carry it (the kind's e-mail choice when written). */
    email: boolean('email').notNull(),
    created_at: at('created_at').notNull(),
    read_at: at('read_at'),
    /** Order of writing (times may be equal). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /**
     * Who it is about (the other side of a link), null for nobody; it goes when either
     * account does, and when the link ends (decision 098).
     */
    subject_user_id: uuid('subject_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The area of the subject's data it shows; null when the link alone allows it. */
    subject_area: text('subject_area', { enum: CONSENT_AREAS }),
  },
  (table) => [
    index('notifications_user_id_seq_idx').on(table.user_id, table.seq),
    index('notifications_subject_user_id_idx').on(table.subject_user_id, table.user_id),
    check(
      'notifications_subject_area_check',
      sql`${table.subject_area} is null or ${table.subject_area} in (${inList(CONSENT_AREAS)})`,
    ),
    // The digest looks for unread mail-worthy notifications of the last day.
    index('notifications_digest_idx')
      .on(table.created_at)
      .where(sql`${table.read_at} is null and ${table.email}`),
    check('notifications_kind_check', sql`${table.kind} in (${inList(NOTIFICATION_KINDS)})`),
  ],
);

/** A browser that receives Web Push for a person: its push service endpoint and keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: person('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    // One browser is one person's at a time: whoever subscribed it last.
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_id_idx').on(table.user_id),
  ],
);

export const PUSH_DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * One notification to one browser. The pair is unique, and a worker claims a row (status
 * `sending`, FOR UPDATE SKIP LOCKED) before sending, so each is sent once however many
 * instances run the worker.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notification_id: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscription_id: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PUSH_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').notNull(),
    claimed_at: at('claimed_at'),
    last_error: text('last_error'),
    created_at: at('created_at').notNull(),
    sent_at: at('sent_at'),
  },
  (table) => [
    uniqueIndex('push_deliveries_notification_subscription_key').on(
      table.notification_id,
      table.subscription_id,
    ),
    index('push_deliveries_due_idx').on(table.status, table.next_attempt_at),
    index('push_deliveries_subscription_id_idx').on(table.subscription_id),
    check(
      'push_deliveries_status_check',
      sql`${table.status} in (${inList(PUSH_DELIVERY_STATUSES)})`,
    ),
  ],
);

/** A person's channels for one kind; a kind without a row has every channel on. */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    user_id: person('user_id'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    in_app: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.kind] }),
    check(
      'notification_channels_kind_check',
      sql`${table.kind} in (${inList(NOTIFICATION_KINDS)})`,
    ),
  ],
);

/**
 * A reminder a trainee set: at `local_time` of their time zone, every day (weigh-in,
 * logging) or on `weekday` (the check-in, 1 Monday … 7 Sunday). `last_sent_on` is the local
 * day it last went out; moving it forward is how one instance claims the day's reminder.
 */
export const reminders = pgTable(
  'reminders',
  {
    user_id: person('user_id'),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    enabled: boolean('enabled').notNull(),
    local_time: text('local_time').notNull(),
    weekday: smallint('weekday'),
    last_sent_on: date('last_sent_on', { mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.kind] }),
    index('reminders_enabled_idx')
      .on(table.user_id)
      .where(sql`${table.enabled}`),
    check('reminders_kind_check', sql`${table.kind} in (${inList(REMINDER_KINDS)})`),
    check(
      'reminders_local_time_check',
      sql`${table.local_time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check(
      'reminders_weekday_check',
      sql`${table.weekday} is null or ${table.weekday} between 1 and 7`,
    ),
  ],
);

/** The local day of each daily digest sent: the key makes it one a day per person. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    user_id: person('user_id'),
    local_date: date('local_date', { mode: 'string' }).notNull(),
    sent_at: at('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.local_date] })],
);

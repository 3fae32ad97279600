import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, NOTIFICATION_LIST_SIZE } from '@forja/shared/constants';
import {
  NOTIFICATION_KINDS,
  REMINDER_KINDS,
  notificationReadInputSchema,
  notificationSettingsInputSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  type NotificationList,
  type NotificationReadInput,
  type NotificationSettings,
  type NotificationSettingsInput,
  type PushSubscriptionInput,
  type Reminders,
} from '@forja/shared/schemas/notifications';
import type { Clock } from '#clock';
import type { Config } from '#config';
import { lockPushSubscriptions } from '#db/advisory-locks';
import type { Db } from '#db/client';
import { isUniqueViolation } from '#db/database-errors';
import { inTransaction } from '#db/in-transaction';
import {
  notificationChannels,
  notifications,
  pushSubscriptions,
  reminders,
} from '#db/schema/notifications';
import { AppError } from '#http/app-error';
import { ALL_CHANNELS } from '#notifications/notify';
import { allowedPushEndpoint } from './push-endpoint';

export interface NotificationsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'push'>;
}

const shownInApp = (userId: string) =>
  and(eq(notifications.user_id, userId), eq(notifications.in_app, true));

async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(shownInApp(userId), isNull(notifications.read_at)));
  return row?.n ?? 0;
}

/** The bell: the unread count and the newest notifications shown in the app. */
export async function listNotifications(
  deps: Pick<NotificationsDeps, 'db'>,
  userId: string,
): Promise<NotificationList> {
  const [unread, items] = await Promise.all([
    unreadCount(deps.db, userId),
    deps.db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        path: notifications.path,
        created_at: notifications.created_at,
        read_at: notifications.read_at,
      })
      .from(notifications)
      .where(shownInApp(userId))
      .orderBy(desc(notifications.seq))
      .limit(NOTIFICATION_LIST_SIZE),
  ]);
  return { unread, items };
}

/** Marks some or all of the caller's notifications read; ids of others' change nothing. */
export async function markRead(
  deps: Pick<NotificationsDeps, 'db' | 'clock'>,
  userId: string,
  input: NotificationReadInput,
): Promise<{ unread: number }> {
  const parsed = notificationReadInputSchema.parse(input);
  await deps.db
    .update(notifications)
    .set({ read_at: deps.clock.now() })
    .where(
      and(
        eq(notifications.user_id, userId),
        isNull(notifications.read_at),
        'ids' in parsed ? inArray(notifications.id, parsed.ids) : undefined,
      ),
    );
  return { unread: await unreadCount(deps.db, userId) };
}

const DEFAULT_REMINDERS: Reminders = {
  weigh_in: { enabled: false, time: '08:00' },
  logging: { enabled: false, time: '21:00' },
  check_in: { enabled: false, time: '09:00', weekday: 1 },
};

async function pushDevices(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, userId));
  return row?.n ?? 0;
}

/** The caller's channels per kind, reminders, and whether push works here. */
export async function getSettings(
  deps: Pick<NotificationsDeps, 'db' | 'config'>,
  userId: string,
): Promise<NotificationSettings> {
  const [channelRows, reminderRows, devices] = await Promise.all([
    deps.db.select().from(notificationChannels).where(eq(notificationChannels.user_id, userId)),
    deps.db.select().from(reminders).where(eq(reminders.user_id, userId)),
    pushDevices(deps.db, userId),
  ]);
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const row = channelRows.find((item) => item.kind === kind);
      return [kind, row ? { in_app: row.in_app, email: row.email, push: row.push } : ALL_CHANNELS];
    }),
  ) as NotificationSettings['kinds'];
  const set = { ...DEFAULT_REMINDERS };
  for (const row of reminderRows) {
    const base = { enabled: row.enabled, time: row.local_time };
    if (row.kind === 'check_in') set.check_in = { ...base, weekday: row.weekday ?? 1 };
    else set[row.kind] = base;
  }
  return {
    kinds,
    reminders: set,
    push_available: deps.config.push !== undefined,
    push_devices: devices,
  };
}

/** Replaces the caller's channels and reminders with the ones given, all in one write. */
export async function saveSettings(
  deps: Pick<NotificationsDeps, 'db' | 'config'>,
  userId: string,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const parsed = notificationSettingsInputSchema.parse(input);
  await inTransaction(deps, async ({ db }) => {
    await db
      .insert(notificationChannels)
      .values(NOTIFICATION_KINDS.map((kind) => ({ user_id: userId, kind, ...parsed.kinds[kind] })))
      .onConflictDoUpdate({
        target: [notificationChannels.user_id, notificationChannels.kind],
        set: {
          in_app: sql`excluded.in_app`,
          email: sql`excluded.email`,
          push: sql`excluded.push`,
        },
      });
    await db
      .insert(reminders)
      .values(
        REMINDER_KINDS.map((kind) => {
          const chosen = parsed.reminders[kind];
          return {
            user_id: userId,
            kind,
            enabled: chosen.enabled,
            local_time: chosen.time,
            weekday: 'weekday' in chosen ? chosen.weekday : null,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [reminders.user_id, reminders.kind],
        set: {
          enabled: sql`excluded.enabled`,
          local_time: sql`excluded.local_time`,
          weekday: sql`excluded.weekday`,
        },
      });
  });
  return getSettings(deps, userId);
}

/**
 * Stores a browser's push subscription for the caller. An endpoint already stored (the same
 * browser again, or another person's before on a shared device) becomes the caller's with the
 * new keys. At most 10 devices: a new one beyond them replaces the one stored longest ago.
 */
export async function subscribePush(
  deps: NotificationsDeps,
  userId: string,
  input: PushSubscriptionInput,
): Promise<{ push_devices: number }> {
  const push = deps.config.push;
  if (!push) throw new AppError('pushUnavailable');
  const parsed = pushSubscriptionInputSchema.parse(input);
  const endpoint = allowedPushEndpoint(parsed.endpoint, push.endpointHosts);
  if (!endpoint) throw new AppError('pushEndpointNotAllowed');
  const store = () => storeSubscription(deps, userId, { ...parsed, endpoint });
  // Two people storing the same new browser at once: the second finds it stored and moves it.
  return store().catch((error: unknown) => {
    if (isUniqueViolation(error)) return store();
    throw error;
  });
}

function storeSubscription(
  deps: NotificationsDeps,
  userId: string,
  parsed: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<{ push_devices: number }> {
  return inTransaction(deps, async ({ db, clock }) => {
    await lockPushSubscriptions(db, userId);
    const [existing] = await db
      .select({ id: pushSubscriptions.id, user_id: pushSubscriptions.user_id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, parsed.endpoint));
    if (existing?.user_id !== userId) {
      const held = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.user_id, userId))
        .orderBy(asc(pushSubscriptions.created_at), asc(pushSubscriptions.id));
      const over = held.length - (MAX_PUSH_SUBSCRIPTIONS_PER_USER - 1);
      if (over > 0) {
        await db.delete(pushSubscriptions).where(
          inArray(
            pushSubscriptions.id,
            held.slice(0, over).map((row) => row.id),
          ),
        );
      }
    }
    const values = {
      user_id: userId,
      endpoint: parsed.endpoint,
      p256dh: parsed.keys.p256dh,
      auth: parsed.keys.auth,
      created_at: clock.now(),
    };
    if (existing) {
      // Another person's notifications must not reach the new owner: their queue goes.
      if (existing.user_id !== userId) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, existing.id));
        await db.insert(pushSubscriptions).values(values);
      } else {
        await db
          .update(pushSubscriptions)
          .set({ p256dh: values.p256dh, auth: values.auth })
          .where(eq(pushSubscriptions.id, existing.id));
      }
    } else {
      await db.insert(pushSubscriptions).values(values);
    }
    return { push_devices: await pushDevices(db, userId) };
  });
}

/** Forgets one of the caller's browsers; another person's endpoint changes nothing. */
export async function unsubscribePush(
  deps: Pick<NotificationsDeps, 'db'>,
  userId: string,
  input: { endpoint: string },
): Promise<{ push_devices: number }> {
  const parsed = pushUnsubscribeInputSchema.parse(input);
  // Stored as the WHATWG parser writes it (subscribePush).
  const endpoint = new URL(parsed.endpoint).href;
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { push_devices: await pushDevices(deps.db, userId) };
}

import { and, eq, sql } from 'drizzle-orm';
import { MAX_NOTIFICATIONS_PER_USER } from '@forja/shared/constants';
import type { ChannelChoice, NotificationKind } from '@forja/shared/schemas/notifications';
import type { Clock } from '#clock';
import { lockNotifications } from '#db/advisory-locks';
import type { Db } from '#db/client';
import { notificationChannels, notifications } from '#db/schema/notifications';
import { notificationArea, type NotificationTopic } from './subjects';

/** A kind without a choice of the person's has every channel on. */
export const ALL_CHANNELS: ChannelChoice = { in_app: true, email: true, push: true };

export interface NotifyDeps {
  /** The transaction of the event being announced. */
  db: Db;
  clock: Clock;
}

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Where tapping it leads: a path of the app. */
  path: string;
  /** Who it is about: the other side of the link; null for nobody (decision 098). */
  subjectUserId: string | null;
  /** What a comment is on, which says the area it shows. */
  commentTarget?: NotificationTopic['commentTarget'];
}

const TITLE_LENGTH = 120;
const BODY_LENGTH = 280;

function clip(text: string, length: number): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length <= length ? single : `${single.slice(0, length - 1).trimEnd()}…`;
}

/** The channels the person chose for a kind. */
export async function channelsOf(
  db: Db,
  userId: string,
  kind: NotificationKind,
): Promise<ChannelChoice> {
  const [row] = await db
    .select({
      in_app: notificationChannels.in_app,
      email: notificationChannels.email,
      push: notificationChannels.push,
    })
    .from(notificationChannels)
    .where(and(eq(notificationChannels.user_id, userId), eq(notificationChannels.kind, kind)));
  return row ?? ALL_CHANNELS;
}

/**
 * Notifies a person of an event (decision 062): writes the notification and queues one push
 * delivery per device of theirs, with `deps.db`, which must be the transaction that writes
 * the event, so the notification exists only if the event does. The channels the person
 * turned off for the kind are skipped (all three off: nothing is written). Only the newest
 * 200 are kept: the oldest go as the new one comes, under the person's lock.
 *
 * Any module may call it; messages and check-ins do it the same way.
 */
export async function notify(deps: NotifyDeps, input: NotificationInput): Promise<void> {
  const { db } = deps;
  const channels = await channelsOf(db, input.userId, input.kind);
  if (!channels.in_app && !channels.email && !channels.push) return;
  const now = deps.clock.now();
  await lockNotifications(db, input.userId);
  const [row] = await db
    .insert(notifications)
    .values({
      user_id: input.userId,
      kind: input.kind,
      title: clip(input.title, TITLE_LENGTH),
      body: clip(input.body, BODY_LENGTH),
      path: input.path,
      subject_user_id: input.subjectUserId,
      subject_area:
        input.subjectUserId === null
          ? null
          : notificationArea({ kind: input.kind, commentTarget: input.commentTarget }),
      in_app: channels.in_app,
      email: channels.email,
      created_at: now,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification not written');
  if (channels.push) {
    const stamp = now.toISOString();
    // FOR KEY SHARE waits for a device being forgotten meanwhile (the worker after a 410, the
    // person unsubscribing) and then leaves it out, where reading it unlocked would queue for
    // a row that is gone and fail the event on the foreign key.
    await db.execute(sql`
      insert into push_deliveries (notification_id, subscription_id, next_attempt_at, created_at)
      select ${row.id}, id, ${stamp}::timestamptz, ${stamp}::timestamptz
      from push_subscriptions where user_id = ${input.userId}
      for key share`);
  }
  // Their deliveries go with them (on delete cascade).
  await db.execute(sql`
    delete from notifications
    where user_id = ${input.userId}
      and seq <= (
        select seq from notifications where user_id = ${input.userId}
        order by seq desc offset ${MAX_NOTIFICATIONS_PER_USER} limit 1
      )`);
}

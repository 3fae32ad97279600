import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { notificationDigestEmail } from '../../adapters/mail/emails';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import {
  notificationChannels,
  notificationDigests,
  notifications,
} from '../../db/schema/notifications';
import { userPreferences, users } from '../../db/schema/users';
import { stillAllowed } from '../../notifications/subjects';
import { localMoment } from './local-time';

export const DIGEST = {
  /** The local morning: a digest goes out from 08:00 until noon, else the next morning. */
  fromMinutes: 8 * 60,
  untilMinutes: 12 * 60,
  /** It carries what is unread of the last day. */
  windowMs: 24 * 60 * 60_000,
  /** People looked at per run; the rest wait for the next minute. */
  batchSize: 200,
} as const;

export interface DigestDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

const mailWorthy = (since: Date) =>
  and(
    isNull(notifications.read_at),
    eq(notifications.email, true),
    // A reminder is for its moment: a morning e-mail about it would come too late.
    ne(notifications.kind, 'reminder'),
    gt(notifications.created_at, since),
    // Built at sending time: only what the link and the areas shared allow now (decision 098).
    stillAllowed(),
  );

/**
 * Writes the daily digest of each person whose local morning it is and who has unread
 * notifications of the last day meant for e-mail (decision 062). The person's local day is
 * the key of a row written in the same transaction as the message, so one goes out per day
 * however many instances run this at once. Kinds turned off for e-mail since are left out.
 */
export async function sendDigests(deps: DigestDeps): Promise<{ sent: number }> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - DIGEST.windowMs);
  const candidates = await deps.db
    .selectDistinct({
      user_id: notifications.user_id,
      timezone: userPreferences.timezone,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .leftJoin(userPreferences, eq(userPreferences.user_id, notifications.user_id))
    .where(
      and(
        mailWorthy(since),
        eq(users.enabled, true),
        // Who had theirs this morning leaves room for the rest.
        sql`not exists (select 1 from ${notificationDigests}
          where ${notificationDigests.user_id} = ${notifications.user_id}
            and ${notificationDigests.sent_at} > ${new Date(now.getTime() - DIGEST.windowMs / 2).toISOString()}::timestamptz)`,
      ),
    )
    .limit(DIGEST.batchSize * 5);

  let sent = 0;
  for (const candidate of candidates) {
    const local = localMoment(now, candidate.timezone);
    if (local.minutes < DIGEST.fromMinutes || local.minutes >= DIGEST.untilMinutes) continue;
    const wrote = await inTransaction(deps, async ({ db }) => {
      const [claimed] = await db
        .insert(notificationDigests)
        .values({ user_id: candidate.user_id, local_date: local.date, sent_at: now })
        .onConflictDoNothing()
        .returning({ user_id: notificationDigests.user_id });
      if (!claimed) return false;
      const [person] = await db
        .select({ email: users.email, first_name: users.first_name, role: users.role })
        .from(users)
        .where(eq(users.id, candidate.user_id));
      const items = await db
        .select({ title: notifications.title, body: notifications.body })
        .from(notifications)
        .leftJoin(
          notificationChannels,
          and(
            eq(notificationChannels.user_id, notifications.user_id),
            eq(notificationChannels.kind, notifications.kind),
          ),
        )
        .where(
          and(
            eq(notifications.user_id, candidate.user_id),
            mailWorthy(since),
            sql`coalesce(${notificationChannels.email}, true)`,
          ),
        )
        .orderBy(desc(notifications.seq));
      if (!person || items.length === 0) return false;
      const area = person.role === 'trainer' ? '/trainers' : '/users';
      await enqueueMail(
        { db, clock: deps.clock },
        notificationDigestEmail({
          to: person.email,
          firstName: person.first_name,
          items,
          appUrl: `${deps.publicUrl}${area === '/trainers' ? '/trainers/today' : '/users/home'}`,
          settingsUrl: `${deps.publicUrl}${area}/settings`,
        }),
      );
      return true;
    });
    if (wrote) sent += 1;
    if (sent >= DIGEST.batchSize) break;
  }
  // The days' keys are needed only while the day can still be that day somewhere.
  await deps.db
    .delete(notificationDigests)
    .where(lt(notificationDigests.sent_at, new Date(now.getTime() - 3 * DIGEST.windowMs)));
  return { sent };
}

import { and, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Clock } from '#clock';
import { notificationDigestEmail } from '#adapters/mail/emails';
import { enqueueMail } from '#adapters/mail/outbox';
import type { Db } from '#db/client';
import { inTransaction } from '#db/in-transaction';
import { notificationChannels, notificationDigests, notifications } from '#db/schema/notifications';
import { userPreferences, users } from '#db/schema/users';
import { stillAllowed } from '#notifications/subjects';
import { localNow, zoneOf } from '#jobs/local-zone';
import type { BatchWork } from '#jobs/runner';

export const DIGEST = {
  /** The local morning: a digest goes out from 08:00 until noon, else the next morning. */
  fromMinutes: 8 * 60,
  untilMinutes: 12 * 60,
  /** It carries what is unread of the last day. */
  windowMs: 24 * 60 * 60_000,
  /** People one instance claims at once; the rest wait for the next batch. */
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
 * Up to `limit` people whose local morning it is, who had no digest this morning and have
 * unread notifications of the last day meant for e-mail, selected in SQL, leaving out those
 * `notHeld` rejects.
 */
export async function dueDigests(
  db: Db,
  now: Date,
  limit: number,
  notHeld: (key: AnyPgColumn) => SQL = () => sql`true`,
): Promise<{ key: string; today: string }[]> {
  const since = new Date(now.getTime() - DIGEST.windowMs);
  const local = localNow(now, await zoneOf(db, userPreferences.timezone));
  return db
    .selectDistinct({
      key: notifications.user_id,
      today: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .leftJoin(userPreferences, eq(userPreferences.user_id, notifications.user_id))
    .where(
      and(
        mailWorthy(since),
        eq(users.enabled, true),
        sql`extract(hour from ${local})::int * 60 + extract(minute from ${local})::int
          between ${DIGEST.fromMinutes} and ${DIGEST.untilMinutes - 1}`,
        // Who had theirs this morning leaves room for the rest.
        sql`not exists (select 1 from ${notificationDigests}
          where ${notificationDigests.user_id} = ${notifications.user_id}
            and ${notificationDigests.sent_at} > ${new Date(now.getTime() - DIGEST.windowMs / 2).toISOString()}::timestamptz)`,
        notHeld(notifications.user_id),
      ),
    )
    .orderBy(notifications.user_id)
    .limit(limit);
}

/**
 * Writes one person's daily digest (decision 062). The person's local day is the key of a
 * row written in the same transaction as the message, so one goes out per day however many
 * instances try. Kinds turned off for e-mail since are left out.
 */
async function sendDigest(
  deps: DigestDeps,
  candidate: { key: string; today: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - DIGEST.windowMs);
  return inTransaction(deps, async ({ db }) => {
    const [claimed] = await db
      .insert(notificationDigests)
      .values({ user_id: candidate.key, local_date: candidate.today, sent_at: now })
      .onConflictDoNothing()
      .returning({ user_id: notificationDigests.user_id });
    if (!claimed) return false;
    const [person] = await db
      .select({ email: users.email, first_name: users.first_name, role: users.role })
      .from(users)
      .where(eq(users.id, candidate.key));
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
          eq(notifications.user_id, candidate.key),
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
}

/** The days' keys are needed only while the day can still be that day somewhere. */
export async function forgetOldDigestDays(deps: { db: Db; clock: Clock }): Promise<void> {
  await deps.db
    .delete(notificationDigests)
    .where(
      lt(notificationDigests.sent_at, new Date(deps.clock.now().getTime() - 3 * DIGEST.windowMs)),
    );
}

/** Writes the digests due now, at most `DIGEST.batchSize`. */
export async function sendDigests(deps: DigestDeps): Promise<{ sent: number }> {
  let sent = 0;
  for (const candidate of await dueDigests(deps.db, deps.clock.now(), DIGEST.batchSize)) {
    if (await sendDigest(deps, candidate)) sent += 1;
  }
  await forgetOldDigestDays(deps);
  return { sent };
}

/** The `digests` job's work: the people due their digest, in batches instances share. */
export function digestsBatch(deps: DigestDeps): BatchWork<{ key: string; today: string }> {
  return {
    size: DIGEST.batchSize,
    due: (limit, notHeld) => dueDigests(deps.db, deps.clock.now(), limit, notHeld),
    work: async (candidate) => {
      await sendDigest(deps, candidate);
    },
  };
}

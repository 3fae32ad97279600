import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { lockUserEvents } from '#db/advisory-locks';
import type { Db } from '#db/client';
import { sessionFamilies } from '#db/schema/auth';
import { userEvents } from '#db/schema/messages';

/** The one channel every instance listens on (decision 060). */
export const EVENTS_CHANNEL = 'forja_events';

/** What a stream sends: a new message, messages read, and later a notification. */
export type EventKind = 'message' | 'message_read' | 'notification';

/** The newest events kept per person; a stream away longer is told to reload. */
export const MAX_EVENTS_PER_USER = 1_000;

// A NOTIFY payload is at most 8000 bytes: 36-character ids and commas, 200 at a time.
const USERS_PER_NOTIFY = 200;

/**
 * Tells `userIds`' event streams that `kind` happened to the thing `refId` names. Call it last
 * in the writer's transaction (`db` is the transaction): the rows and the NOTIFY take effect on
 * commit, and nothing at all on rollback. The NOTIFY carries only the people's ids; each
 * stream reads the event and the thing from the database, as the person may read it then.
 */
export async function publish(
  db: Db,
  userIds: readonly string[],
  kind: EventKind,
  refId: string,
  now: Date,
): Promise<void> {
  // Always in the same order, so two writers never wait on each other in a cycle.
  const people = [...new Set(userIds)].sort();
  if (people.length === 0) return;
  for (const userId of people) await lockUserEvents(db, userId);
  await db
    .insert(userEvents)
    .values(people.map((user_id) => ({ user_id, kind, ref_id: refId, created_at: now })));
  for (const userId of people) {
    // Only the newest are kept: the oldest beyond the bound go.
    const cutoff = db
      .select({ seq: userEvents.seq })
      .from(userEvents)
      .where(eq(userEvents.user_id, userId))
      .orderBy(sql`${userEvents.seq} desc`)
      .offset(MAX_EVENTS_PER_USER)
      .limit(1);
    await db
      .delete(userEvents)
      .where(and(eq(userEvents.user_id, userId), lte(userEvents.seq, sql`(${cutoff})`)));
  }
  for (let i = 0; i < people.length; i += USERS_PER_NOTIFY) {
    const payload = people.slice(i, i + USERS_PER_NOTIFY).join(',');
    await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  }
}

/** How a NOTIFY that ends session families' streams starts; the rest is their ids. */
export const END_OF_SESSIONS = 'end:';

/**
 * Ends, on every instance, the event streams opened in these session families (decision
 * 098). Call it in the transaction that revokes them: the NOTIFY goes out on commit.
 */
export async function endSessionStreams(db: Db, familyIds: readonly string[]): Promise<void> {
  for (let i = 0; i < familyIds.length; i += USERS_PER_NOTIFY) {
    const payload = `${END_OF_SESSIONS}${familyIds.slice(i, i + USERS_PER_NOTIFY).join(',')}`;
    await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  }
}

/** Whether a session family is still live (not revoked, not purged). */
export async function sessionLive(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessionFamilies.id })
    .from(sessionFamilies)
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revoked_at)));
  return row !== undefined;
}

/** The person's events after `after`, oldest first, at most `limit`. */
export function eventsAfter(db: Db, userId: string, after: number, limit: number) {
  return db
    .select({ seq: userEvents.seq, kind: userEvents.kind, ref_id: userEvents.ref_id })
    .from(userEvents)
    .where(and(eq(userEvents.user_id, userId), sql`${userEvents.seq} > ${after}`))
    .orderBy(userEvents.seq)
    .limit(limit);
}

/** The newest event number of the person (0 without any) and how many are kept. */
export async function eventsHeld(db: Db, userId: string) {
  const [row] = await db
    .select({
      newest: sql<string | null>`max(${userEvents.seq})`,
      oldest: sql<string | null>`min(${userEvents.seq})`,
      count: sql<number>`count(*)::int`,
    })
    .from(userEvents)
    .where(eq(userEvents.user_id, userId));
  return {
    newest: Number(row?.newest ?? 0),
    oldest: Number(row?.oldest ?? 0),
    count: row?.count ?? 0,
  };
}

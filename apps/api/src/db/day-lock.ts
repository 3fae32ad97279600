import { sql } from 'drizzle-orm';
import type { Db } from './client';

// Any fixed number: the first half of the key of every lock of a diary day.
const DIARY_DAY_LOCK = 7_240_044;

/**
 * Takes, until the transaction `db` belongs to ends, the lock of one person's day of the
 * diary. A write that counts what a day holds before adding to it takes it first, so two at
 * once cannot both see room for the last one (decision 044). Call it inside a transaction:
 * outside one the lock would be let go at once.
 */
export async function lockDiaryDay(db: Db, userId: string, date: string): Promise<void> {
  // hashtext() folds the day into the second half of the key; two days that happen to
  // share it only wait for each other.
  await db.execute(
    sql`select pg_advisory_xact_lock(${DIARY_DAY_LOCK}, hashtext(${`${userId}:${date}`}))`,
  );
}

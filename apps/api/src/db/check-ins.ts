import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { MAX_CHECK_INS_KEPT } from '@forja/shared/constants';
import type { Db } from './client';
import { checkIns, progressPhotos } from './schema/check-ins';

/*
 * Deleting check-ins (decision 061). Their photos' rows go with them (the foreign key
 * cascades); the bytes live in the object store, which no transaction reaches, so each of
 * these answers the storage keys to delete once the caller's transaction has committed.
 */

async function photoKeys(db: Db, checkInIds: string[]): Promise<string[]> {
  if (checkInIds.length === 0) return [];
  const rows = await db
    .select({ key: progressPhotos.storage_key })
    .from(progressPhotos)
    .where(inArray(progressPhotos.check_in_id, checkInIds));
  return rows.map((row) => row.key);
}

/** Deletes every check-in of the trainee (health consent withdrawn, SECURITY 30). */
export async function forgetCheckIns(db: Db, traineeId: string): Promise<string[]> {
  const ids = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(eq(checkIns.trainee_id, traineeId));
  const keys = await photoKeys(
    db,
    ids.map((row) => row.id),
  );
  await db.delete(checkIns).where(eq(checkIns.trainee_id, traineeId));
  return keys;
}

/** Keeps the trainee's newest MAX_CHECK_INS_KEPT check-ins; the caller holds their lock. */
export async function trimCheckIns(db: Db, traineeId: string): Promise<string[]> {
  const kept = db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(eq(checkIns.trainee_id, traineeId))
    .orderBy(desc(checkIns.week))
    .limit(MAX_CHECK_INS_KEPT);
  const old = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.trainee_id, traineeId), notInArray(checkIns.id, kept)));
  if (old.length === 0) return [];
  const ids = old.map((row) => row.id);
  const keys = await photoKeys(db, ids);
  await db.delete(checkIns).where(inArray(checkIns.id, ids));
  return keys;
}

/**
 * The storage keys of the photos an account's deletion takes with it (the rows cascade): the
 * person's own. The check-ins sent to them as a trainer are their trainees' and stay.
 */
export async function photoKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: progressPhotos.storage_key })
    .from(progressPhotos)
    .where(eq(progressPhotos.trainee_id, userId));
  return rows.map((row) => row.key);
}

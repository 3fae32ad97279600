import { and, eq } from 'drizzle-orm';
import { CONSENT_AREAS } from '@forja/shared/constants';
import type { ConsentAreas } from '@forja/shared/schemas/trainers';
import { forgetNotificationsBetween, forgetNotificationsOfAreas } from '#notifications/subjects';
import type { Db } from './client';
import { checkInForms } from './schema/check-ins';
import { trainerLinks } from './schema/coaching';
import { messages } from './schema/messages';
import { programAssignments } from './schema/programs';
import { targetOverrides } from './schema/targets';
import { queueItemStates, traineeTags, trainerNotes } from './schema/trainer-workspace';
import { users } from './schema/users';

/*
 * Every write of a trainee's link to their trainer: `users.trainer_id` and the link row
 * always name the same trainer, so both are written here, in the caller's transaction
 * (decision 051). A trainer's say over the targets (024) ends with the link, with a change
 * of trainer and when the diary stops being shared. Each write takes the link row before
 * the target override, in the order a trainer's target write does, so neither waits on the
 * other in a cycle.
 */

/**
 * The trainee's users row, locked until the transaction ends: one link change at a time. `NO
 * KEY UPDATE`, so a trainer's target write (whose foreign key only shares the row's key)
 * never waits on it while holding the link row this transaction is about to write.
 */
export async function lockTrainee(db: Db, traineeId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, traineeId)).for('no key update');
  return row;
}

function clearTargetOverride(db: Db, traineeId: string) {
  return db.delete(targetOverrides).where(eq(targetOverrides.user_id, traineeId));
}

/**
 * What a trainer kept about the trainee in their workspace (private tags, items of Hoy put
 * away, private notes, the program given): it ends with the link, so a former trainer keeps
 * nothing about the person, and a link made again starts without an old program. The
 * targets history and the sessions logged stay: they are the trainee's (decisions 057 and
 * 058). The pair's conversation, photos included, is closed and deleted too (decision 060).
 */
async function forgetWorkspaceNotes(db: Db, traineeId: string) {
  await db.delete(messages).where(eq(messages.trainee_id, traineeId));
  await db.delete(traineeTags).where(eq(traineeTags.trainee_id, traineeId));
  await db.delete(trainerNotes).where(eq(trainerNotes.trainee_id, traineeId));
  await db.delete(queueItemStates).where(eq(queueItemStates.trainee_id, traineeId));
  await db.delete(programAssignments).where(eq(programAssignments.trainee_id, traineeId));
  // A trainee's own check-in form is the trainer's workspace too (decision 061).
  await db
    .delete(checkInForms)
    .where(and(eq(checkInForms.scope, 'trainee'), eq(checkInForms.trainee_id, traineeId)));
}

/**
 * Links the trainee (whose row the caller has locked) to the trainer with the areas they
 * share. A different trainer before: that trainer's targets go.
 */
export async function linkTrainee(
  db: Db,
  trainee: { id: string; trainer_id: string | null },
  trainerId: string,
  consent: ConsentAreas,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ trainer_id: trainerId, updated_at: now })
    .where(eq(users.id, trainee.id));
  const values = { trainer_id: trainerId, ...consent, updated_at: now };
  await db
    .insert(trainerLinks)
    .values({ trainee_id: trainee.id, created_at: now, ...values })
    .onConflictDoUpdate({ target: trainerLinks.trainee_id, set: values });
  // After the link row: a trainer's target write takes that row first, then the override.
  if (trainee.trainer_id !== trainerId || !consent.diary) {
    await clearTargetOverride(db, trainee.id);
  }
  if (trainee.trainer_id !== trainerId) {
    await forgetWorkspaceNotes(db, trainee.id);
    // What each was told about the other goes with the former link (decision 098).
    if (trainee.trainer_id !== null) {
      await forgetNotificationsBetween(db, trainee.id, trainee.trainer_id);
    }
  }
}

/** Ends the trainee's link, if any: no trainer, no link row, the formula's targets again. */
export async function unlinkTrainee(db: Db, traineeId: string, now: Date): Promise<void> {
  await db.update(users).set({ trainer_id: null, updated_at: now }).where(eq(users.id, traineeId));
  const ended = await db
    .delete(trainerLinks)
    .where(eq(trainerLinks.trainee_id, traineeId))
    .returning({ trainer_id: trainerLinks.trainer_id });
  // What each was told about the other, with the pushes still queued (decision 098).
  for (const { trainer_id } of ended) await forgetNotificationsBetween(db, traineeId, trainer_id);
  await clearTargetOverride(db, traineeId);
  await forgetWorkspaceNotes(db, traineeId);
}

/**
 * Changes what a linked trainee shares, at once; false when there is no link. Stopping
 * sharing the diary sends the targets back to the formula; stopping sharing an area takes
 * the trainer's notifications that show it.
 */
export async function setSharedAreas(
  db: Db,
  traineeId: string,
  consent: ConsentAreas,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(trainerLinks)
    .set({ ...consent, updated_at: now })
    .where(eq(trainerLinks.trainee_id, traineeId))
    .returning({ trainer_id: trainerLinks.trainer_id });
  if (!consent.diary) await clearTargetOverride(db, traineeId);
  // The trainer's notifications showing an area no longer shared go (decision 098).
  const withdrawn = CONSENT_AREAS.filter((area) => !consent[area]);
  for (const { trainer_id } of updated) {
    await forgetNotificationsOfAreas(db, trainer_id, traineeId, withdrawn);
  }
  return updated.length > 0;
}

import { sql } from 'drizzle-orm';
import type { Db } from './client';

// Any fixed numbers: the first half of the key of each kind of lock.
const DIARY_DAY_LOCK = 7_240_044;
const OWN_FOODS_LOCK = 7_240_045;
const INVITATIONS_LOCK = 7_240_051;
const ROSTER_LOCK = 7_240_053;
const COMMENTS_DAY_LOCK = 7_240_055;
const TRAINER_NOTES_LOCK = 7_240_057;
const TARGET_CHANGES_LOCK = 7_240_058;
const PROGRAMS_LOCK = 7_240_060;
const OWN_EXERCISES_LOCK = 7_240_061;
const CONVERSATION_LOCK = 7_240_062;
const USER_EVENTS_LOCK = 7_240_063;
const EVENT_TICKETS_LOCK = 7_240_064;
const WEIGHINGS_LOCK = 7_240_065;
const CHECK_IN_FORMS_LOCK = 7_240_611;
const CHECK_INS_LOCK = 7_240_612;
const NOTIFICATIONS_LOCK = 7_240_066;
const PUSH_SUBSCRIPTIONS_LOCK = 7_240_067;

/**
 * Takes a lock until the transaction `db` belongs to ends. A write that counts what a bounded
 * collection holds before adding to it takes it first, so two at once cannot both see room
 * for the last one (decision 044). Call it inside a transaction: outside one the lock would
 * be let go at once.
 */
async function lockUntilCommit(db: Db, kind: number, key: string): Promise<void> {
  // hashtext() folds the key into the second half of the lock's; two keys that happen to
  // share it only wait for each other.
  await db.execute(sql`select pg_advisory_xact_lock(${kind}, hashtext(${key}))`);
}

/** The lock of one person's day of the diary. */
export function lockDiaryDay(db: Db, userId: string, date: string): Promise<void> {
  return lockUntilCommit(db, DIARY_DAY_LOCK, `${userId}:${date}`);
}

/** The lock of one person's list of their own foods. */
export function lockOwnFoods(db: Db, userId: string): Promise<void> {
  return lockUntilCommit(db, OWN_FOODS_LOCK, userId);
}

/** The lock of one trainer's open invitations (decision 051). */
export function lockInvitations(db: Db, trainerId: string): Promise<void> {
  return lockUntilCommit(db, INVITATIONS_LOCK, trainerId);
}

/** The lock of one trainer's list of trainees, which a new link counts (decision 053). */
export function lockRoster(db: Db, trainerId: string): Promise<void> {
  return lockUntilCommit(db, ROSTER_LOCK, trainerId);
}

/** The lock of one trainee's comments on one day (decision 055). */
export function lockCommentsDay(db: Db, traineeId: string, date: string): Promise<void> {
  return lockUntilCommit(db, COMMENTS_DAY_LOCK, `${traineeId}:${date}`);
}

/** The lock of one trainer's notes about one trainee (decision 057). */
export function lockTrainerNotes(db: Db, trainerId: string, traineeId: string): Promise<void> {
  return lockUntilCommit(db, TRAINER_NOTES_LOCK, `${trainerId}:${traineeId}`);
}

/** The lock of one trainee's targets history, which every change trims (decision 057). */
export function lockTargetChanges(db: Db, traineeId: string): Promise<void> {
  return lockUntilCommit(db, TARGET_CHANGES_LOCK, traineeId);
}

/** The lock of one trainer's programs, which a new one counts (decision 058). */
export function lockPrograms(db: Db, trainerId: string): Promise<void> {
  return lockUntilCommit(db, PROGRAMS_LOCK, trainerId);
}

/** The lock of one trainer's own exercises, which a new one counts (decision 058). */
export function lockOwnExercises(db: Db, trainerId: string): Promise<void> {
  return lockUntilCommit(db, OWN_EXERCISES_LOCK, trainerId);
}

/** The lock of one pair's conversation, which every message counts and trims (decision 060). */
export function lockConversation(db: Db, traineeId: string, trainerId: string): Promise<void> {
  return lockUntilCommit(db, CONVERSATION_LOCK, `${traineeId}:${trainerId}`);
}

/**
 * The lock of one person's events (decision 060): held from the event's number until the
 * commit, so one person's events become visible in the order of their numbers and a stream
 * that has sent number n never misses a smaller one committed later.
 */
export function lockUserEvents(db: Db, userId: string): Promise<void> {
  return lockUntilCommit(db, USER_EVENTS_LOCK, userId);
}

/** The lock of one person's open stream tickets, which a new one counts (decision 060). */
export function lockEventTickets(db: Db, userId: string): Promise<void> {
  return lockUntilCommit(db, EVENT_TICKETS_LOCK, userId);
}

/**
 * The lock of one person's weighings: each change recomputes the trend weight the targets
 * count on (decision 063), so two at once must not each store a trend missing the other.
 */
export function lockWeighings(db: Db, userId: string): Promise<void> {
  return lockUntilCommit(db, WEIGHINGS_LOCK, userId);
}

/** The lock of one trainer's check-in forms, which a new one counts (decision 061). */
export function lockCheckInForms(db: Db, trainerId: string): Promise<void> {
  return lockUntilCommit(db, CHECK_IN_FORMS_LOCK, trainerId);
}

/** The lock of one trainee's check-ins, which a new week's trims (decision 061). */
export function lockCheckIns(db: Db, traineeId: string): Promise<void> {
  return lockUntilCommit(db, CHECK_INS_LOCK, traineeId);
}

/** The lock of one person's notifications, which every new one trims (decision 062). */
export function lockNotifications(db: Db, userId: string): Promise<void> {
  return lockUntilCommit(db, NOTIFICATIONS_LOCK, userId);
}

/** The lock of one person's Web Push devices, which a new one counts (decision 062). */
export function lockPushSubscriptions(db: Db, userId: string): Promise<void> {
  return lockUntilCommit(db, PUSH_SUBSCRIPTIONS_LOCK, userId);
}

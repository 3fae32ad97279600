import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { MAX_CHECK_INS_KEPT, MAX_TRAINEES_PER_TRAINER } from '@forja/shared/constants';
import { todayIn } from '@forja/shared/calendar';
import { isId } from '@forja/shared/schemas/common';
import {
  checkInInputSchema,
  checkInReplyInputSchema,
  validateAnswers,
  type CheckIn,
  type CheckInInput,
  type CheckInReplyInput,
  type CheckInStatus,
  type CurrentCheckIn,
  type ReviewItem,
} from '@forja/shared/schemas/check-ins';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import { isoWeekday } from '@forja/shared/training-plan';
import type { ObjectStore } from '#adapters/storage/object-store';
import type { Clock } from '#clock';
import { lockCheckIns } from '#db/advisory-locks';
import { trimCheckIns } from '#db/check-ins';
import type { Db } from '#db/client';
import { checkIns, progressPhotos } from '#db/schema/check-ins';
import { trainerLinks } from '#db/schema/coaching';
import { userPreferences, users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import { trainerMay } from '#security/trainer-access';
import { traineeSnapshots } from '#trainee-figures/snapshots';
import { notify } from '#notifications/notify';
import { effectiveForm } from './check-in-forms.service';
import { checkInFigures } from './figures';
import { dueDateOf, figuresPeriod, mondayOf, openWeeks } from './week';

export interface CheckInDeps {
  db: Db;
  clock: Clock;
  objects: ObjectStore;
}

type CheckInRow = typeof checkIns.$inferSelect;

/** Every check-in with its photos and the replying trainer's name, in the rows' order. */
async function shape(db: Db, rows: CheckInRow[]): Promise<CheckIn[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const photos = await db
    .select({
      id: progressPhotos.id,
      check_in_id: progressPhotos.check_in_id,
      pose: progressPhotos.pose,
      width: progressPhotos.width,
      height: progressPhotos.height,
    })
    .from(progressPhotos)
    .where(inArray(progressPhotos.check_in_id, ids));
  const trainerIds = [
    ...new Set(rows.flatMap((row) => (row.trainer_id === null ? [] : [row.trainer_id]))),
  ];
  // A trainer who deleted their account leaves the reply with no name.
  const trainers =
    trainerIds.length === 0
      ? []
      : await db
          .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
          .from(users)
          .where(inArray(users.id, trainerIds));
  const poses = ['front', 'side', 'back'];
  return rows.map((row) => {
    const trainer = trainers.find((candidate) => candidate.id === row.trainer_id);
    return {
      id: row.id,
      week: row.week,
      due_date: row.due_date,
      status: row.replied_at === null ? 'pending' : 'answered',
      questions: row.questions,
      answers: row.answers,
      figures: row.figures,
      photos: photos
        .filter((photo) => photo.check_in_id === row.id)
        .sort((a, b) => poses.indexOf(a.pose) - poses.indexOf(b.pose))
        .map(({ id, pose, width, height }) => ({ id, pose, width, height, week: row.week })),
      submitted_at: row.submitted_at,
      updated_at: row.updated_at,
      reply:
        row.reply !== null && row.replied_at !== null
          ? {
              body: row.reply,
              replied_at: row.replied_at,
              trainer: {
                first_name: trainer?.first_name ?? '',
                last_name: trainer?.last_name ?? '',
              },
            }
          : null,
    };
  });
}

/** The trainee's trainer, when they share check-ins with them now; else null. */
async function checkInTrainer(db: Db, traineeId: string) {
  const [row] = await db
    .select({ trainer_id: trainerLinks.trainer_id, timezone: userPreferences.timezone })
    .from(users)
    .innerJoin(
      trainerLinks,
      and(eq(trainerLinks.trainee_id, users.id), eq(trainerLinks.trainer_id, users.trainer_id)),
    )
    .leftJoin(userPreferences, eq(userPreferences.user_id, users.id))
    .where(and(eq(users.id, traineeId), eq(trainerLinks.check_ins, true)));
  return row ? { trainerId: row.trainer_id, timezone: row.timezone ?? DEFAULT_TIME_ZONE } : null;
}

async function snapshotOf(deps: CheckInDeps, trainerId: string, traineeId: string) {
  const [snapshot] = await traineeSnapshots(deps, trainerId, traineeId);
  if (!snapshot) throw new AppError('checkInsNotShared');
  return snapshot;
}

const ofTrainee = (traineeId: string, week: string) =>
  and(eq(checkIns.trainee_id, traineeId), eq(checkIns.week, week));

/**
 * The trainee's check-in of this week: the form to answer (theirs as their trainer set it, or
 * the one already answered), what the server fills in, and what they sent. Null without a
 * trainer they share check-ins with.
 */
export async function currentCheckIn(
  deps: CheckInDeps,
  traineeId: string,
): Promise<CurrentCheckIn> {
  const trainer = await checkInTrainer(deps.db, traineeId);
  if (!trainer) return null;
  const today = todayIn(trainer.timezone, deps.clock.now());
  const week = mondayOf(today);
  const [row] = await deps.db.select().from(checkIns).where(ofTrainee(traineeId, week));
  const [sent] = row ? await shape(deps.db, [row]) : [null];
  const form = sent
    ? { weekday: isoWeekday(sent.due_date), questions: sent.questions }
    : (await effectiveForm(deps.db, trainer.trainerId, traineeId)).form;
  const dueDate = sent?.due_date ?? dueDateOf(week, form.weekday);
  const snapshot = await snapshotOf(deps, trainer.trainerId, traineeId);
  return {
    week,
    due_date: dueDate,
    due: !sent && today >= dueDate,
    form,
    figures: await checkInFigures(deps.db, snapshot, figuresPeriod(dueDate, today)),
    check_in: sent ?? null,
  };
}

/** Every check-in the trainee sent (to any trainer), newest week first. */
export async function listOwnCheckIns(deps: CheckInDeps, traineeId: string): Promise<CheckIn[]> {
  const rows = await deps.db
    .select()
    .from(checkIns)
    .where(eq(checkIns.trainee_id, traineeId))
    .orderBy(desc(checkIns.week))
    .limit(MAX_CHECK_INS_KEPT);
  return shape(deps.db, rows);
}

/**
 * Sends (or changes) the trainee's check-in of a week: this week's or last week's. One per
 * trainee and week (a unique index; two sendings at once make one row); changes are allowed
 * until the trainer answers (then a 409). The figures are filled in again on every sending.
 * A new week's check-in trims the trainee's to the newest MAX_CHECK_INS_KEPT.
 */
export async function sendCheckIn(
  deps: CheckInDeps,
  traineeId: string,
  week: string,
  input: CheckInInput,
): Promise<CheckIn> {
  const { answers } = checkInInputSchema.parse(input);
  const trainer = await checkInTrainer(deps.db, traineeId);
  if (!trainer) throw new AppError('checkInsNotShared');
  const now = deps.clock.now();
  const today = todayIn(trainer.timezone, now);
  if (!openWeeks(today).includes(week)) throw new AppError('checkInWeekClosed');
  const snapshot = await snapshotOf(deps, trainer.trainerId, traineeId);

  const { row, trimmed } = await deps.db.transaction(async (tx) => {
    await lockCheckIns(tx, traineeId);
    const [existing] = await tx.select().from(checkIns).where(ofTrainee(traineeId, week));
    if (existing?.replied_at) throw new AppError('checkInAnswered');
    const form = existing
      ? { weekday: isoWeekday(existing.due_date), questions: existing.questions }
      : (await effectiveForm(tx, trainer.trainerId, traineeId)).form;
    const checked = validateAnswers(form.questions, answers);
    if (!checked.ok) throw new AppError('invalidCheckInAnswers', { message: checked.message });
    const dueDate = existing?.due_date ?? dueDateOf(week, form.weekday);
    const figures = await checkInFigures(tx, snapshot, figuresPeriod(dueDate, today));
    const [stored] = await tx
      .insert(checkIns)
      .values({
        trainee_id: traineeId,
        trainer_id: trainer.trainerId,
        week,
        due_date: dueDate,
        questions: form.questions,
        answers: checked.answers,
        figures,
        consented_at: now,
        submitted_at: now,
        submitted_on: today,
        updated_at: now,
      })
      .onConflictDoUpdate({
        target: [checkIns.trainee_id, checkIns.week],
        set: {
          trainer_id: sql`excluded.trainer_id`,
          answers: sql`excluded.answers`,
          figures: sql`excluded.figures`,
          consented_at: sql`excluded.consented_at`,
          updated_at: sql`excluded.updated_at`,
        },
        setWhere: isNull(checkIns.replied_at),
      })
      .returning();
    if (!stored) throw new AppError('checkInAnswered');
    return { row: stored, trimmed: existing ? [] : await trimCheckIns(tx, traineeId) };
  });
  await deps.objects.delete(trimmed);
  const [shaped] = await shape(deps.db, [row]);
  if (!shaped) throw new Error('check-in not shaped');
  return shaped;
}

/*
 * The trainer's side. A trainer reads the check-ins their trainees sent to them (the pair),
 * while the trainee is theirs and shares check-ins now; anything else is a 404.
 */

/** The trainer's trainees who share check-ins with them now. */
function sharingTrainees(db: Db, trainerId: string) {
  return db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .innerJoin(trainerLinks, eq(trainerLinks.trainee_id, users.id))
    .where(
      and(
        eq(users.trainer_id, trainerId),
        eq(trainerLinks.trainer_id, trainerId),
        eq(trainerLinks.check_ins, true),
        eq(users.role, 'trainee'),
      ),
    )
    .limit(MAX_TRAINEES_PER_TRAINER);
}

/** The review list: pending ones oldest first, answered ones newest first (at most 100). */
export async function reviewList(
  deps: CheckInDeps,
  trainerId: string,
  status: CheckInStatus,
): Promise<ReviewItem[]> {
  const trainees = await sharingTrainees(deps.db, trainerId);
  if (trainees.length === 0) return [];
  const pending = status === 'pending';
  const rows = await deps.db
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.trainer_id, trainerId),
        inArray(
          checkIns.trainee_id,
          trainees.map((trainee) => trainee.id),
        ),
        pending ? isNull(checkIns.replied_at) : isNotNull(checkIns.replied_at),
      ),
    )
    .orderBy(pending ? asc(checkIns.submitted_at) : desc(checkIns.replied_at))
    .limit(100);
  const shaped = await shape(deps.db, rows);
  return shaped.map((checkIn, index) => {
    const trainee = trainees.find((candidate) => candidate.id === rows[index]?.trainee_id);
    if (!trainee) throw new Error('check-in of an unknown trainee');
    return { ...checkIn, trainee };
  });
}

/** A trainee's check-ins sent to the trainer, newest week first. */
export async function traineeCheckIns(
  deps: CheckInDeps,
  trainerId: string,
  traineeId: string,
): Promise<CheckIn[]> {
  if (!(await trainerMay(deps.db, trainerId, traineeId, { area: 'check_ins' }))) {
    throw new AppError('notFound');
  }
  const rows = await deps.db
    .select()
    .from(checkIns)
    .where(
      and(eq(checkIns.trainer_id, trainerId), eq(checkIns.trainee_id, traineeId.toLowerCase())),
    )
    .orderBy(desc(checkIns.week))
    .limit(MAX_CHECK_INS_KEPT);
  return shape(deps.db, rows);
}

/** The pair's check-in by id, when the trainee shares check-ins with the trainer now. */
async function pairCheckIn(db: Db, trainerId: string, checkInId: string, lock = false) {
  if (!isId(checkInId)) throw new AppError('checkInNotFound');
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.trainer_id, trainerId)));
  if (!row || !(await trainerMay(db, trainerId, row.trainee_id, { area: 'check_ins', lock }))) {
    throw new AppError('checkInNotFound');
  }
  return row;
}

async function reviewItem(db: Db, row: CheckInRow): Promise<ReviewItem> {
  const [shaped] = await shape(db, [row]);
  const [trainee] = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(eq(users.id, row.trainee_id));
  if (!shaped || !trainee) throw new Error('check-in not shaped');
  return { ...shaped, trainee };
}

/** One check-in for the trainer's review screen. */
export async function reviewCheckIn(
  deps: CheckInDeps,
  trainerId: string,
  checkInId: string,
): Promise<ReviewItem> {
  return reviewItem(deps.db, await pairCheckIn(deps.db, trainerId, checkInId));
}

/**
 * The trainer's reply: answering closes the check-in to the trainee's changes. Replying again
 * rewrites the text; `replied_at` keeps the first time. The link is held while writing, so a
 * consent withdrawn meanwhile waits for it (or the reply finds it gone: a 404).
 */
export async function replyToCheckIn(
  deps: CheckInDeps,
  trainerId: string,
  checkInId: string,
  input: CheckInReplyInput,
): Promise<ReviewItem> {
  const { body } = checkInReplyInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const row = await pairCheckIn(tx, trainerId, checkInId, true);
    const now = deps.clock.now();
    const [updated] = await tx
      .update(checkIns)
      .set({ reply: body, replied_at: row.replied_at ?? now, updated_at: now })
      .where(eq(checkIns.id, row.id))
      .returning();
    if (!updated) throw new AppError('checkInNotFound');
    // The trainee hears of the first answer (decision 062), in its transaction.
    if (!row.replied_at) {
      await notify(
        { db: tx, clock: deps.clock },
        {
          userId: row.trainee_id,
          kind: 'check_in_answered',
          title: 'Tu entrenador ha respondido tu revisión',
          body,
          path: '/users/check-in',
          subjectUserId: trainerId,
        },
      );
    }
    return reviewItem(tx, updated);
  });
}

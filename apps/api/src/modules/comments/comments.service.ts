import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { MAX_COMMENTS_PER_DAY } from '@forja/shared/constants';
import { MAX_LATEST_COMMENTS } from '@forja/shared/schemas/comments';
import type { Comment, CommentInput, CommentTarget } from '@forja/shared/schemas/comments';
import { commentTargetInputSchema } from '@forja/shared/schemas/comments';
import { lockCommentsDay } from '#db/advisory-locks';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { inTransaction } from '#db/in-transaction';
import { comments } from '#db/schema/comments';
import { workouts } from '#db/schema/diary';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import { notify } from '#notifications/notify';
import { trainerMay } from '#security/trainer-access';

export interface CommentsDeps {
  db: Db;
  clock: Clock;
}

type CommentRow = typeof comments.$inferSelect;
type Author = { id: string; first_name: string; last_name: string };

/** A day and its meals are diary; a session is training (decision 055). */
const AREA_OF: Record<CommentTarget, 'diary' | 'training'> = {
  day: 'diary',
  meal: 'diary',
  workout: 'training',
};

function toComment(row: CommentRow, author: Author): Comment {
  return {
    id: row.id,
    target: row.target,
    date: row.date,
    meal: row.meal,
    workout_id: row.workout_id,
    body: row.body,
    by: row.author_id === row.trainer_id ? 'trainer' : 'trainee',
    author,
    created_at: row.created_at,
    read_at: row.read_at,
  };
}

/**
 * The comments of one trainee's day matching `only`, in the order written, after marking as
 * read those `unreadBy` the reader (the other side's, `otherSide`) still had unread. One
 * statement (decision 119): the marking is a data-modifying WITH, whose rows the reading
 * joins, as the reading sees the rows as they were before it.
 */
async function readDay(
  deps: CommentsDeps,
  traineeId: string,
  date: string,
  only: SQL | undefined,
  otherSide: SQL,
): Promise<Comment[]> {
  const day = and(eq(comments.trainee_id, traineeId), eq(comments.date, date), only);
  const marked = deps.db.$with('marked').as(
    deps.db
      .update(comments)
      .set({ read_at: deps.clock.now() })
      .where(and(day, otherSide, isNull(comments.read_at)))
      .returning({ id: comments.id, read_at: comments.read_at }),
  );
  const rows = await deps.db
    .with(marked)
    .select({
      comment: comments,
      markedAt: marked.read_at,
      author: { id: users.id, first_name: users.first_name, last_name: users.last_name },
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.author_id))
    .leftJoin(marked, eq(marked.id, comments.id))
    .where(day)
    .orderBy(asc(comments.seq));
  return rows.map((row) =>
    toComment({ ...row.comment, read_at: row.markedAt ?? row.comment.read_at }, row.author),
  );
}

/**
 * Writes a comment of the pair on the trainee's day, counted under the day's lock so parallel
 * writes cannot pass the bound. A session must be the trainee's and of that day.
 */
async function write(
  deps: CommentsDeps,
  pair: { traineeId: string; trainerId: string; authorId: string },
  date: string,
  input: CommentInput,
  guard?: (db: Db) => Promise<void>,
): Promise<Comment> {
  const parsed = commentTargetInputSchema.parse(input);
  return inTransaction(deps, async ({ db }) => {
    await guard?.(db);
    if (parsed.target === 'workout') {
      const [workout] = await db
        .select({ id: workouts.id })
        .from(workouts)
        .where(
          and(
            eq(workouts.id, parsed.workout_id),
            eq(workouts.user_id, pair.traineeId),
            eq(workouts.date, date),
          ),
        );
      if (!workout) throw new AppError('workoutNotFound');
    }
    await lockCommentsDay(db, pair.traineeId, date);
    const [held] = await db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.trainee_id, pair.traineeId), eq(comments.date, date)));
    if ((held?.n ?? 0) >= MAX_COMMENTS_PER_DAY) throw new AppError('commentsDayFull');
    const [row] = await db
      .insert(comments)
      .values({
        trainee_id: pair.traineeId,
        trainer_id: pair.trainerId,
        author_id: pair.authorId,
        target: parsed.target,
        date,
        meal: parsed.target === 'meal' ? parsed.meal : null,
        workout_id: parsed.target === 'workout' ? parsed.workout_id : null,
        body: parsed.body,
        created_at: deps.clock.now(),
      })
      .returning();
    const [author] = await db
      .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(eq(users.id, pair.authorId));
    if (!row || !author) throw new Error('comment not written');
    await notifyOtherSide({ db, clock: deps.clock }, row, author);
    return toComment(row, author);
  });
}

const WHAT: Record<CommentTarget, { own: string; their: string }> = {
  day: { own: 'tu día', their: 'su día' },
  meal: { own: 'tu comida', their: 'su comida' },
  workout: { own: 'tu entrenamiento', their: 'su entrenamiento' },
};

function shortDate(date: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * The other side of the pair hears of the comment (decision 062), in the comment's
 * transaction: the trainee on their diary's day, the trainer on the trainee's file.
 */
async function notifyOtherSide(deps: CommentsDeps, row: CommentRow, author: Author): Promise<void> {
  const name = `${author.first_name} ${author.last_name}`.trim();
  const byTrainer = row.author_id === row.trainer_id;
  const tab = row.target === 'workout' ? `training?to=${row.date}` : `diary?date=${row.date}`;
  await notify(deps, {
    userId: byTrainer ? row.trainee_id : row.trainer_id,
    kind: 'comment',
    title: byTrainer
      ? `${name} ha comentado ${WHAT[row.target].own} del ${shortDate(row.date)}`
      : `${name} ha comentado ${WHAT[row.target].their} del ${shortDate(row.date)}`,
    body: row.body,
    path: byTrainer
      ? `/users/diary?date=${row.date}`
      : `/trainers/clients/${row.trainee_id}/${tab}`,
    subjectUserId: byTrainer ? row.trainer_id : row.trainee_id,
    commentTarget: row.target,
  });
}

// ---- The trainer ----

/** The targets of the areas the trainee shares with the trainer now; 404 for none. */
async function visibleTargets(
  deps: CommentsDeps,
  trainerId: string,
  traineeId: string,
): Promise<CommentTarget[]> {
  const [diary, training] = await Promise.all([
    trainerMay(deps.db, trainerId, traineeId, { area: 'diary' }),
    trainerMay(deps.db, trainerId, traineeId, { area: 'training' }),
  ]);
  const targets: CommentTarget[] = [];
  if (diary) targets.push('day', 'meal');
  if (training) targets.push('workout');
  if (targets.length === 0) throw new AppError('notFound');
  return targets;
}

/**
 * The comments of the trainer's pair on one day of the trainee's, of the areas the trainee
 * shares; the trainee's among them are read from now on.
 */
export async function listTraineeComments(
  deps: CommentsDeps,
  trainerId: string,
  traineeId: string,
  date: string,
): Promise<Comment[]> {
  const targets = await visibleTargets(deps, trainerId, traineeId);
  return readDay(
    deps,
    traineeId,
    date,
    and(eq(comments.trainer_id, trainerId), inArray(comments.target, targets)),
    eq(comments.author_id, traineeId),
  );
}

/** The trainer writes on a day, meal or session of their trainee that they may read. */
export async function writeTraineeComment(
  deps: CommentsDeps,
  trainerId: string,
  traineeId: string,
  date: string,
  input: CommentInput,
): Promise<Comment> {
  const target = commentTargetInputSchema.parse(input).target;
  return write(
    deps,
    { traineeId, trainerId, authorId: trainerId },
    date,
    input,
    // The link row is held until the comment is written, so an ended link or a withdrawn
    // area waits for it, as a target write does (024).
    async (db) => {
      if (!(await trainerMay(db, trainerId, traineeId, { area: AREA_OF[target], lock: true }))) {
        throw new AppError('notFound');
      }
    },
  );
}

// ---- The trainee ----

/**
 * Every comment on one day of the trainee's, from their trainer now and from any before:
 * the history is theirs. Their trainers' comments are read from now on.
 */
export function listOwnComments(
  deps: CommentsDeps,
  traineeId: string,
  date: string,
): Promise<Comment[]> {
  return readDay(deps, traineeId, date, undefined, ne(comments.author_id, traineeId));
}

/** The trainee writes (or replies) on their own day, to their trainer now. */
export async function writeOwnComment(
  deps: CommentsDeps,
  traineeId: string,
  date: string,
  input: CommentInput,
): Promise<Comment> {
  const [me] = await deps.db
    .select({ trainer_id: users.trainer_id })
    .from(users)
    .where(eq(users.id, traineeId));
  const trainerId = me?.trainer_id;
  if (!trainerId || !(await trainerMay(deps.db, trainerId, traineeId, { area: 'identity' }))) {
    throw new AppError('trainerNotFound');
  }
  return write(deps, { traineeId, trainerId, authorId: traineeId }, date, input);
}

/** How many comments of their trainers (now or before) the trainee has not read yet. */
export async function countUnread(deps: CommentsDeps, traineeId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        eq(comments.trainee_id, traineeId),
        isNull(comments.read_at),
        ne(comments.author_id, traineeId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Their trainers' newest comments (now or before), newest first, without marking them read:
 * home shows them and links to their day, where reading them marks them.
 */
export async function latestFromTrainers(
  deps: CommentsDeps,
  traineeId: string,
): Promise<Comment[]> {
  const rows = await deps.db
    .select({
      comment: comments,
      author: { id: users.id, first_name: users.first_name, last_name: users.last_name },
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.author_id))
    .where(and(eq(comments.trainee_id, traineeId), ne(comments.author_id, traineeId)))
    .orderBy(desc(comments.seq))
    .limit(MAX_LATEST_COMMENTS);
  return rows.map((row) => toComment(row.comment, row.author));
}

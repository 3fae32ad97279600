import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import { MAX_CHECK_IN_FORMS_PER_TRAINER } from '@forja/shared/constants';
import { foldForSearch } from '@forja/shared/search-text';
import {
  checkInFormSchema,
  DEFAULT_CHECK_IN_FORM,
  groupTagSchema,
  type CheckInForm,
  type CheckInFormInput,
  type CheckInForms,
  type EffectiveCheckInForm,
  type SavedCheckInForm,
} from '@forja/shared/schemas/check-ins';
import type { Clock } from '#clock';
import { lockCheckInForms } from '#db/advisory-locks';
import type { Db } from '#db/client';
import { checkInForms } from '#db/schema/check-ins';
import { traineeTags } from '#db/schema/trainer-workspace';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import { trainerMay } from '#security/trainer-access';

export interface CheckInFormDeps {
  db: Db;
  clock: Clock;
}

type FormRow = typeof checkInForms.$inferSelect;

const formOf = (row: FormRow): CheckInForm => ({ weekday: row.weekday, questions: row.questions });

/** A group's key: the tag folded as the roster compares tags (case and accents aside). */
export function groupKey(tag: string): string {
  return foldForSearch(tag);
}

/** Every form the trainer saved, with Forja's own as the default until they save theirs. */
export async function listForms(deps: CheckInFormDeps, trainerId: string): Promise<CheckInForms> {
  const rows = await deps.db
    .select({ form: checkInForms, trainee: users })
    .from(checkInForms)
    .leftJoin(users, eq(users.id, checkInForms.trainee_id))
    .where(eq(checkInForms.trainer_id, trainerId))
    .orderBy(asc(checkInForms.scope), asc(checkInForms.tag_key), asc(users.last_name))
    .limit(MAX_CHECK_IN_FORMS_PER_TRAINER + 1);
  const own = rows.find((row) => row.form.scope === 'default');
  const forms: SavedCheckInForm[] = rows
    .filter((row) => row.form.scope !== 'default')
    .map(({ form, trainee }) => ({
      scope: form.scope,
      tag: form.tag,
      trainee: trainee
        ? { id: trainee.id, first_name: trainee.first_name, last_name: trainee.last_name }
        : null,
      form: formOf(form),
      updated_at: form.updated_at,
    }));
  return {
    default: own ? formOf(own.form) : DEFAULT_CHECK_IN_FORM,
    default_is_custom: own !== undefined,
    forms,
  };
}

type Target =
  { scope: 'default' } | { scope: 'group'; tag: string } | { scope: 'trainee'; traineeId: string };

function keyOf(trainerId: string, target: Target): SQL | undefined {
  const mine = eq(checkInForms.trainer_id, trainerId);
  switch (target.scope) {
    case 'default':
      return and(mine, eq(checkInForms.scope, 'default'));
    case 'group':
      return and(
        mine,
        eq(checkInForms.scope, 'group'),
        eq(checkInForms.tag_key, groupKey(target.tag)),
      );
    case 'trainee':
      return and(
        mine,
        eq(checkInForms.scope, 'trainee'),
        eq(checkInForms.trainee_id, target.traineeId),
      );
  }
}

/** A group's tag from the address: trimmed, 1 to 30 characters, else a 400. */
export function parseGroupTag(raw: string): string {
  return groupTagSchema.parse(raw);
}

async function checkTrainee(
  db: Db,
  trainerId: string,
  target: Target,
  lock = false,
): Promise<Target> {
  if (target.scope !== 'trainee') return target;
  if (!(await trainerMay(db, trainerId, target.traineeId, { area: 'identity', lock }))) {
    throw new AppError('notFound');
  }
  return { scope: 'trainee', traineeId: target.traineeId.toLowerCase() };
}

/**
 * Saves a form: the trainer's default, a group's or one trainee's (linked to them now). A new
 * one counts against MAX_CHECK_IN_FORMS_PER_TRAINER under the trainer's lock (else a 409).
 */
export async function saveForm(
  deps: CheckInFormDeps,
  trainerId: string,
  target: Target,
  input: CheckInFormInput,
): Promise<CheckInForm> {
  const form = checkInFormSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const checked = await checkTrainee(tx, trainerId, target, true);
    await lockCheckInForms(tx, trainerId);
    const now = deps.clock.now();
    const [updated] = await tx
      .update(checkInForms)
      .set({
        weekday: form.weekday,
        questions: form.questions,
        updated_at: now,
        ...(checked.scope === 'group' ? { tag: checked.tag } : {}),
      })
      .where(keyOf(trainerId, checked))
      .returning();
    if (updated) return formOf(updated);
    const [held] = await tx
      .select({ n: count() })
      .from(checkInForms)
      .where(eq(checkInForms.trainer_id, trainerId));
    if ((held?.n ?? 0) >= MAX_CHECK_IN_FORMS_PER_TRAINER) throw new AppError('tooManyCheckInForms');
    const [row] = await tx
      .insert(checkInForms)
      .values({
        trainer_id: trainerId,
        scope: checked.scope,
        trainee_id: checked.scope === 'trainee' ? checked.traineeId : null,
        tag: checked.scope === 'group' ? checked.tag : null,
        tag_key: checked.scope === 'group' ? groupKey(checked.tag) : null,
        weekday: form.weekday,
        questions: form.questions,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('check-in form not stored');
    return formOf(row);
  });
}

/** Deletes a saved form; the trainee then answers the next one down (group, default). */
export async function deleteForm(
  deps: CheckInFormDeps,
  trainerId: string,
  target: Target,
): Promise<void> {
  const checked = await checkTrainee(deps.db, trainerId, target);
  const deleted = await deps.db
    .delete(checkInForms)
    .where(keyOf(trainerId, checked))
    .returning({ id: checkInForms.id });
  if (deleted.length === 0) throw new AppError('checkInFormNotFound');
}

/**
 * The form a trainee of the trainer's answers: their own, else the form of the first of their
 * tags (in the order the trainer gave them) that has one, else the trainer's default, else
 * Forja's. The caller has checked the link.
 */
export async function effectiveForm(
  db: Db,
  trainerId: string,
  traineeId: string,
): Promise<EffectiveCheckInForm> {
  const [tagRow] = await db
    .select({ tags: traineeTags.tags })
    .from(traineeTags)
    .where(and(eq(traineeTags.trainer_id, trainerId), eq(traineeTags.trainee_id, traineeId)));
  const tags = tagRow?.tags ?? [];
  const keys = tags.map(groupKey);
  const rows = await db
    .select()
    .from(checkInForms)
    .where(
      and(
        eq(checkInForms.trainer_id, trainerId),
        or(
          eq(checkInForms.scope, 'default'),
          and(eq(checkInForms.scope, 'trainee'), eq(checkInForms.trainee_id, traineeId)),
          keys.length > 0
            ? and(eq(checkInForms.scope, 'group'), inArray(checkInForms.tag_key, keys))
            : undefined,
        ),
      ),
    );
  const own = rows.find((row) => row.scope === 'trainee');
  if (own) return { source: 'trainee', tag: null, form: formOf(own) };
  for (const key of keys) {
    const group = rows.find((row) => row.scope === 'group' && row.tag_key === key);
    if (group) return { source: 'group', tag: group.tag, form: formOf(group) };
  }
  const fallback = rows.find((row) => row.scope === 'default');
  if (fallback) return { source: 'default', tag: null, form: formOf(fallback) };
  return { source: 'shipped', tag: null, form: DEFAULT_CHECK_IN_FORM };
}

/** The form a trainee of theirs answers, for the trainer (the link alone is needed). */
export async function traineeForm(
  deps: CheckInFormDeps,
  trainerId: string,
  traineeId: string,
): Promise<EffectiveCheckInForm> {
  if (!(await trainerMay(deps.db, trainerId, traineeId, { area: 'identity' }))) {
    throw new AppError('notFound');
  }
  return effectiveForm(deps.db, trainerId, traineeId.toLowerCase());
}

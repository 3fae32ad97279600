import { and, desc, eq, notInArray } from 'drizzle-orm';
import { MAX_TARGET_CHANGES } from '@forja/shared/constants';
import { isId } from '@forja/shared/schemas/common';
import type {
  TargetChange,
  TargetChangeKind,
  TargetOverride,
  TargetOverrideInput,
  TraineeTargets,
} from '@forja/shared/schemas/targets';
import type { Db } from '#db/client';
import { lockTargetChanges } from '#db/advisory-locks';
import { targetChanges, targetOverrides } from '#db/schema/targets';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import type { Principal } from '#http/authentication';
import { trainerMay } from '#security/trainer-access';
import {
  ENERGY_MIN_KCAL,
  kcalOf,
  proteinAndFat,
  formulaProteinNeedG,
  isoDate,
  motherStageOf,
} from '#nutrition/targets.formulas';
import {
  findOverride,
  findTargetAnswers,
  targetsOf,
  type OverrideRow,
  type TargetsDeps,
} from '#nutrition/targets';

/**
 * The trainee whose targets the caller may see and set: for a trainer, a trainee of theirs
 * who shares their diary (`trainerMay`: targets are what the diary is measured against,
 * decision 051); for an admin, any trainee. Anyone else (other trainers' trainees, trainees
 * who do not share the diary, the trainees themselves) gets a 404, so nobody learns who is
 * whose or what they share. With `lock`, the diary cannot stop being shared nor the link end
 * (either clears the override) until the caller's transaction ends.
 */
async function managedTraineeId(
  db: Db,
  principal: Principal,
  id: string,
  options: { lock?: boolean } = {},
): Promise<string> {
  if (!isId(id)) throw new AppError('notFound');
  if (principal.role === 'trainer') {
    const allowed = await trainerMay(db, principal.userId, id, { area: 'diary', ...options });
    if (!allowed) throw new AppError('notFound');
    return id.toLowerCase();
  }
  if (principal.role !== 'admin') throw new AppError('notFound');
  const [trainee] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'trainee')));
  if (!trainee) throw new AppError('notFound');
  return trainee.id;
}

function overrideOf(row: OverrideRow): TargetOverride {
  return {
    energy_kcal: row.energy_kcal,
    protein_g: row.protein_g,
    fat_g: row.fat_g,
    set_by: row.set_by,
    set_at: row.updated_at,
  };
}

/** The trainee's targets history, newest first, with who made each change. */
export async function targetHistory(db: Db, userId: string): Promise<TargetChange[]> {
  const rows = await db
    .select({
      change: targetChanges,
      by: { id: users.id, first_name: users.first_name, last_name: users.last_name },
    })
    .from(targetChanges)
    .leftJoin(users, eq(users.id, targetChanges.changed_by))
    .where(eq(targetChanges.user_id, userId))
    .orderBy(desc(targetChanges.seq))
    .limit(MAX_TARGET_CHANGES);
  return rows.map(({ change, by }) => ({
    id: change.id,
    kind: change.kind,
    changed_by: by,
    changed_at: change.changed_at,
    energy_kcal: change.energy_kcal,
    protein_g: change.protein_g,
    fat_g: change.fat_g,
    formula_energy_kcal: change.formula_energy_kcal,
    expenditure_kcal: change.expenditure_kcal,
  }));
}

async function traineeTargets(deps: TargetsDeps, userId: string): Promise<TraineeTargets> {
  const [{ answers, basis }, override, history] = await Promise.all([
    findTargetAnswers(deps.db, userId),
    findOverride(deps.db, userId),
    targetHistory(deps.db, userId),
  ]);
  const today = deps.clock.now();
  return {
    user_id: userId,
    override: override ? overrideOf(override) : null,
    targets: targetsOf(answers, override ?? null, today, basis),
    formula_targets: targetsOf(answers, null, today, basis),
    history,
  };
}

/**
 * Records a change of the trainee's targets in the caller's transaction, with the formula's
 * energy at that moment, and keeps only the last 100: the history's lock makes two changes
 * at once trim one after the other.
 */
export async function recordTargetChange(
  deps: TargetsDeps,
  userId: string,
  change: {
    kind: TargetChangeKind;
    by: string;
    energy_kcal: number | null;
    protein_g: number | null;
    fat_g: number | null;
    expenditure_kcal?: number;
  },
): Promise<void> {
  await lockTargetChanges(deps.db, userId);
  const now = deps.clock.now();
  const { answers, basis } = await findTargetAnswers(deps.db, userId);
  const formula = targetsOf(answers, null, now, basis);
  await deps.db.insert(targetChanges).values({
    user_id: userId,
    kind: change.kind,
    changed_by: change.by,
    changed_at: now,
    energy_kcal: change.energy_kcal,
    protein_g: change.protein_g,
    fat_g: change.fat_g,
    formula_energy_kcal: formula?.energy_kcal ?? null,
    expenditure_kcal: change.expenditure_kcal ?? null,
  });
  const kept = deps.db
    .select({ id: targetChanges.id })
    .from(targetChanges)
    .where(eq(targetChanges.user_id, userId))
    .orderBy(desc(targetChanges.seq))
    .limit(MAX_TARGET_CHANGES);
  await deps.db
    .delete(targetChanges)
    .where(and(eq(targetChanges.user_id, userId), notInArray(targetChanges.id, kept)));
}

/** A trainee's targets as their trainer sees them: the override, the result, the formula's. */
export async function getTraineeTargets(
  deps: TargetsDeps,
  principal: Principal,
  id: string,
): Promise<TraineeTargets> {
  const userId = await managedTraineeId(deps.db, principal, id);
  return traineeTargets(deps, userId);
}

/**
 * Prescribes a trainee's targets in the caller's transaction, which holds the link (`lock`)
 * so it cannot end meanwhile. The energy may be below the BMR. Protein and fat, prescribed
 * or from the formula for the trainee's weight, must fit in the energy: a 400 says by how
 * much they do not, and nothing is stored. Below the floor the formula keeps, the caller
 * must confirm. The same targets again change nothing, neither the override nor the history.
 */
export async function prescribeTargets(
  deps: TargetsDeps,
  userId: string,
  input: TargetOverrideInput & { by: string },
  change: { kind: Extract<TargetChangeKind, 'set' | 'approved'>; expenditure_kcal?: number } = {
    kind: 'set',
  },
): Promise<void> {
  const prescribed = {
    energy_kcal: input.energy_kcal,
    protein_g: input.protein_g ?? null,
    fat_g: input.fat_g ?? null,
  };
  const { answers, basis } = await findTargetAnswers(deps.db, userId);
  const formula = targetsOf(answers, null, deps.clock.now(), basis);
  const { body, activity } = answers;
  if (body && activity && formula) {
    const weightKg = formula.weight_kg;
    const proteinNeedG = formulaProteinNeedG({
      body: { ...body, weight_kg: weightKg },
      activity,
      ageYears: formula.age_years,
      deficit: prescribed.energy_kcal < formula.tdee_kcal,
      motherProteinG: motherStageOf(answers.health, isoDate(deps.clock.now())).proteinG,
    });
    const macros = proteinAndFat(prescribed.energy_kcal, { weightKg, proteinNeedG }, prescribed);
    const kcal = kcalOf(macros);
    if (kcal > prescribed.energy_kcal) {
      const message = `La proteína (${String(macros.proteinG)} g) y la grasa (${String(macros.fatG)} g) suman ${String(kcal)} kcal, más que el objetivo de energía (${String(prescribed.energy_kcal)} kcal)`;
      throw new AppError('macrosExceedEnergy', { message, fields: { energy_kcal: message } });
    }
  }
  // Below the floor the formula keeps, the trainer says they mean it; without the body's
  // answers, below the higher of the two minimums.
  const floor =
    formula?.energy_floor_kcal ?? Math.max(ENERGY_MIN_KCAL.female, ENERGY_MIN_KCAL.male);
  if (prescribed.energy_kcal < floor && input.confirm_below_minimum !== true) {
    const message = `${String(prescribed.energy_kcal)} kcal está por debajo del mínimo que daría la fórmula a esta persona (${String(floor)} kcal): confírmalo para guardarlo`;
    throw new AppError('energyBelowMinimum', {
      message,
      fields: { confirm_below_minimum: message },
    });
  }
  const now = deps.clock.now();
  const before = await findOverride(deps.db, userId);
  const unchanged =
    before?.energy_kcal === prescribed.energy_kcal &&
    before.protein_g === prescribed.protein_g &&
    before.fat_g === prescribed.fat_g;
  if (unchanged) return;
  const values = { ...prescribed, set_by: input.by, updated_at: now };
  await deps.db
    .insert(targetOverrides)
    .values({ user_id: userId, created_at: now, ...values })
    .onConflictDoUpdate({ target: targetOverrides.user_id, set: values });
  await recordTargetChange(deps, userId, { ...change, by: input.by, ...prescribed });
}

/** Sets (or replaces) a trainee's targets (`prescribeTargets`), answering them as they are. */
export async function setTargetOverride(
  deps: TargetsDeps,
  principal: Principal,
  id: string,
  input: TargetOverrideInput,
): Promise<TraineeTargets> {
  return deps.db.transaction(async (tx) => {
    const userId = await managedTraineeId(tx, principal, id, { lock: true });
    await prescribeTargets({ ...deps, db: tx }, userId, { ...input, by: principal.userId });
    return traineeTargets({ ...deps, db: tx }, userId);
  });
}

/** Takes the trainee back to the formula's targets. */
export async function clearTargetOverride(
  deps: TargetsDeps,
  principal: Principal,
  id: string,
): Promise<TraineeTargets> {
  return deps.db.transaction(async (tx) => {
    const userId = await managedTraineeId(tx, principal, id, { lock: true });
    const cleared = await tx
      .delete(targetOverrides)
      .where(eq(targetOverrides.user_id, userId))
      .returning({ user_id: targetOverrides.user_id });
    // Already on the formula's: nothing happened, so the history gets nothing.
    if (cleared.length > 0) {
      await recordTargetChange({ ...deps, db: tx }, userId, {
        kind: 'cleared',
        by: principal.userId,
        energy_kcal: null,
        protein_g: null,
        fat_g: null,
      });
    }
    return traineeTargets({ ...deps, db: tx }, userId);
  });
}

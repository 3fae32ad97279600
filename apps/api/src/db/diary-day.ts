import { and, eq, sql } from 'drizzle-orm';
import type { DayCompleteness, Workout } from '@forja/shared/schemas/diary';
import type { NutrientKey } from '@forja/shared/schemas/foods';
import type { Db } from './client';
import type { OnboardingRow } from './onboarding-answers';
import { diaryDays, diaryEntries, workouts } from './schema/diary';
import { onboardingAnswers } from './schema/onboarding';
import { targetOverrides } from './schema/targets';
import { users } from './schema/users';
import { finishWorkout, workoutJson, type StoredWorkout } from './workout-json';

/** An entry as the day shows it: its exact values, before rounding. */
export type LoggedEntry = Pick<
  typeof diaryEntries.$inferSelect,
  'id' | 'date' | 'meal' | 'kind' | 'food_id' | 'name' | 'quantity' | 'unit' | 'grams' | NutrientKey
>;

/** Everything a diary day is made of, as stored. */
export interface StoredDay {
  /** In the order they were logged. */
  entries: LoggedEntry[];
  workouts: Workout[];
  /** Null when neither water nor notes were ever set that day. */
  water_ml: number | null;
  notes: string | null;
  /** The person's mark of how fully they logged the day; null when unmarked. */
  completeness: DayCompleteness | null;
  /** The raw onboarding answers the targets are computed from; null until answered. */
  answers: Pick<OnboardingRow, 'goal' | 'body' | 'activity' | 'health' | 'eating'>;
  /** The start of the goal and the latest trend weight, kept with the answers (063). */
  basis: Pick<
    OnboardingRow,
    | 'targets_start_on'
    | 'trend_weight_kg'
    | 'trend_weight_on'
    | 'adapted_energy_kcal'
    | 'adapted_expenditure_kcal'
  >;
  /** The trainer's targets, in place of the formula's; null when none are set. */
  override: { energy_kcal: number; protein_g: number | null; fat_g: number | null } | null;
}

const EMPTY_DAY: StoredDay = {
  entries: [],
  workouts: [],
  water_ml: null,
  notes: null,
  completeness: null,
  answers: { goal: null, body: null, activity: null, health: null, eating: null },
  basis: {
    targets_start_on: null,
    trend_weight_kg: null,
    trend_weight_on: null,
    adapted_energy_kcal: null,
    adapted_expenditure_kcal: null,
  },
  override: null,
};

/**
 * The one statement behind a diary day: the person's row with that day's water and notes,
 * their onboarding answers and their trainer's override joined to it, and the day's
 * entries and workouts (with exercises, sets, last time and earlier best: workout-json.ts)
 * built as JSON arrays by PostgreSQL. The
 * day costs one round trip. Numbers keep their stored values: PostgreSQL writes a float8
 * into JSON in its shortest exact form, which parses back to the same double.
 */
function dayStatement(db: Db) {
  const date = sql.placeholder('date');
  return db
    .select({
      entries: sql<LoggedEntry[]>`coalesce((
        select json_agg(json_build_object(
          'id', ${diaryEntries.id},
          'date', ${diaryEntries.date},
          'meal', ${diaryEntries.meal},
          'kind', ${diaryEntries.kind},
          'food_id', ${diaryEntries.food_id},
          'name', ${diaryEntries.name},
          'quantity', ${diaryEntries.quantity},
          'unit', ${diaryEntries.unit},
          'grams', ${diaryEntries.grams},
          'kcal', ${diaryEntries.kcal},
          'protein_g', ${diaryEntries.protein_g},
          'carbohydrate_g', ${diaryEntries.carbohydrate_g},
          'fat_g', ${diaryEntries.fat_g},
          'fibre_g', ${diaryEntries.fibre_g}
        ) order by ${diaryEntries.seq})
        from ${diaryEntries}
        where ${diaryEntries.user_id} = ${users.id} and ${diaryEntries.date} = ${date}
      ), '[]')`,
      workouts: sql<StoredWorkout[]>`coalesce((
        select json_agg(${workoutJson} order by ${workouts.seq})
        from ${workouts}
        where ${workouts.user_id} = ${users.id} and ${workouts.date} = ${date}
      ), '[]')`,
      water_ml: diaryDays.water_ml,
      notes: diaryDays.notes,
      completeness: diaryDays.completeness,
      // An object even without answers (every step null): a nested selection would be
      // nulled whenever its first column is, and the first step may be unanswered.
      answers: sql<StoredDay['answers']>`json_build_object(
        'goal', ${onboardingAnswers.goal},
        'body', ${onboardingAnswers.body},
        'activity', ${onboardingAnswers.activity},
        'health', ${onboardingAnswers.health},
        'eating', ${onboardingAnswers.eating}
      )`,
      basis: sql<StoredDay['basis']>`json_build_object(
        'targets_start_on', ${onboardingAnswers.targets_start_on}::text,
        'trend_weight_kg', ${onboardingAnswers.trend_weight_kg},
        'trend_weight_on', ${onboardingAnswers.trend_weight_on}::text,
        'adapted_energy_kcal', ${onboardingAnswers.adapted_energy_kcal},
        'adapted_expenditure_kcal', ${onboardingAnswers.adapted_expenditure_kcal}
      )`,
      // Null without an override: Drizzle nulls a left-joined selection whose first column
      // is null, and energy_kcal never is in a stored override.
      override: {
        energy_kcal: targetOverrides.energy_kcal,
        protein_g: targetOverrides.protein_g,
        fat_g: targetOverrides.fat_g,
      },
    })
    .from(users)
    .leftJoin(diaryDays, and(eq(diaryDays.user_id, users.id), eq(diaryDays.date, date)))
    .leftJoin(onboardingAnswers, eq(onboardingAnswers.user_id, users.id))
    .leftJoin(targetOverrides, eq(targetOverrides.user_id, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('read_diary_day');
}

// Built once per database (and per transaction that reads a day) and sent as a prepared
// statement, so the server plans it once per connection.
const statements = new WeakMap<Db, ReturnType<typeof dayStatement>>();

/** One person's day as stored, read in a single statement. */
export async function readStoredDay(db: Db, userId: string, date: string): Promise<StoredDay> {
  let statement = statements.get(db);
  if (!statement) {
    statement = dayStatement(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, date });
  // No row: the account went away while the request ran; its day is empty, as it was.
  if (!row) return EMPTY_DAY;
  return { ...row, workouts: row.workouts.map(finishWorkout) };
}

import { MEALS, type DiaryDay, type DiaryEntry, type DiaryMeal } from '@forja/shared/schemas/diary';
import { NUTRIENT_KEYS, type NutrientKey, type Nutrients } from '@forja/shared/schemas/foods';
import type { OnboardingAnswers } from '@forja/shared/schemas/onboarding';
import type { Db } from '#db/client';
import { readStoredDay, type LoggedEntry, type StoredDay } from '#db/diary-day';
import { answersOf } from '#db/onboarding-answers';
import { roundToSum } from './rounding';

export function toEntry(row: LoggedEntry, nutrients: Nutrients = row): DiaryEntry {
  return {
    id: row.id,
    date: row.date,
    meal: row.meal,
    kind: row.kind,
    food_id: row.food_id,
    name: row.name,
    quantity: row.quantity,
    unit: row.unit,
    grams: row.grams,
    kcal: nutrients.kcal,
    protein_g: nutrients.protein_g,
    carbohydrate_g: nutrients.carbohydrate_g,
    fat_g: nutrients.fat_g,
    fibre_g: nutrients.fibre_g,
  };
}

const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

interface RoundedKey {
  day: number;
  meals: number[];
  entries: number[][];
}

export function nutrientsFrom(pick: (key: NutrientKey) => number): Nutrients {
  return {
    kcal: pick('kcal'),
    protein_g: pick('protein_g'),
    carbohydrate_g: pick('carbohydrate_g'),
    fat_g: pick('fat_g'),
    fibre_g: pick('fibre_g'),
  };
}

/**
 * The day's meals and totals in whole kcal and grams: the day total is the exact sum
 * rounded, meal totals are rounded to add up to it, and entries to add up to their meal.
 */
function totalsOfDay(rows: readonly LoggedEntry[]): { meals: DiaryMeal[]; totals: Nutrients } {
  const byMeal = MEALS.map((meal) => rows.filter((row) => row.meal === meal));
  const rounding = new Map<NutrientKey, RoundedKey>(
    NUTRIENT_KEYS.map((key) => {
      const exact = byMeal.map((entries) => sumOf(entries.map((entry) => entry[key])));
      const day = Math.round(sumOf(exact));
      const meals = roundToSum(exact, day);
      const entries = byMeal.map((mealEntries, index) =>
        roundToSum(
          mealEntries.map((entry) => entry[key]),
          meals[index] ?? 0,
        ),
      );
      return [key, { day, meals, entries }];
    }),
  );
  const of = (key: NutrientKey) => rounding.get(key) ?? { day: 0, meals: [], entries: [] };
  return {
    totals: nutrientsFrom((key) => of(key).day),
    meals: MEALS.map((meal, mealIndex) => ({
      meal,
      totals: nutrientsFrom((key) => of(key).meals[mealIndex] ?? 0),
      entries: (byMeal[mealIndex] ?? []).map((row, entryIndex) =>
        toEntry(
          row,
          nutrientsFrom((key) => of(key).entries[mealIndex]?.[entryIndex] ?? 0),
        ),
      ),
    })),
  };
}

/** A day as logged, before the targets it is held against (and its completeness by them). */
export type LoggedDay = Omit<DiaryDay, 'targets' | 'completeness'>;

export function loggedDay(date: string, stored: StoredDay): LoggedDay {
  return {
    date,
    ...totalsOfDay(stored.entries),
    water_ml: stored.water_ml ?? 0,
    notes: stored.notes ?? '',
    completeness_marked: stored.completeness,
    workouts: stored.workouts,
  };
}

/**
 * A day as logged (entries with their totals, water, notes and training), with the person's
 * onboarding answers, which the same statement reads.
 */
export async function readDay(
  deps: { db: Db },
  userId: string,
  date: string,
): Promise<{ day: LoggedDay; answers: OnboardingAnswers }> {
  const stored = await readStoredDay(deps.db, userId, date);
  return { day: loggedDay(date, stored), answers: answersOf(stored.answers) };
}

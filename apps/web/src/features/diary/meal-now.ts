import type { Meal } from '@forja/shared/schemas/diary';

/** The hour each meal ends, as eaten in Spain: breakfast before 11, dinner from 20. */
const MEAL_ENDS: readonly (readonly [Meal, number])[] = [
  ['desayuno', 11],
  ['almuerzo', 13],
  ['comida', 17],
  ['merienda', 20],
];

/** The meal of the hour where the person lives: what the "+" adds to unless changed. */
export function mealAt(now: Date, timeZone: string): Meal {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now),
  );
  return MEAL_ENDS.find(([, end]) => hour < end)?.[0] ?? 'cena';
}

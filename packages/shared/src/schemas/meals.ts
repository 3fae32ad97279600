import { oneOf } from './common';

/** The meals of a diary day, in the order of the day (Spain's five). */
export const MEALS = ['desayuno', 'almuerzo', 'comida', 'merienda', 'cena'] as const;
export type Meal = (typeof MEALS)[number];

export const MEAL_LABELS: Record<Meal, string> = {
  desayuno: 'Desayuno',
  almuerzo: 'Almuerzo',
  comida: 'Comida',
  merienda: 'Merienda',
  cena: 'Cena',
};

export const mealSchema = oneOf('La comida', MEALS);

/**
 * Where each meal starts, in minutes after midnight: breakfast until half past ten, the
 * mid-morning snack until one, lunch until half past four, the afternoon snack until half
 * past seven, then dinner (decision 070).
 */
const MEAL_STARTS: readonly [Meal, number][] = [
  ['almuerzo', 10 * 60 + 30],
  ['comida', 13 * 60],
  ['merienda', 16 * 60 + 30],
  ['cena', 19 * 60 + 30],
];

/** The meal a person is most likely logging at this local time of day. */
export function mealAt(hours: number, minutes = 0): Meal {
  const at = hours * 60 + minutes;
  let meal: Meal = 'desayuno';
  for (const [next, start] of MEAL_STARTS) if (at >= start) meal = next;
  return meal;
}

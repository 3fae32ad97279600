import { mlToFlOz, volumeFromInput, volumeUnit } from '@forja/shared/fluid-units';
import type { DiaryEntry } from '@forja/shared/schemas/diary';
import {
  GRAMS,
  MILLILITRES,
  NUTRIENT_KEYS,
  type Food,
  type Nutrients,
} from '@forja/shared/schemas/foods';
import type { MetricSystem } from '@forja/shared/units';
import { formatNumber, inputText } from '#lib/numbers';

/** A unit an entry can be changed to, with the grams one of it weighs. */
export interface EntryUnit {
  unit: string;
  grams: number;
}

/**
 * The units an entry's amount can be typed in (decision 106): the food's portions, g, and ml
 * when it pours. The entry's own unit keeps the weight it was logged with, as the API does;
 * without the food at hand (no signal), that unit and g; of a food deleted since, that
 * unit alone.
 */
export function entryUnits(entry: DiaryEntry, food: Food | undefined): EntryUnit[] {
  const units: EntryUnit[] = food
    ? [
        ...food.portions.map((portion) => ({ unit: portion.name, grams: portion.grams })),
        { unit: GRAMS, grams: 1 },
        ...(food.density_g_per_ml === null
          ? []
          : [{ unit: MILLILITRES, grams: food.density_g_per_ml }]),
      ]
    : entry.food_id === null
      ? []
      : [{ unit: GRAMS, grams: 1 }];
  const own = { unit: entry.unit, grams: (entry.grams ?? 0) / (entry.quantity || 1) };
  const at = units.findIndex((candidate) => candidate.unit === entry.unit);
  if (at === -1) units.unshift(own);
  else units[at] = own;
  return units;
}

/**
 * Nutrients in one gram of what the entry holds: the food's figures per 100 g when the food
 * is at hand, else the entry's own (rounded as the day shows them).
 */
export function nutrientsPerGram(entry: DiaryEntry, food: Food | undefined): Nutrients {
  const grams = entry.grams ?? 0;
  return Object.fromEntries(
    NUTRIENT_KEYS.map((key) => [key, food ? food[key] / 100 : grams > 0 ? entry[key] / grams : 0]),
  ) as Nutrients;
}

/** A unit as the select names it: "1 taza (198 g)", "g", "ml" or "fl oz". */
export function unitLabel({ unit, grams }: EntryUnit, system: MetricSystem): string {
  if (unit === GRAMS) return 'g';
  if (unit === MILLILITRES) return volumeUnit(system);
  return `${unit} (${formatNumber(grams, 1)} g)`;
}

/** The amount the API takes of what the box holds: ml from fl oz with imperial units. */
export function quantityOfBox(value: number, unit: string, system: MetricSystem): number {
  return unit === MILLILITRES ? volumeFromInput(value, system) : value;
}

/** An amount as the box shows it: fl oz for ml with imperial units; portions to hundredths. */
export function boxText(quantity: number, unit: string, system: MetricSystem): string {
  if (unit === MILLILITRES && system === 'imperial') return inputText(mlToFlOz(quantity), 1);
  return inputText(quantity, unit === GRAMS || unit === MILLILITRES ? 1 : 2);
}

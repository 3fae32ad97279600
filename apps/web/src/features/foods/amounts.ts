import { z } from 'zod';
import { volumeForDisplay, volumeFromInput, volumeUnit } from '@forja/shared/fluid-units';
import { foodEntryInputSchema, MAX_ENTRY_GRAMS } from '@forja/shared/schemas/diary';
import { usualAmount } from '@forja/shared/food-search/recents';
import { GRAMS, MILLILITRES, type Food } from '@forja/shared/schemas/foods';
import type { MetricSystem } from '@forja/shared/units';
import { formatNumber, inputText } from '#lib/numbers';
import { parseNumberInput } from '#lib/number-input';

/** An amount as its boxes hold it: the quantity as typed, and the unit. */
export interface AmountValues {
  quantity: string;
  unit: string;
}

/** The units a food can be logged in: its portions first, then g, then ml if it pours. */
export function unitsOf(food: Food): string[] {
  return [
    ...food.portions.map((portion) => portion.name),
    GRAMS,
    ...(food.density_g_per_ml === null ? [] : [MILLILITRES]),
  ];
}

/** The amount offered first: the latest logged (decision 106), one portion, or 100 g. */
export function defaultAmount(food: Food): AmountValues {
  const { quantity, unit } = usualAmount(food);
  return { quantity: inputText(quantity), unit };
}

/**
 * The amount offered for a food a search found: what the search's words said of it
 * («2 huevos», «vaso de leche», decision 104), in the boxes' units, or the usual one.
 */
export function offeredAmount(food: Food, system: MetricSystem): AmountValues {
  const said = food.phrase;
  if (!said || !unitsOf(food).includes(said.unit)) return defaultAmount(food);
  const quantity =
    said.unit === MILLILITRES ? volumeForDisplay(said.quantity, system) : said.quantity;
  return { quantity: String(Math.round(quantity * 100) / 100).replace('.', ','), unit: said.unit };
}

/** A unit as the person reads it: what pours is in ml, or in fl oz with imperial units. */
export function unitLabel(unit: string, food: Food | undefined, system: MetricSystem): string {
  if (unit === GRAMS) return 'g';
  if (unit === MILLILITRES) return volumeUnit(system);
  const grams = food?.portions.find((portion) => portion.name === unit)?.grams;
  return grams === undefined ? unit : `${unit} (${formatNumber(grams, 1)} g)`;
}

/** The grams an amount of a food weighs, in one of its units (ml already from fl oz). */
export function gramsOf(food: Food, amount: number, unit: string): number {
  if (unit === GRAMS) return amount;
  if (unit === MILLILITRES) return amount * (food.density_g_per_ml ?? 1);
  return amount * (food.portions.find((portion) => portion.name === unit)?.grams ?? 0);
}

/**
 * The amount as the API takes it (the box is in fl oz with imperial units, the API takes
 * millilitres), checked by the shared entry schema and held to what one entry may weigh.
 */
export function amountFormSchema(food: Food, system: MetricSystem) {
  return z.preprocess(
    ({ quantity, unit }: AmountValues) => {
      const amount = parseNumberInput(quantity);
      return {
        unit,
        quantity:
          unit === MILLILITRES && typeof amount === 'number'
            ? volumeFromInput(amount, system)
            : amount,
      };
    },
    foodEntryInputSchema
      .pick({ quantity: true, unit: true })
      .refine(({ quantity, unit }) => gramsOf(food, quantity, unit) <= MAX_ENTRY_GRAMS, {
        error: 'Es demasiado para una sola anotación',
        path: ['quantity'],
      }),
  );
}

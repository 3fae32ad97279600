import { z } from 'zod';
import { gtinDigits, isGtin } from '../gtin';
import { id, oneOf, requiredText, text } from './common';
import { validationMessages as m } from './messages';
import { ALLERGENS } from './onboarding';
import { mealSchema } from './meals';
import { amountUpTo, numberUpTo } from './quantities';

/** Where a food comes from: the table shipped with Forja, or the person's own. */
export const FOOD_ORIGINS = ['table', 'own'] as const;
export type FoodOrigin = (typeof FOOD_ORIGINS)[number];

/**
 * How a shipped food is weighed when it is not as eaten: raw (meat, fish, potatoes before
 * cooking) or dry (rice, pasta, pulses before they take up water). Results show it beside
 * the energy, since the cooked food has a half to a third of it.
 */
export const FOOD_STATES = ['raw', 'dry'] as const;
export type FoodState = (typeof FOOD_STATES)[number];

/** Units every food can be measured in; portions ("1 huevo") are named per food. */
export const GRAMS = 'g';
export const MILLILITRES = 'ml';

export function isMeasureUnit(unit: string): boolean {
  return unit === GRAMS || unit === MILLILITRES;
}

/**
 * Energy and nutrients of an amount of food; per 100 g on a food, per amount on an entry.
 * `carbohydrate_g` is total carbohydrate, fibre included, as USDA's "by difference" counts
 * it: the one convention Forja stores and adds up (decisions 030, 074). Labels printed in
 * Europe give available carbohydrate, fibre apart: see `available_carbohydrate_g` and the
 * conversions below (decision 073).
 */
export const nutrientsSchema = z.object({
  kcal: z.number(),
  protein_g: z.number(),
  carbohydrate_g: z.number(),
  fat_g: z.number(),
  fibre_g: z.number(),
});
export type Nutrients = z.infer<typeof nutrientsSchema>;

export const NUTRIENT_KEYS = ['kcal', 'protein_g', 'carbohydrate_g', 'fat_g', 'fibre_g'] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Total carbohydrate (Forja's convention) of a European label's available carbohydrate. */
export function totalCarbohydrate(availableCarbohydrateG: number, fibreG: number): number {
  return hundredths(availableCarbohydrateG + fibreG);
}

/** Available carbohydrate, as European labels print it, of a total that includes fibre. */
export function availableCarbohydrate(carbohydrateG: number, fibreG: number): number {
  return Math.max(0, hundredths(carbohydrateG - fibreG));
}

export const portionSchema = z.object({
  /** As people say it: "1 huevo", "1 rebanada". */
  name: z.string(),
  grams: z.number(),
});
export type Portion = z.infer<typeof portionSchema>;

/**
 * One food of a search's line, as its words said it: which of the line's foods (0 first),
 * its words as typed, and the amount they said as a diary entry takes it (`quantity` of
 * `unit`: g, ml or one of the food's portions), with its grams.
 */
export const foodPhraseSchema = z.object({
  item: z.number().int().min(0),
  text: z.string(),
  quantity: z.number(),
  unit: z.string(),
  grams: z.number(),
});
export type FoodPhrase = z.infer<typeof foodPhraseSchema>;

/** An amount of a food in one of its units: grams, millilitres or one of its portions. */
export const foodAmountSchema = z.object({
  quantity: z.number(),
  unit: z.string(),
});
export type FoodAmount = z.infer<typeof foodAmountSchema>;

export const foodSchema = nutrientsSchema.extend({
  id,
  name: z.string(),
  origin: z.enum(FOOD_ORIGINS),
  /** Grams in a millilitre, for foods measured by volume (milk, oil); null otherwise. */
  density_g_per_ml: z.number().nullable(),
  portions: z.array(portionSchema),
  /** Grams of alcohol per 100 g, counted at 7 kcal/g in the energy; 0 for one's own foods. */
  alcohol_g: z.number(),
  /** Raw or dry when the food is weighed before cooking; null when it is as eaten. */
  state: z.enum(FOOD_STATES).nullable(),
  /** The food composition table a shipped food's values come from; '' for one's own. */
  source: z.string(),
  /**
   * Carbohydrate without fibre per 100 g, as labels in Europe print it (`carbohydrate_g`
   * less `fibre_g`); what the own-food form shows and sends.
   */
  available_carbohydrate_g: z.number(),
  /** The product's GTIN (EAN-13, UPC…), digits only; null for foods without one. */
  barcode: z.string().nullable(),
  /** The product's brand; '' when it has none. */
  brand: z.string(),
  /**
   * Which of the fourteen EU allergens the food contains: ticked by the person on their own
   * foods, read from the name on the shipped table's (`allergensOfName`, decision 073).
   */
  allergens: z.array(z.enum(ALLERGENS)),
  /** The allergens in `allergens` the person declared at onboarding. */
  allergy_warnings: z.array(z.enum(ALLERGENS)),
  /** Words of the person's other allergies ("kiwi") found in the food's name, as typed. */
  other_allergy_warnings: z.array(z.string()),
  favourite: z.boolean(),
  /** Logged in the diary lately. */
  recent: z.boolean(),
  /**
   * What the search's words said of this food (decision 104), only when they said an
   * amount («2 huevos», «vaso de leche») or named several foods in one line.
   */
  phrase: foodPhraseSchema.optional(),
  /**
   * The amount of the person's latest entry of this food (decision 106): what logging it
   * again offers first. Only in the list of favourites and recents; absent or null
   * elsewhere, and for foods not logged in the last year.
   */
  last_amount: foodAmountSchema.nullable().optional(),
});
export type Food = z.infer<typeof foodSchema>;

export const foodListSchema = z.array(foodSchema);

export const FOOD_SEARCH_MAX_RESULTS = 50;
/** The results a search answers when it names no `limit`: what the app's sheet shows. */
export const FOOD_SEARCH_RESULTS = 20;

export const foodSearchQuerySchema = z.strictObject({
  q: text('La búsqueda', { max: 100 }).default(''),
  limit: z.coerce.number().int().min(1).max(FOOD_SEARCH_MAX_RESULTS).default(FOOD_SEARCH_RESULTS),
  /** The meal being logged: without a query, what the person eats at it comes first. */
  meal: mealSchema.optional(),
});
export type FoodSearchQuery = z.input<typeof foodSearchQuerySchema>;

const per100 = (field: string) => numberUpTo(field, 100, { unit: 'g' });

const ownPortionSchema = z.strictObject({
  name: requiredText('El nombre de la porción', { max: 40 }),
  grams: amountUpTo('Los gramos de la porción', 5000, { unit: 'g' }),
});

export const BARCODE_ERROR =
  'El código de barras debe tener 8, 12, 13 o 14 cifras y la última, de control, correcta';

/** A barcode as typed or scanned: its digits, a valid GTIN; spaces and hyphens left out. */
export const barcodeSchema = z
  .string({ error: BARCODE_ERROR })
  .transform(gtinDigits)
  .refine(isGtin, { error: BARCODE_ERROR });

/**
 * One's own food, per 100 g, as the form sends it: the label as printed in Europe, with
 * carbohydrate without fibre (`available_carbohydrate_g`) and fibre apart. Stored as total
 * carbohydrate (`totalCarbohydrate`), Forja's one convention.
 */
export const foodInputSchema = z
  .strictObject({
    name: requiredText('El nombre', { max: 100 }),
    brand: text('La marca', { max: 60 }).default(''),
    /** Empty or absent: no barcode. */
    barcode: z
      .union([z.literal('').transform(() => null), barcodeSchema])
      .nullable()
      .default(null),
    kcal: numberUpTo('Las calorías', 900, { unit: 'kcal' }),
    protein_g: per100('Las proteínas'),
    available_carbohydrate_g: per100('Los hidratos de carbono (sin fibra)'),
    fat_g: per100('Las grasas'),
    fibre_g: per100('La fibra'),
    density_g_per_ml: numberUpTo(
      'La densidad',
      3,
      { unit: 'g/ml' },
      { holds: (value) => value > 0, message: 'La densidad debe ser mayor que 0' },
    )
      .nullable()
      .default(null),
    allergens: z
      .array(oneOf('El alérgeno', ALLERGENS), { error: m.nonEmptyStringArray('Los alérgenos') })
      .refine((list) => new Set(list).size === list.length, {
        error: 'Los alérgenos no pueden repetirse',
      })
      .default([]),
    portions: z
      .array(ownPortionSchema, { error: 'Las porciones deben ser una lista' })
      .max(10, { error: 'No puede haber más de 10 porciones' })
      .default([]),
  })
  .refine(
    (food) => food.protein_g + food.available_carbohydrate_g + food.fibre_g + food.fat_g <= 100,
    {
      error:
        'Proteínas, hidratos de carbono, fibra y grasas no pueden sumar más de 100 g por 100 g',
      path: ['available_carbohydrate_g'],
    },
  )
  .refine(
    (food) => {
      const names = food.portions.map((portion) => portion.name.trim());
      return new Set(names).size === names.length && !names.some(isMeasureUnit);
    },
    { error: 'Cada porción debe tener un nombre distinto de g y ml', path: ['portions'] },
  );
export type FoodInput = z.input<typeof foodInputSchema>;

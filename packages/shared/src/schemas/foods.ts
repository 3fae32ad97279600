import { z } from 'zod';
import { id, requiredText, text } from './common';
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

/** Energy and nutrients of an amount of food; per 100 g on a food, per amount on an entry. */
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

export const portionSchema = z.object({
  /** As people say it: "1 huevo", "1 rebanada". */
  name: z.string(),
  grams: z.number(),
});
export type Portion = z.infer<typeof portionSchema>;

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
  favourite: z.boolean(),
  /** Logged in the diary lately. */
  recent: z.boolean(),
});
export type Food = z.infer<typeof foodSchema>;

export const foodListSchema = z.array(foodSchema);

export const FOOD_SEARCH_MAX_RESULTS = 50;

export const foodSearchQuerySchema = z.strictObject({
  q: text('La búsqueda', { max: 100 }).default(''),
  limit: z.coerce.number().int().min(1).max(FOOD_SEARCH_MAX_RESULTS).default(20),
  /** The meal being logged: without a query, what the person eats at it comes first. */
  meal: mealSchema.optional(),
});
export type FoodSearchQuery = z.input<typeof foodSearchQuerySchema>;

const per100 = (field: string) => numberUpTo(field, 100, { unit: 'g' });

const ownPortionSchema = z.strictObject({
  name: requiredText('El nombre de la porción', { max: 40 }),
  grams: amountUpTo('Los gramos de la porción', 5000, { unit: 'g' }),
});

/** One's own food, per 100 g, as the form sends it. */
export const foodInputSchema = z
  .strictObject({
    name: requiredText('El nombre', { max: 100 }),
    kcal: numberUpTo('Las calorías', 900, { unit: 'kcal' }),
    protein_g: per100('Las proteínas'),
    carbohydrate_g: per100('Los carbohidratos'),
    fat_g: per100('Las grasas'),
    fibre_g: per100('La fibra'),
    density_g_per_ml: numberUpTo('La densidad', 3, { unit: 'g/ml' })
      .refine((value) => value > 0, { error: 'La densidad debe ser mayor que 0' })
      .nullable()
      .default(null),
    portions: z
      .array(ownPortionSchema, { error: 'Las porciones deben ser una lista' })
      .max(10, { error: 'No puede haber más de 10 porciones' })
      .default([]),
  })
  .refine((food) => food.protein_g + food.carbohydrate_g + food.fat_g <= 100, {
    error: 'Proteínas, carbohidratos y grasas no pueden sumar más de 100 g por 100 g',
    path: ['carbohydrate_g'],
  })
  .refine((food) => food.fibre_g <= food.carbohydrate_g, {
    error: 'La fibra forma parte de los carbohidratos y no puede superarlos',
    path: ['fibre_g'],
  })
  .refine(
    (food) => {
      const names = food.portions.map((portion) => portion.name.trim());
      return new Set(names).size === names.length && !names.some(isMeasureUnit);
    },
    { error: 'Cada porción debe tener un nombre distinto de g y ml', path: ['portions'] },
  );
export type FoodInput = z.input<typeof foodInputSchema>;

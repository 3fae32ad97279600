import { z } from 'zod';
import { MAX_RECIPE_INGREDIENTS, MAX_RECIPE_SERVINGS } from '../constants';
import { dateTime, id, requiredText, text } from './common';
import { FOOD_SEARCH_MAX_RESULTS, nutrientsSchema, type Nutrients } from './foods';
import { validationMessages as m } from './messages';
import { amountUpTo } from './quantities';

/** The portion a recipe with servings is logged by: its total weight over its servings. */
export const RECIPE_SERVING = '1 ración';

/** The most a recipe's ingredient, or the whole dish cooked, may weigh. */
export const MAX_INGREDIENT_GRAMS = 5000;
export const MAX_COOKED_WEIGHT_G = 50_000;

const INGREDIENT_ID_ERROR = 'Cada ingrediente debe ser un alimento de la lista';

export const recipeIngredientInputSchema = z.strictObject({
  food_id: z.uuid({ error: INGREDIENT_ID_ERROR }),
  grams: amountUpTo('Los gramos de cada ingrediente', MAX_INGREDIENT_GRAMS, { unit: 'g' }),
});
export type RecipeIngredientInput = z.input<typeof recipeIngredientInputSchema>;

/**
 * A recipe as the form sends it: its ingredients with their grams (raw, as weighed), and the
 * number of servings it makes, the weight of the dish once cooked, or both. Its values per
 * 100 g are worked out from the ingredients (`recipeNutrition`), never typed.
 */
export const recipeInputSchema = z
  .strictObject({
    name: requiredText('El nombre', { max: 100 }),
    ingredients: z
      .array(recipeIngredientInputSchema, { error: 'Los ingredientes deben ser una lista' })
      .min(1, { error: 'La receta necesita al menos un ingrediente' })
      .max(MAX_RECIPE_INGREDIENTS, {
        error: `Una receta admite como máximo ${MAX_RECIPE_INGREDIENTS} ingredientes`,
      }),
    servings: amountUpTo('Las raciones', MAX_RECIPE_SERVINGS, { integer: true })
      .nullable()
      .default(null),
    cooked_weight_g: amountUpTo('El peso cocinado', MAX_COOKED_WEIGHT_G, { unit: 'g' })
      .nullable()
      .default(null),
  })
  .refine((recipe) => recipe.servings !== null || recipe.cooked_weight_g !== null, {
    error: 'Indica cuántas raciones salen o cuánto pesa el plato cocinado',
    path: ['servings'],
  });
export type RecipeInput = z.input<typeof recipeInputSchema>;

const RESULTS = 'El número de resultados';
const RESULTS_RANGE = m.between(RESULTS, '1', String(FOOD_SEARCH_MAX_RESULTS));

/**
 * A trainer's search of foods for a trainee's recipe (decision 080): the words, and how many
 * foods at most, as the trainee's own search takes them.
 */
export const traineeFoodSearchQuerySchema = z.strictObject({
  q: text('La búsqueda', { max: 100 }).default(''),
  limit: z.coerce
    .number({ error: m.integer(RESULTS) })
    .int({ error: m.integer(RESULTS) })
    .min(1, { error: RESULTS_RANGE })
    .max(FOOD_SEARCH_MAX_RESULTS, { error: RESULTS_RANGE })
    .default(20),
});
export type TraineeFoodSearchQuery = z.input<typeof traineeFoodSearchQuerySchema>;

export const recipeIngredientSchema = nutrientsSchema.extend({
  food_id: id,
  name: z.string(),
  grams: z.number(),
});
export type RecipeIngredient = z.infer<typeof recipeIngredientSchema>;

/** A recipe in a list: what it makes and what one serving (or 100 g) brings. */
export const recipeSummarySchema = z.object({
  id,
  name: z.string(),
  servings: z.number().nullable(),
  cooked_weight_g: z.number().nullable(),
  /** The dish's weight: cooked when given, else the ingredients' sum. */
  total_weight_g: z.number(),
  /** Grams in "1 ración"; null without servings (logged by grams only). */
  serving_g: z.number().nullable(),
  /** Per 100 g of the dish, as the food search and the diary use it. */
  per_100g: nutrientsSchema,
  /** Per serving; null without servings. */
  per_serving: nutrientsSchema.nullable(),
  ingredient_count: z.number(),
  updated_at: dateTime,
});
export type RecipeSummary = z.infer<typeof recipeSummarySchema>;

export const recipeListSchema = z.array(recipeSummarySchema);

/** One recipe with its ingredients, each with what its grams bring. */
export const recipeSchema = recipeSummarySchema.extend({
  ingredients: z.array(recipeIngredientSchema),
  /** Every ingredient together. */
  total: nutrientsSchema,
});
export type Recipe = z.infer<typeof recipeSchema>;

/** What the nutrition of a recipe is worked out from: each ingredient per 100 g. */
export interface IngredientValues extends Nutrients {
  grams: number;
  alcohol_g?: number;
}

export interface RecipeNutrition {
  total: Nutrients;
  alcohol_g: number;
  total_weight_g: number;
  per_100g: Nutrients;
  alcohol_per_100g: number;
  serving_g: number | null;
  per_serving: Nutrients | null;
}

const tenths = (value: number) => Math.round(value * 10) / 10;

function scale(values: Nutrients, factor: number): Nutrients {
  return {
    kcal: values.kcal * factor,
    protein_g: values.protein_g * factor,
    carbohydrate_g: values.carbohydrate_g * factor,
    fat_g: values.fat_g * factor,
    fibre_g: values.fibre_g * factor,
  };
}

/**
 * A recipe's values: the ingredients added up at their grams, spread over the dish's weight
 * (cooked when given, else the raw sum) for 100 g, and over its servings for one. Served by
 * the server when it stores the recipe and by the form for its live totals.
 */
export function recipeNutrition(
  ingredients: readonly IngredientValues[],
  servings: number | null,
  cookedWeightG: number | null,
): RecipeNutrition {
  const total: Nutrients = { kcal: 0, protein_g: 0, carbohydrate_g: 0, fat_g: 0, fibre_g: 0 };
  let alcohol = 0;
  let rawWeight = 0;
  for (const ingredient of ingredients) {
    const part = scale(ingredient, ingredient.grams / 100);
    total.kcal += part.kcal;
    total.protein_g += part.protein_g;
    total.carbohydrate_g += part.carbohydrate_g;
    total.fat_g += part.fat_g;
    total.fibre_g += part.fibre_g;
    alcohol += ((ingredient.alcohol_g ?? 0) * ingredient.grams) / 100;
    rawWeight += ingredient.grams;
  }
  const weight = cookedWeightG ?? rawWeight;
  const servingG = servings && weight > 0 ? tenths(weight / servings) : null;
  const per100 = weight > 0 ? scale(total, 100 / weight) : scale(total, 0);
  return {
    total,
    alcohol_g: alcohol,
    total_weight_g: weight,
    per_100g: per100,
    alcohol_per_100g: weight > 0 ? (alcohol * 100) / weight : 0,
    serving_g: servingG,
    per_serving: servingG === null ? null : scale(per100, servingG / 100),
  };
}

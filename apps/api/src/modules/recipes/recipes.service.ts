import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_OWN_FOODS } from '@forja/shared/constants';
import { isId } from '@forja/shared/schemas/common';
import type { Nutrients } from '@forja/shared/schemas/foods';
import {
  RECIPE_SERVING,
  recipeInputSchema,
  recipeNutrition,
  type Recipe,
  type RecipeInput,
  type RecipeSummary,
} from '@forja/shared/schemas/recipes';
import { searchTextOf } from '@forja/shared/search-text';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { lockOwnFoods } from '#db/advisory-locks';
import { visibleTo, type FoodRow } from '#db/foods';
import { inTransaction } from '#db/in-transaction';
import { refreshRecipeAllergens } from '#db/recipe-allergens';
import { foods, recipeIngredients } from '#db/schema/foods';
import { AppError } from '#http/app-error';
import { trainerMay } from '#security/trainer-access';

/*
 * Recipes (decision 072): one's own foods made of others. The recipe is a `foods` row with
 * `is_recipe`, whose values per 100 g are worked out from its ingredients when it is saved;
 * the diary copies a food's values into each entry when it is logged (decision 031), so a
 * recipe changed later leaves what was logged from it as it was.
 */

export interface RecipesDeps {
  db: Db;
  clock: Clock;
}

const nutrientsOf = (row: Nutrients): Nutrients => ({
  kcal: row.kcal,
  protein_g: row.protein_g,
  carbohydrate_g: row.carbohydrate_g,
  fat_g: row.fat_g,
  fibre_g: row.fibre_g,
});

function scaled(values: Nutrients, factor: number): Nutrients {
  return {
    kcal: values.kcal * factor,
    protein_g: values.protein_g * factor,
    carbohydrate_g: values.carbohydrate_g * factor,
    fat_g: values.fat_g * factor,
    fibre_g: values.fibre_g * factor,
  };
}

function summaryOf(row: FoodRow, ingredientCount: number): RecipeSummary {
  const servingG = row.portions[0]?.name === RECIPE_SERVING ? row.portions[0].grams : null;
  // Without a cooked weight the dish weighs what went in, which `getRecipe` adds up; a
  // list makes do with the servings' weight.
  const weight =
    row.cooked_weight_g ??
    (servingG !== null && row.servings !== null ? servingG * row.servings : 0);
  return {
    id: row.id,
    name: row.name,
    servings: row.servings,
    cooked_weight_g: row.cooked_weight_g,
    total_weight_g: weight,
    serving_g: servingG,
    per_100g: nutrientsOf(row),
    per_serving: servingG === null ? null : scaled(nutrientsOf(row), servingG / 100),
    ingredient_count: ingredientCount,
    updated_at: row.updated_at,
  };
}

function ownRecipe(ownerId: string, id: string) {
  return and(eq(foods.id, id), eq(foods.owner_id, ownerId), eq(foods.is_recipe, true));
}

/** The person's recipes, by name; at most their own-foods bound. */
export async function listRecipes(deps: RecipesDeps, ownerId: string): Promise<RecipeSummary[]> {
  const rows = await deps.db
    .select({
      food: foods,
      count: sql<number>`(select count(*)::int from ${recipeIngredients} where ${recipeIngredients.recipe_id} = ${foods.id})`,
    })
    .from(foods)
    .where(and(eq(foods.owner_id, ownerId), eq(foods.is_recipe, true)))
    .orderBy(asc(foods.name), asc(foods.id))
    .limit(MAX_OWN_FOODS);
  return rows.map((row) => summaryOf(row.food, row.count));
}

/** One of the person's recipes with its ingredients; anyone else's is a 404. */
export async function getRecipe(deps: RecipesDeps, ownerId: string, id: string): Promise<Recipe> {
  if (!isId(id)) throw new AppError('recipeNotFound');
  const [row] = await deps.db.select().from(foods).where(ownRecipe(ownerId, id));
  if (!row) throw new AppError('recipeNotFound');
  const parts = await deps.db
    .select({ grams: recipeIngredients.grams, food: foods })
    .from(recipeIngredients)
    .innerJoin(foods, eq(foods.id, recipeIngredients.food_id))
    .where(eq(recipeIngredients.recipe_id, id))
    .orderBy(asc(recipeIngredients.position));
  const ingredients = parts.map(({ grams, food }) => ({
    food_id: food.id,
    name: food.name,
    grams,
    ...scaled(nutrientsOf(food), grams / 100),
  }));
  const total = ingredients.reduce<Nutrients>(
    (sum, part) => ({
      kcal: sum.kcal + part.kcal,
      protein_g: sum.protein_g + part.protein_g,
      carbohydrate_g: sum.carbohydrate_g + part.carbohydrate_g,
      fat_g: sum.fat_g + part.fat_g,
      fibre_g: sum.fibre_g + part.fibre_g,
    }),
    { kcal: 0, protein_g: 0, carbohydrate_g: 0, fat_g: 0, fibre_g: 0 },
  );
  const rawWeight = parts.reduce((sum, part) => sum + part.grams, 0);
  return {
    ...summaryOf(row, parts.length),
    total_weight_g: row.cooked_weight_g ?? rawWeight,
    ingredients,
    total,
  };
}

/**
 * The row values of a recipe worked out from its ingredients, which must all be foods the
 * owner may see; `recipeId` (when changing one) must not be among them, directly or
 * through another of the owner's recipes.
 */
async function recipeValues(db: Db, ownerId: string, input: RecipeInput, recipeId?: string) {
  const recipe = recipeInputSchema.parse(input);
  const ids = [...new Set(recipe.ingredients.map((part) => part.food_id))];
  if (recipeId !== undefined && ids.includes(recipeId)) throw new AppError('recipeContainsItself');
  const rows = await db
    .select()
    .from(foods)
    .where(and(inArray(foods.id, ids), visibleTo(ownerId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (byId.size !== ids.length) throw new AppError('invalidIngredient');
  if (recipeId !== undefined && (await containsRecipe(db, ids, recipeId))) {
    throw new AppError('recipeContainsItself');
  }
  const values = recipe.ingredients.map((part) => {
    const food = byId.get(part.food_id);
    if (!food) throw new AppError('invalidIngredient');
    return { ...nutrientsOf(food), alcohol_g: food.alcohol_g, grams: part.grams };
  });
  const nutrition = recipeNutrition(values, recipe.servings, recipe.cooked_weight_g);
  const name = recipe.name.trim();
  return {
    ingredients: recipe.ingredients,
    row: {
      name,
      search_text: searchTextOf(name, []),
      ...nutrition.per_100g,
      alcohol_g: nutrition.alcohol_per_100g,
      portions:
        nutrition.serving_g === null ? [] : [{ name: RECIPE_SERVING, grams: nutrition.serving_g }],
      is_recipe: true,
      servings: recipe.servings,
      cooked_weight_g: recipe.cooked_weight_g,
    },
  };
}

/** Whether any of `ids`, or a recipe among them at any depth, has `recipeId` inside. */
async function containsRecipe(db: Db, ids: string[], recipeId: string): Promise<boolean> {
  const answer: unknown = await db.execute(sql`
    with recursive inside(food_id) as (
      select ${recipeIngredients.food_id} from ${recipeIngredients}
      where ${recipeIngredients.recipe_id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      union
      select ri.food_id from ${recipeIngredients} ri join inside on ri.recipe_id = inside.food_id
    )
    select 1 from inside where food_id = ${recipeId}::uuid limit 1`);
  return (answer as { rows: unknown[] }).rows.length > 0;
}

async function writeIngredients(
  db: Db,
  recipeId: string,
  ingredients: { food_id: string; grams: number }[],
) {
  await db.delete(recipeIngredients).where(eq(recipeIngredients.recipe_id, recipeId));
  await db.insert(recipeIngredients).values(
    ingredients.map((part, position) => ({
      recipe_id: recipeId,
      position,
      food_id: part.food_id,
      grams: part.grams,
    })),
  );
}

/** Creates a recipe among the person's own foods, within their bound. */
export async function createRecipe(
  deps: RecipesDeps,
  ownerId: string,
  input: RecipeInput,
): Promise<Recipe> {
  return inTransaction(deps, async (deps) => {
    await lockOwnFoods(deps.db, ownerId);
    const { row, ingredients } = await recipeValues(deps.db, ownerId, input);
    const [held] = await deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(foods)
      .where(eq(foods.owner_id, ownerId));
    if ((held?.count ?? 0) >= MAX_OWN_FOODS) throw new AppError('tooManyOwnFoods');
    const now = deps.clock.now();
    const [stored] = await deps.db
      .insert(foods)
      .values({ ...row, owner_id: ownerId, created_at: now, updated_at: now })
      .returning({ id: foods.id });
    if (!stored) throw new Error('recipe not stored');
    await writeIngredients(deps.db, stored.id, ingredients);
    await refreshRecipeAllergens(deps.db, [stored.id]);
    return getRecipe(deps, ownerId, stored.id);
  });
}

/** Changes a recipe; what was logged from it before stays as it was. */
export async function updateRecipe(
  deps: RecipesDeps,
  ownerId: string,
  id: string,
  input: RecipeInput,
): Promise<Recipe> {
  if (!isId(id)) throw new AppError('recipeNotFound');
  return inTransaction(deps, async (deps) => {
    await lockOwnFoods(deps.db, ownerId);
    const [existing] = await deps.db
      .select({ id: foods.id })
      .from(foods)
      .where(ownRecipe(ownerId, id));
    if (!existing) throw new AppError('recipeNotFound');
    const { row, ingredients } = await recipeValues(deps.db, ownerId, input, id);
    await deps.db
      .update(foods)
      .set({ ...row, updated_at: deps.clock.now() })
      .where(ownRecipe(ownerId, id));
    await writeIngredients(deps.db, id, ingredients);
    // It, and every recipe made with it, contain what its ingredients now do.
    await refreshRecipeAllergens(deps.db, [id]);
    return getRecipe(deps, ownerId, id);
  });
}

export async function deleteRecipe(deps: RecipesDeps, ownerId: string, id: string) {
  if (!isId(id)) throw new AppError('recipeNotFound');
  const deleted = await deps.db
    .delete(foods)
    .where(ownRecipe(ownerId, id))
    .returning({ id: foods.id });
  if (deleted.length === 0) throw new AppError('recipeNotFound');
}

/**
 * Runs `work` for a trainer on a trainee's recipes: only for their own trainee who shares
 * the diary, the link held until the write ends; anyone else is a 404 (decision 056).
 */
export async function asTrainer<T>(
  deps: RecipesDeps,
  trainerId: string,
  traineeId: string,
  work: (deps: RecipesDeps) => Promise<T>,
): Promise<T> {
  return inTransaction(deps, async (deps) => {
    if (!(await trainerMay(deps.db, trainerId, traineeId, { area: 'diary', lock: true }))) {
      throw new AppError('notFound');
    }
    return work(deps);
  });
}

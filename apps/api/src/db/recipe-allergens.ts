import { eq, sql } from 'drizzle-orm';
import { allergensOfTableFood, type Allergen } from '@forja/shared/allergens';
import { ALLERGENS } from '@forja/shared/schemas/onboarding';
import type { Db } from './client';
import { foods } from './schema/foods';

/*
 * A recipe contains what its ingredients contain (decision 105): the union of the allergens
 * of the foods it is made of, through the recipes among them, stored in its `allergens` when
 * it is saved and worked out again whenever one of those foods changes or goes, or the
 * shipped table is loaded anew. The search reads it as it reads any food's.
 */

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The recipes that hold any of `ids` at any depth, and those of `ids` that are recipes. */
export async function recipesHolding(db: Db, ids: readonly string[]): Promise<string[]> {
  const answer: unknown = await db.execute(sql`
    with recursive holders(id) as (
      select unnest(array[${idList(ids)}])
      union
      select ri.recipe_id from recipe_ingredients ri join holders h on ri.food_id = h.id
    )
    select f.id from holders h join foods f on f.id = h.id and f.is_recipe`);
  return (answer as { rows: { id: string }[] }).rows.map((row) => row.id);
}

interface LeafRow {
  recipe_id: string;
  current: Allergen[] | null;
  name: string | null;
  owner_id: string | null;
  allergens: Allergen[] | null;
}

/**
 * Works out again the allergens of the recipes that hold any of `changed` (food ids, at any
 * depth), or of every recipe when `changed` is null, and stores those that differ. Run it in
 * the transaction of the change, after it (for a food about to be deleted, take
 * `recipesHolding` first and pass those).
 */
export async function refreshRecipeAllergens(
  db: Db,
  changed: readonly string[] | null,
): Promise<void> {
  // Every recipe: no list of ids, which could outgrow a statement's parameters.
  let scope = sql`r.is_recipe`;
  let start = sql`true`;
  if (changed !== null) {
    const targets = changed.length === 0 ? [] : await recipesHolding(db, changed);
    if (targets.length === 0) return;
    scope = sql`r.id in (${idList(targets)})`;
    start = sql`ri.recipe_id in (${idList(targets)})`;
  }
  const answer: unknown = await db.execute(sql`
    with recursive inside(recipe_id, food_id) as (
      select ri.recipe_id, ri.food_id from recipe_ingredients ri where ${start}
      union
      select i.recipe_id, ri.food_id from inside i join recipe_ingredients ri on ri.recipe_id = i.food_id
    )
    select r.id as recipe_id, r.allergens as current, f.name, f.owner_id, f.allergens
    from foods r
    left join inside i on i.recipe_id = r.id
    left join foods f on f.id = i.food_id and not f.is_recipe
    where ${scope}`);
  const rows = (answer as { rows: LeafRow[] }).rows;
  const found = new Map<string, { current: Allergen[]; contained: Set<Allergen> }>();
  for (const row of rows) {
    let recipe = found.get(row.recipe_id);
    if (!recipe) {
      recipe = { current: row.current ?? [], contained: new Set() };
      found.set(row.recipe_id, recipe);
    }
    if (row.name === null) continue;
    const leaf = { name: row.name, allergens: row.allergens ?? [] };
    const allergens = row.owner_id === null ? allergensOfTableFood(leaf) : leaf.allergens;
    for (const allergen of allergens) recipe.contained.add(allergen);
  }
  for (const [id, { current, contained }] of found) {
    const allergens = ALLERGENS.filter((allergen) => contained.has(allergen));
    if (allergens.join() === current.join()) continue;
    await db.update(foods).set({ allergens }).where(eq(foods.id, id));
  }
}

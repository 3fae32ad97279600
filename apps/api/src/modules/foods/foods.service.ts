import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isId } from '@forja/shared/schemas/common';
import {
  foodInputSchema,
  type Food,
  type FoodInput,
  type FoodSearchQuery,
  foodSearchQuerySchema,
} from '@forja/shared/schemas/foods';
import { addDays } from '@forja/shared/calendar';
import { MAX_OWN_FOODS } from '@forja/shared/constants';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { lockOwnFoods } from '../../db/advisory-locks';
import { inTransaction } from '../../db/in-transaction';
import { diaryEntries } from '../../db/schema/diary';
import { findVisibleFood, visibleTo, type FoodRow } from '../../db/foods';
import { foodFavourites, foods } from '../../db/schema/foods';
import { AppError } from '../../http/app-error';
import { foldForSearch, searchTextOf } from '@forja/shared/search-text';

export interface FoodsDeps {
  db: Db;
  clock: Clock;
}

/** Foods logged within this many days count as recent. */
const RECENT_DAYS = 60;

function toFood(row: FoodRow, flags: { favourite: boolean; recent: boolean }): Food {
  return {
    id: row.id,
    name: row.name,
    origin: row.owner_id ? 'own' : 'table',
    kcal: row.kcal,
    protein_g: row.protein_g,
    carbohydrate_g: row.carbohydrate_g,
    fat_g: row.fat_g,
    fibre_g: row.fibre_g,
    density_g_per_ml: row.density_g_per_ml,
    portions: row.portions,
    source: row.source,
    ...flags,
  };
}

/** The first day whose entries count as recent. */
function recentSince(clock: Clock): string {
  return addDays(clock.now().toISOString().slice(0, 10), -RECENT_DAYS);
}

/**
 * Foods the person may see with their favourite and recent flags, filtered by `where`
 * (given the recent-use subquery) and sorted by `order` after the flags.
 */
async function selectFoods(
  deps: FoodsDeps,
  userId: string,
  options: {
    where: (flags: { favourite: SQL; recent: SQL }) => SQL | undefined;
    first?: SQL[];
    limit: number;
  },
): Promise<Food[]> {
  const since = recentSince(deps.clock);
  const recent = deps.db
    .select({
      food_id: diaryEntries.food_id,
      used_at: sql<Date>`max(${diaryEntries.created_at})`.as('used_at'),
    })
    .from(diaryEntries)
    .where(
      and(
        eq(diaryEntries.user_id, userId),
        sql`${diaryEntries.date} >= ${since}`,
        sql`${diaryEntries.food_id} is not null`,
      ),
    )
    .groupBy(diaryEntries.food_id)
    .as('recent');
  const favourite = sql<boolean>`${foodFavourites.food_id} is not null`;
  const isRecent = sql<boolean>`${recent.used_at} is not null`;

  const rows = await deps.db
    .select({ food: foods, favourite, recent: isRecent })
    .from(foods)
    .leftJoin(
      foodFavourites,
      and(eq(foodFavourites.food_id, foods.id), eq(foodFavourites.user_id, userId)),
    )
    .leftJoin(recent, eq(recent.food_id, foods.id))
    .where(and(visibleTo(userId), options.where({ favourite, recent: isRecent })))
    .orderBy(
      ...(options.first ?? []),
      sql`${favourite} desc`,
      sql`${recent.used_at} desc nulls last`,
      sql`length(${foods.name})`,
      foods.name,
    )
    .limit(options.limit);
  return rows.map((row) => toFood(row.food, { favourite: row.favourite, recent: row.recent }));
}

/**
 * Foods matching every word of the query, accents and case aside. Those whose name starts
 * with the query come first, then those with a word (or a synonym) that starts with it,
 * then the rest; within each, favourites, then recently logged foods, then shorter names.
 * With an empty query: favourites and recent foods.
 */
export async function searchFoods(
  deps: FoodsDeps,
  userId: string,
  query: FoodSearchQuery,
): Promise<Food[]> {
  const { q, limit } = foodSearchQuerySchema.parse(query);
  const folded = foldForSearch(q);
  const words = folded.split(' ').filter((word) => word !== '');
  if (words.length === 0) {
    // Only the person's favourites and recent foods, looked up by id: a few dozen rows
    // instead of every food.
    const since = recentSince(deps.clock);
    const ids = await deps.db
      .select({ id: foodFavourites.food_id })
      .from(foodFavourites)
      .where(eq(foodFavourites.user_id, userId))
      .union(
        deps.db
          .selectDistinct({ id: sql<string>`${diaryEntries.food_id}` })
          .from(diaryEntries)
          .where(
            and(
              eq(diaryEntries.user_id, userId),
              sql`${diaryEntries.date} >= ${since}`,
              sql`${diaryEntries.food_id} is not null`,
            ),
          ),
      );
    if (ids.length === 0) return [];
    return selectFoods(deps, userId, {
      where: () =>
        inArray(
          foods.id,
          ids.map((row) => row.id),
        ),
      limit,
    });
  }
  const tier = sql`case
    when ${foods.search_text} like ${`${folded}%`} then 0
    when ${foods.search_text} like ${`% ${folded}%`} then 1
    else 2 end`;
  return selectFoods(deps, userId, {
    where: () => and(...words.map((word) => sql`${foods.search_text} like ${`%${word}%`}`)),
    first: [tier],
    limit,
  });
}

export async function getFood(deps: FoodsDeps, userId: string, id: string): Promise<Food> {
  if (!isId(id)) throw new AppError('foodNotFound');
  const [food] = await selectFoods(deps, userId, { where: () => eq(foods.id, id), limit: 1 });
  if (!food) throw new AppError('foodNotFound');
  return food;
}

function ownFoodValues(input: FoodInput) {
  const food = foodInputSchema.parse(input);
  const portions = food.portions.map((portion) => ({ ...portion, name: portion.name.trim() }));
  const name = food.name.trim();
  return { ...food, name, portions, search_text: searchTextOf(name, []) };
}

export async function createFood(deps: FoodsDeps, userId: string, input: FoodInput): Promise<Food> {
  const values = ownFoodValues(input);
  return inTransaction(deps, async ({ db, clock }) => {
    await lockOwnFoods(db, userId);
    const [held] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(foods)
      .where(eq(foods.owner_id, userId));
    if ((held?.count ?? 0) >= MAX_OWN_FOODS) throw new AppError('tooManyOwnFoods');
    const now = clock.now();
    const [row] = await db
      .insert(foods)
      .values({ ...values, owner_id: userId, created_at: now, updated_at: now })
      .returning();
    if (!row) throw new Error('food not stored');
    return toFood(row, { favourite: false, recent: false });
  });
}

function ownFood(userId: string, id: string) {
  return and(eq(foods.id, id), eq(foods.owner_id, userId));
}

/** Changes one's own food; the shipped table and other people's foods are a 404. */
export async function updateFood(
  deps: FoodsDeps,
  userId: string,
  id: string,
  input: FoodInput,
): Promise<Food> {
  if (!isId(id)) throw new AppError('foodNotFound');
  return inTransaction(deps, async (deps) => {
    const [row] = await deps.db
      .update(foods)
      .set({ ...ownFoodValues(input), updated_at: deps.clock.now() })
      .where(ownFood(userId, id))
      .returning();
    if (!row) throw new AppError('foodNotFound');
    return getFood(deps, userId, row.id);
  });
}

/** Deletes one's own food. Diary entries made from it keep what they recorded. */
export async function deleteFood(deps: FoodsDeps, userId: string, id: string): Promise<void> {
  if (!isId(id)) throw new AppError('foodNotFound');
  const deleted = await deps.db
    .delete(foods)
    .where(ownFood(userId, id))
    .returning({ id: foods.id });
  if (deleted.length === 0) throw new AppError('foodNotFound');
}

export async function setFavourite(
  deps: FoodsDeps,
  userId: string,
  id: string,
  favourite: boolean,
): Promise<Food> {
  return inTransaction(deps, async (deps) => {
    const row = await findVisibleFood(deps.db, userId, id);
    if (!row) throw new AppError('foodNotFound');
    if (favourite) {
      await deps.db
        .insert(foodFavourites)
        .values({ user_id: userId, food_id: row.id, created_at: deps.clock.now() })
        .onConflictDoNothing();
    } else {
      await deps.db
        .delete(foodFavourites)
        .where(and(eq(foodFavourites.user_id, userId), eq(foodFavourites.food_id, row.id)));
    }
    return getFood(deps, userId, row.id);
  });
}

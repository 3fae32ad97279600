import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MAX_OWN_FOODS } from '@forja/shared/constants';
import { searchKeptFoods } from '@forja/shared/food-search/device';
import { withFoodUsed } from '@forja/shared/food-search/recents';
import { foodTableSchema } from '@forja/shared/schemas/food-table';
import { foodListSchema, type Food, type FoodAmount } from '@forja/shared/schemas/foods';
import { eatingAnswerSchema } from '@forja/shared/schemas/onboarding';
import { http } from '#lib/http';
import { getAccessToken } from '#lib/session';
import { deviceFoodStorage, KEPT_FOODS_FORMAT, type FoodStorage, type KeptPerson } from './storage';

/*
 * The foods a device keeps to search without signal (decision 081): the shipped table
 * (`GET /v0/foods/table/`, asked again with its tag), the person's favourites and recent
 * foods, every one of their own foods (`GET /v0/foods/own/`, with those answers carried
 * since), and the allergies they declared. Kept in idle time, never while a screen loads;
 * searched only when the API does not answer.
 */

/** The favourites and recents kept: the most the API answers at once. */
export const KEPT_FAVOURITES_AND_RECENTS = 50;

/** What is read of the onboarding answers: the eating step alone. */
const eatingOnlySchema = z.object({
  answers: z.object({ eating: eatingAnswerSchema.nullable() }),
});

export function currentUserId(queryClient: QueryClient): string | null {
  if (!getAccessToken()) return null;
  return queryClient.getQueryData<{ id: string }>(['users', 'current'])?.id ?? null;
}

/** Changes to the person's copy, one at a time: each reads what the one before wrote. */
let changes: Promise<unknown> = Promise.resolve();

function changePerson(
  store: FoodStorage,
  change: (person: KeptPerson | undefined) => KeptPerson | null,
): Promise<void> {
  const next = changes.then(async () => {
    const person = change(await store.person());
    if (person) await store.put(person);
  });
  changes = next.catch(() => undefined);
  return next;
}

/** Own foods, the newer copy of each winning, within the API's bound on them. */
function mergeOwn(kept: readonly Food[], newer: readonly Food[]): Food[] {
  const byId = new Map(kept.map((food) => [food.id, food]));
  for (const food of newer) {
    if (food.origin !== 'own') continue;
    byId.delete(food.id);
    byId.set(food.id, food);
  }
  return [...byId.values()].slice(-MAX_OWN_FOODS);
}

/**
 * Reads the table (unless the kept copy is still current: 304), the favourites and recents
 * and the eating step, and keeps them. Nothing without a signed-in person.
 */
export async function keepFoods(
  queryClient: QueryClient,
  store: FoodStorage = deviceFoodStorage(),
): Promise<void> {
  const userId = currentUserId(queryClient);
  if (!userId) return;
  const held = await store.table();
  const table = await http.getIfChanged('/foods/table/', {
    schema: foodTableSchema,
    etag: held?.etag ?? null,
  });
  if (table) {
    await store.put({
      format: KEPT_FOODS_FORMAT,
      etag: table.etag,
      savedAt: Date.now(),
      foods: table.data,
    });
  }
  const [list, own, onboarding] = await Promise.all([
    http.get('/foods/', {
      schema: foodListSchema,
      query: { limit: String(KEPT_FAVOURITES_AND_RECENTS) },
    }),
    http.get('/foods/own/', { schema: foodListSchema }),
    http.get(`/users/${encodeURIComponent(userId)}/onboarding/`, { schema: eatingOnlySchema }),
  ]);
  // Signed out (or someone else signed in) meanwhile: nothing of this person is kept.
  if (currentUserId(queryClient) !== userId) return;
  await changePerson(store, () => ({
    format: KEPT_FOODS_FORMAT,
    userId,
    savedAt: Date.now(),
    favouritesAndRecents: list,
    // Every own food, as the API holds them now: one deleted on another device goes.
    own: mergeOwn([], own),
    eating: onboarding.answers.eating,
  }));
}

/** Own foods an answer carried (a search, a food just made or changed), kept for later. */
export function keepOwnFoods(
  foods: readonly Food[],
  store: FoodStorage = deviceFoodStorage(),
): Promise<void> {
  if (!foods.some((food) => food.origin === 'own')) return Promise.resolve();
  return changePerson(store, (person) =>
    person ? { ...person, own: mergeOwn(person.own, foods) } : null,
  );
}

/**
 * A food just logged leads the kept recents (after the favourites, or first of them), so a
 * search without signal puts it where the API will: the kept list stays in the order of
 * use until the next keeping reads the API's.
 */
export function keepUsedFood(
  food: Food,
  amount?: FoodAmount,
  store: FoodStorage = deviceFoodStorage(),
): Promise<void> {
  return changePerson(store, (person) =>
    person
      ? {
          ...person,
          favouritesAndRecents: withFoodUsed(
            person.favouritesAndRecents,
            food,
            KEPT_FAVOURITES_AND_RECENTS,
            amount,
          ),
        }
      : null,
  );
}

/** One's own food deleted: the device no longer finds it. */
export function forgetOwnFood(id: string, store: FoodStorage = deviceFoodStorage()): Promise<void> {
  return changePerson(store, (person) =>
    person
      ? {
          ...person,
          own: person.own.filter((food) => food.id !== id),
          favouritesAndRecents: person.favouritesAndRecents.filter((food) => food.id !== id),
        }
      : null,
  );
}

/** The answers the query cache holds with the person's marks, the oldest first. */
function answersInCache(queryClient: QueryClient): Food[][] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: ['foods', 'search'] })
    .filter((query) => Array.isArray(query.state.data))
    .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt)
    .map((query) => query.state.data as Food[]);
}

/**
 * The answer `GET /v0/foods/?q=&limit=` would give, from what the device kept: the same
 * search (`searchKeptFoods`), the marks from the kept favourites and recents and from the
 * answers read since, the warnings from the declared allergies. Null without a kept table.
 */
export async function searchOnDevice(
  queryClient: QueryClient,
  q: string,
  limit: number,
  store: FoodStorage = deviceFoodStorage(),
): Promise<Food[] | null> {
  const [table, kept] = await Promise.all([store.table(), store.person()]);
  if (!table) return null;
  const userId = currentUserId(queryClient);
  const person = kept && kept.userId === userId ? kept : undefined;
  const answers = answersInCache(queryClient);
  return searchKeptFoods(
    {
      table: table.foods,
      own: mergeOwn(person?.own ?? [], answers.flat()),
      favouritesAndRecents: person?.favouritesAndRecents ?? [],
      marked: answers,
      eating: person?.eating ?? null,
    },
    q,
    limit,
  );
}

/**
 * The list a search without words gets (favourites, then recent foods) from what the device
 * kept, for a sheet opened without signal: the person's kept list, else the latest such
 * answer the cache holds (for any meal), at most `limit` foods. Null when it has neither.
 */
export async function favouritesAndRecentsOnDevice(
  queryClient: QueryClient,
  limit: number,
  store: FoodStorage = deviceFoodStorage(),
): Promise<Food[] | null> {
  const kept = await store.person().catch(() => undefined);
  const userId = currentUserId(queryClient);
  if (kept && userId && kept.userId === userId) return kept.favouritesAndRecents.slice(0, limit);
  const [latest] = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['foods', 'search', ''] })
    .filter((query) => Array.isArray(query.state.data))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return latest ? (latest.state.data as Food[]).slice(0, limit) : null;
}

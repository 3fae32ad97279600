import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import { foodListSchema, type Food } from '@forja/shared/schemas/foods';
import {
  recipeListSchema,
  recipeSchema,
  type Recipe,
  type RecipeInput,
  type RecipeSummary,
} from '@forja/shared/schemas/recipes';
import { http } from '#lib/http';

/**
 * Whose recipes a screen shows, and how it reaches them: one's own (`ownRecipes`), or a
 * trainee's for their trainer (`traineeRecipes`, decision 080). The screen and its form are
 * the same for both.
 */
export interface RecipeBook {
  /** Where the recipes' queries live: the list, and each recipe under it by id. */
  key: QueryKey;
  list: () => Promise<RecipeSummary[]>;
  get: (id: string) => Promise<Recipe>;
  create: (recipe: RecipeInput) => Promise<Recipe>;
  update: (id: string, recipe: RecipeInput) => Promise<Recipe>;
  /** Absent when the recipes are not the reader's to delete. */
  remove?: (id: string) => Promise<unknown>;
  /** Where the food search's queries live, each under it by its words. */
  searchKey: QueryKey;
  /** The food search the ingredients are found with: the owner's, as the diary's. */
  search: (q: string) => Promise<Food[]>;
  /** What a saved recipe may have changed: the recipes, and the search that finds them. */
  changes: QueryKey[];
}

/** The person's own recipes (decision 072); the search is the diary's, sharing its cache. */
export const ownRecipes: RecipeBook = {
  key: ['recipes'],
  list: () => http.get('/recipes/', { schema: recipeListSchema }),
  get: (id) => http.get(`/recipes/${id}/`, { schema: recipeSchema }),
  create: (recipe) => http.post('/recipes/', { schema: recipeSchema, body: recipe }),
  update: (id, recipe) => http.put(`/recipes/${id}/`, { schema: recipeSchema, body: recipe }),
  remove: (id) => http.delete(`/recipes/${id}/`, { schema: noticeSchema }),
  searchKey: ['foods', 'search'],
  search: (q) => http.get('/foods/', { schema: foodListSchema, query: { q, limit: '20' } }),
  // Favourites and recents may hold the recipe too.
  changes: [['recipes'], ['foods']],
};

/**
 * A trainee's recipes, for their trainer (decision 080): created and changed for them, found
 * in the trainee's own food search; not deleted. Under the trainee's file's keys.
 */
export function traineeRecipes(traineeId: string): RecipeBook {
  const base = `/trainers/trainees/${encodeURIComponent(traineeId)}`;
  const file = ['trainers', 'trainees', 'file', traineeId];
  return {
    key: [...file, 'recipes'],
    list: () => http.get(`${base}/recipes/`, { schema: recipeListSchema }),
    get: (id) => http.get(`${base}/recipes/${id}/`, { schema: recipeSchema }),
    create: (recipe) => http.post(`${base}/recipes/`, { schema: recipeSchema, body: recipe }),
    update: (id, recipe) =>
      http.put(`${base}/recipes/${id}/`, { schema: recipeSchema, body: recipe }),
    searchKey: [...file, 'foods'],
    search: (q) =>
      http.get(`${base}/foods/`, { schema: foodListSchema, query: { q, limit: '20' } }),
    changes: [
      [...file, 'recipes'],
      [...file, 'foods'],
    ],
  };
}

export function recipeListQuery(book: RecipeBook) {
  return queryOptions({ queryKey: book.key, queryFn: book.list });
}

export function recipeQuery(book: RecipeBook, id: string) {
  return queryOptions({ queryKey: [...book.key, id], queryFn: () => book.get(id) });
}

/** A search for an ingredient; the same words answer alike for a minute. */
export function ingredientSearchQuery(book: RecipeBook, q: string) {
  return queryOptions({
    queryKey: [...book.searchKey, q],
    queryFn: () => book.search(q),
    staleTime: 60_000,
  });
}

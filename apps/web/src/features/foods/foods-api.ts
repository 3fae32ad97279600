import { queryOptions } from '@tanstack/react-query';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import { foodListSchema, foodSchema, type FoodInput } from '@forja/shared/schemas/foods';
import type { Meal } from '@forja/shared/schemas/meals';
import { http } from '../../lib/http';

/**
 * A search; without a query, the person's favourites and recent foods, those they eat at
 * `meal` first. The meal only orders that list, so searches share one cache entry.
 */
export function foodSearchQuery(q: string, meal?: Meal) {
  const forMeal = q === '' ? meal : undefined;
  return queryOptions({
    queryKey: ['foods', 'search', q, ...(forMeal ? [forMeal] : [])],
    queryFn: () =>
      http.get('/foods/', {
        schema: foodListSchema,
        query: { q, limit: '20', ...(forMeal ? { meal: forMeal } : {}) },
      }),
    staleTime: 60_000,
  });
}

export const createFood = (food: FoodInput) =>
  http.post('/foods/', { schema: foodSchema, body: food });

export const updateFood = (id: string, food: FoodInput) =>
  http.put(`/foods/${id}/`, { schema: foodSchema, body: food });

export const deleteFood = (id: string) => http.delete(`/foods/${id}/`, { schema: noticeSchema });

export const setFavourite = (id: string, favourite: boolean) =>
  favourite
    ? http.put(`/foods/${id}/favourite/`, { schema: foodSchema })
    : http.delete(`/foods/${id}/favourite/`, { schema: foodSchema });

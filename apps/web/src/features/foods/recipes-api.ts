import { queryOptions } from '@tanstack/react-query';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import { recipeListSchema, recipeSchema, type RecipeInput } from '@forja/shared/schemas/recipes';
import { http } from '../../lib/http';

/** The person's recipes (decision 072). */
export const recipesQuery = queryOptions({
  queryKey: ['recipes'],
  queryFn: () => http.get('/recipes/', { schema: recipeListSchema }),
});

export function recipeQuery(id: string) {
  return queryOptions({
    queryKey: ['recipes', id],
    queryFn: () => http.get(`/recipes/${id}/`, { schema: recipeSchema }),
  });
}

export const createRecipe = (recipe: RecipeInput) =>
  http.post('/recipes/', { schema: recipeSchema, body: recipe });

export const updateRecipe = (id: string, recipe: RecipeInput) =>
  http.put(`/recipes/${id}/`, { schema: recipeSchema, body: recipe });

export const deleteRecipe = (id: string) =>
  http.delete(`/recipes/${id}/`, { schema: noticeSchema });

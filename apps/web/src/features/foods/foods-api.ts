import { queryOptions, type Query } from '@tanstack/react-query';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import {
  FOOD_SEARCH_RESULTS,
  foodListSchema,
  foodSchema,
  type Food,
  type FoodInput,
} from '@forja/shared/schemas/foods';
import type { Meal } from '@forja/shared/schemas/meals';
import { http } from '#lib/http';
import { isUnanswered } from '#lib/offline/offline';

/** The foods kept to search without signal (decision 081): their code loads when needed. */
const keptFoods = () => import('#lib/offline/kept-foods');

/** The results a search gets at once. */
const SEARCH_LIMIT = FOOD_SEARCH_RESULTS;

/** Answers found on the device without signal: read again as soon as there is one. */
const answeredOnDevice = new WeakSet<Food[]>();

/**
 * A search; without a query, the person's favourites and recent foods, those they eat at
 * `meal` first. The meal only orders that list, so searches share one cache entry.
 */
export function foodSearchQuery(q: string, meal?: Meal) {
  const forMeal = q === '' ? meal : undefined;
  return queryOptions({
    queryKey: ['foods', 'search', q, ...(forMeal ? [forMeal] : [])],
    queryFn: async ({ client }) => {
      try {
        const foods = await http.get('/foods/', {
          schema: foodListSchema,
          query: { q, limit: String(SEARCH_LIMIT), ...(forMeal ? { meal: forMeal } : {}) },
        });
        // One's own foods found are kept, for a search without signal later.
        if (foods.some((food) => food.origin === 'own')) {
          void keptFoods()
            .then((kept) => kept.keepOwnFoods(foods))
            .catch(() => undefined);
        }
        return foods;
      } catch (error) {
        // Without signal a search is answered on the device, as the API would have; the list
        // without words by the favourites and recent foods kept.
        if (!isUnanswered(error)) throw error;
        const kept = await keptFoods();
        const found = await (q === ''
          ? kept.favouritesAndRecentsOnDevice(client, SEARCH_LIMIT)
          : kept.searchOnDevice(client, q, SEARCH_LIMIT));
        if (!found) throw error;
        answeredOnDevice.add(found);
        return found;
      }
    },
    staleTime: (query: Query<Food[], Error, Food[]>) =>
      query.state.data && answeredOnDevice.has(query.state.data) ? 0 : 60_000,
  });
}

/** One's own food as the API answered it, kept on the device to be found without signal. */
function keptOwn(food: Food): Food {
  void keptFoods()
    .then((kept) => kept.keepOwnFoods([food]))
    .catch(() => undefined);
  return food;
}

export const createFood = (food: FoodInput) =>
  http.post('/foods/', { schema: foodSchema, body: food }).then(keptOwn);

export const updateFood = (id: string, food: FoodInput) =>
  http.put(`/foods/${id}/`, { schema: foodSchema, body: food }).then(keptOwn);

export const deleteFood = async (id: string) => {
  const notice = await http.delete(`/foods/${id}/`, { schema: noticeSchema });
  void keptFoods()
    .then((kept) => kept.forgetOwnFood(id))
    .catch(() => undefined);
  return notice;
};

export const setFavourite = (id: string, favourite: boolean) =>
  favourite
    ? http.put(`/foods/${id}/favourite/`, { schema: foodSchema })
    : http.delete(`/foods/${id}/favourite/`, { schema: foodSchema });

/** The product with this barcode: one's own first, then one shared with Forja; 404 if none. */
export const findFoodByBarcode = (code: string) =>
  http.get(`/foods/barcodes/${encodeURIComponent(code)}/`, { schema: foodSchema });

import type { QueryClient } from '@tanstack/react-query';
import { volumeForDisplay, volumeUnit } from '@forja/shared/fluid-units';
import { kcalOf, usualAmount } from '@forja/shared/food-search/recents';
import { GRAMS, MILLILITRES, type Food, type FoodAmount } from '@forja/shared/schemas/foods';
import type { MetricSystem } from '@forja/shared/units';
import { formatNumber } from '#lib/numbers';

/**
 * The amounts remembered per food (decision 106), from the lists of favourites and recents
 * the app holds (kept on the device too): a search's answer carries none.
 */
function rememberedAmounts(queryClient: QueryClient): Map<string, FoodAmount> {
  const amounts = new Map<string, FoodAmount>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['foods', 'search', ''] })) {
    const list = query.state.data;
    if (!Array.isArray(list)) continue;
    for (const food of list as Food[]) {
      if (food.last_amount && !amounts.has(food.id)) amounts.set(food.id, food.last_amount);
    }
  }
  return amounts;
}

/** The foods with the amount remembered for each, where their answer lacked it. */
export function withRememberedAmounts(queryClient: QueryClient, foods: readonly Food[]): Food[] {
  const amounts = rememberedAmounts(queryClient);
  return foods.map((food) => {
    const amount = food.last_amount ?? amounts.get(food.id);
    return amount === food.last_amount ? food : { ...food, last_amount: amount ?? null };
  });
}

/** "1 cucharada", "2 × 1 huevo", "120 g", "8,5 fl oz": an amount as the list says it. */
export function amountText({ quantity, unit }: FoodAmount, system: MetricSystem): string {
  if (unit === GRAMS) return `${formatNumber(quantity, 1)} g`;
  if (unit === MILLILITRES) {
    return `${formatNumber(volumeForDisplay(quantity, system), 1)} ${volumeUnit(system)}`;
  }
  return quantity === 1 ? unit : `${formatNumber(quantity, 2)} × ${unit}`;
}

/** "1 cucharada · 119 kcal": the usual amount of a food logged before, and its energy. */
export function usualAmountText(food: Food, system: MetricSystem): string | null {
  if (!food.last_amount) return null;
  const amount = usualAmount(food);
  return `${amountText(amount, system)} · ${formatNumber(kcalOf(food, amount))} kcal`;
}

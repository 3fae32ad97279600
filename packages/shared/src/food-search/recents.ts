import { GRAMS, MILLILITRES, type Food, type FoodAmount } from '../schemas/foods';

/**
 * The favourites-and-recents list (`GET /v0/foods/` without a query nor a meal: the
 * favourites, then the other recent foods, the latest used first in each) once `food` has
 * just been logged: it leads its group, marked recent, with `amount` (when given) as the
 * amount remembered for it (decision 106); at most `limit` foods. A device keeps its list in
 * this order until it reads the API's again.
 */
export function withFoodUsed(
  list: readonly Food[],
  food: Food,
  limit: number,
  amount?: FoodAmount,
): Food[] {
  const kept = list.find((shown) => shown.id === food.id);
  const used: Food = {
    ...food,
    recent: true,
    last_amount: amount ?? food.last_amount ?? kept?.last_amount ?? null,
  };
  const others = list.filter((shown) => shown.id !== food.id);
  const firstOther = others.findIndex((shown) => !shown.favourite);
  const at = used.favourite ? 0 : firstOther === -1 ? others.length : firstOther;
  return [...others.slice(0, at), used, ...others.slice(at)].slice(0, limit);
}

/** Grams in one `unit` of a food (1 for g, its density for ml, a portion's weight); null when it has no such unit. */
export function gramsPerUnit(
  food: Pick<Food, 'density_g_per_ml' | 'portions'>,
  unit: string,
): number | null {
  if (unit === GRAMS) return 1;
  if (unit === MILLILITRES) return food.density_g_per_ml;
  return food.portions.find((portion) => portion.name === unit)?.grams ?? null;
}

/**
 * The amount a food is offered in when picked (decision 106): the person's latest, while the
 * food still has its unit; else one of its first portion; else 100 g.
 */
export function usualAmount(
  food: Pick<Food, 'density_g_per_ml' | 'portions' | 'last_amount'>,
  remembered: FoodAmount | null | undefined = food.last_amount,
): FoodAmount {
  if (remembered && remembered.quantity > 0 && gramsPerUnit(food, remembered.unit) !== null) {
    return { quantity: remembered.quantity, unit: remembered.unit };
  }
  const [portion] = food.portions;
  return portion ? { quantity: 1, unit: portion.name } : { quantity: 100, unit: GRAMS };
}

/** The energy of an amount of a food, from its figures per 100 g. */
export function kcalOf(
  food: Pick<Food, 'kcal' | 'density_g_per_ml' | 'portions'>,
  amount: FoodAmount,
): number {
  return (food.kcal * amount.quantity * (gramsPerUnit(food, amount.unit) ?? 0)) / 100;
}

import type { Food } from '../schemas/foods';

/**
 * The favourites-and-recents list (`GET /v0/foods/` without a query nor a meal: the
 * favourites, then the other recent foods, the latest used first in each) once `food` has
 * just been logged: it leads its group, marked recent; at most `limit` foods. A device keeps
 * its list in this order until it reads the API's again.
 */
export function withFoodUsed(list: readonly Food[], food: Food, limit: number): Food[] {
  const used: Food = { ...food, recent: true };
  const others = list.filter((shown) => shown.id !== food.id);
  const firstOther = others.findIndex((shown) => !shown.favourite);
  const at = used.favourite ? 0 : firstOther === -1 ? others.length : firstOther;
  return [...others.slice(0, at), used, ...others.slice(at)].slice(0, limit);
}

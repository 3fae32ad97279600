import { allergyWarningsOf, type DeclaredAllergies } from '../allergens';
import type { Food } from '../schemas/foods';
import { searchWords } from '../search-text';
import {
  type FoodEntry,
  type FoodIndex,
  type Marks,
  type MarksOf,
  rankForPerson,
} from './food-search';

/** A food of a search's answer, with the person's marks on it. */
export interface RankedFood {
  entry: FoodEntry;
  /** Its place in the index that found it: the person's own foods' if `entry.origin` is own. */
  food: number;
  mark: Marks;
}

/**
 * The first `limit` foods meeting every word of `q` (decision 070), the shipped table's and
 * the person's own, ranked with their marks (`rankForPerson`); null for a query without
 * words. The API answers from its indexes and the device, without signal, from what it kept
 * (decision 081): both run this.
 */
export function rankFoods(
  table: FoodIndex,
  own: FoodIndex,
  marks: MarksOf,
  q: string,
  limit: number,
): RankedFood[] | null {
  if (searchWords(q).length === 0) return null;
  return rankForPerson(table.ranked(q), own.search(q), marks, limit).map((hit) => ({
    entry: hit.entry,
    food: hit.food,
    mark: marks(hit),
  }));
}

/**
 * A ranked food as answers give it: without what only the search knows, with the person's
 * allergy warnings (decision 073) and marks.
 */
export function answeredFood(
  {
    entry: { aliases: _aliases, commonness: _commonness, ...food },
    mark,
  }: Omit<RankedFood, 'food'>,
  declared: DeclaredAllergies,
): Food {
  return {
    ...food,
    ...allergyWarningsOf(food, declared),
    favourite: mark.favourite,
    recent: mark.usedAt !== null,
  };
}

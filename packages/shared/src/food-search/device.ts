import { type Allergen, NO_ALLERGIES, otherAllergyWords } from '../allergens';
import type { TableFood } from '../schemas/food-table';
import type { Food } from '../schemas/foods';
import { answeredFood, rankFoods } from './answer';
import { FoodIndex, type FoodEntry, type Marks, UNMARKED } from './food-search';

/**
 * What a device keeps to search without signal (decision 081): the shipped table as
 * `GET /v0/foods/table/` gives it, the person's own foods and their marks as the API's
 * answers carried them, and the allergies they declared at onboarding.
 */
export interface KeptFoods {
  table: readonly TableFood[];
  /** The person's own foods, as answers gave them. */
  own: readonly Food[];
  /**
   * The person's favourites and recent foods (`GET /v0/foods/` without a query and without a
   * meal, whose order is theirs: favourites, then the latest used first).
   */
  favouritesAndRecents: readonly Food[];
  /** Other answers with the person's marks, the oldest first: a later one wins. */
  marked: readonly (readonly Food[])[];
  /** The eating step's allergies, or null if the person never answered it. */
  eating: { allergies: readonly Allergen[]; other_allergies: string } | null;
}

/** The index of each kept table, built once: the same array is searched letter by letter. */
const tableIndexes = new WeakMap<readonly TableFood[], FoodIndex>();

function indexOf(table: readonly TableFood[]): FoodIndex {
  let index = tableIndexes.get(table);
  if (!index) {
    index = new FoodIndex(table);
    tableIndexes.set(table, index);
  }
  return index;
}

/** One's own food as the search knows it: own foods have no aliases nor commonness. */
function ownEntry({
  favourite: _favourite,
  recent: _recent,
  allergy_warnings: _warnings,
  other_allergy_warnings: _other,
  phrase: _phrase,
  ...entry
}: Food): FoodEntry {
  return { ...entry, aliases: [], commonness: 0 };
}

/**
 * The person's marks as the kept answers tell them. When a food was last used is not in an
 * answer: the favourites-and-recents list gives the order (latest first), which is all the
 * ranking needs; a food only known recent from another answer comes after those.
 */
export function keptMarks(kept: Pick<KeptFoods, 'favouritesAndRecents' | 'marked'>) {
  const marks = new Map<string, Marks>();
  const count = kept.favouritesAndRecents.length;
  kept.favouritesAndRecents.forEach((food, at) => {
    marks.set(food.id, { favourite: food.favourite, usedAt: food.recent ? count - at : null });
  });
  for (const list of kept.marked) {
    for (const food of list) {
      const known = marks.get(food.id);
      const usedAt = food.recent ? (known?.usedAt ?? 0) : null;
      marks.set(food.id, { favourite: food.favourite, usedAt });
    }
  }
  return (id: string): Marks => marks.get(id) ?? UNMARKED;
}

/**
 * The answer `GET /v0/foods/?q=&limit=` would give, computed from what the device kept:
 * the same index, ranking and allergy warnings as the API's. An empty list for a query
 * without words (the favourites and recents are kept as they are).
 */
export function searchKeptFoods(kept: KeptFoods, q: string, limit: number): Food[] {
  const own = new Map<string, FoodEntry>();
  for (const food of kept.own) if (food.origin === 'own') own.set(food.id, ownEntry(food));
  const marks = keptMarks(kept);
  const ranked = rankFoods(
    indexOf(kept.table),
    new FoodIndex([...own.values()]),
    (hit) => marks(hit.entry.id),
    q,
    limit,
  );
  const declared = kept.eating
    ? {
        allergies: kept.eating.allergies,
        otherWords: otherAllergyWords(kept.eating.other_allergies),
      }
    : NO_ALLERGIES;
  return (ranked ?? []).map((food) => answeredFood(food, declared));
}

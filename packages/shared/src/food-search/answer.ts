import { allergyWarningsOf, type DeclaredAllergies } from '../allergens';
import type { Food, FoodPhrase } from '../schemas/foods';
import { searchWords } from '../search-text';
import {
  type FoodEntry,
  type FoodIndex,
  type Hit,
  type Marks,
  type MarksOf,
  rankForPerson,
} from './food-search';
import { amountOf, mayBePhrase, parsePhrase, saysAmount, type PhraseItem } from './phrase';

/** A food of a search's answer, with the person's marks on it. */
export interface RankedFood {
  entry: FoodEntry;
  /** Its place in the index that found it: the person's own foods' if `entry.origin` is own. */
  food: number;
  mark: Marks;
  /** What the query's words said of it, when they said an amount or several foods. */
  phrase?: FoodPhrase;
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
  const ranked = (query: string) =>
    rankForPerson(table.ranked(query), own.search(query), marks, limit);
  const plain = () =>
    ranked(q).map((hit) => ({ entry: hit.entry, food: hit.food, mark: marks(hit) }));
  if (!mayBePhrase(q)) return plain();
  const items = parsePhrase(q, (food) => namesFood(table, own, food));
  const [only] = items;
  // A plain query, or one whose every word begins a food's name («tres leches»): as before.
  if (!only || (items.length === 1 && (!saysAmount(only) || beginsName(table, own, only.text)))) {
    // «unas patatas fritas» says no amount: its food's words are the search.
    if (only && items.length === 1 && !saysAmount(only) && only.food !== only.text) {
      return ranked(only.food).map((hit) => ({
        entry: hit.entry,
        food: hit.food,
        mark: marks(hit),
      }));
    }
    return plain();
  }
  const found = items.map((said, at) => {
    // In a line of several, a food named without an amount is one of it.
    const item = items.length > 1 && !saysAmount(said) ? { ...said, amount: 1 } : said;
    return foodsOf(item, ranked).map((hit) => ({
      entry: hit.entry,
      food: hit.food,
      mark: marks(hit),
      phrase: phraseOf(item, at, hit.entry),
    }));
  });
  if (found.length === 1) return found[0] ?? [];
  // Several foods: the first of each, in the line's order, then the others of each.
  const firsts = found.flatMap((foods) => foods.slice(0, 1));
  const others = found.flatMap((foods) => foods.slice(1));
  return [...firsts, ...others].slice(0, limit);
}

/** Words that join the words of a name and may be left out of it («pollo al horno»). */
const JOINING_WORDS = new Set(['de', 'del', 'con', 'al', 'a', 'la', 'el', 'en', 'y']);

/** The foods an item's words find; failing that, those its words without joining ones find. */
function foodsOf(item: PhraseItem, ranked: (query: string) => Hit[]): Hit[] {
  const hits = ranked(item.food);
  if (hits.length > 0) return hits;
  const words = searchWords(item.food);
  const named = words.filter((word) => !JOINING_WORDS.has(word));
  return named.length > 0 && named.length < words.length ? ranked(named.join(' ')) : hits;
}

/** What a line's item says of a food found by it. */
function phraseOf(item: PhraseItem, at: number, food: FoodEntry): FoodPhrase | undefined {
  const said = amountOf(item, food);
  return said ? { item: at, text: item.text, ...said } : undefined;
}

/** Whether some food's name, or one of its parts, begins with these words as typed. */
function beginsName(table: FoodIndex, own: FoodIndex, text: string): boolean {
  return [...table.ranked(text), ...own.search(text)].some((hit) => hit.tier === 0 && !hit.typo);
}

/** Whether words name a food, every one met without a slip: «moros y cristianos». */
function namesFood(table: FoodIndex, own: FoodIndex, food: string): boolean {
  if (searchWords(food).length === 0) return false;
  return [...table.ranked(food), ...own.search(food)].some((hit) => !hit.typo);
}

/**
 * A ranked food as answers give it: without what only the search knows, with the person's
 * allergy warnings (decision 073) and marks.
 */
export function answeredFood(
  {
    entry: { aliases: _aliases, commonness: _commonness, ...food },
    mark,
    phrase,
  }: Omit<RankedFood, 'food'>,
  declared: DeclaredAllergies,
): Food {
  return {
    ...food,
    ...allergyWarningsOf(food, declared),
    favourite: mark.favourite,
    recent: mark.usedAt !== null,
    ...(phrase ? { phrase } : {}),
  };
}

import type { Food } from '../schemas/foods';
import { searchKeys, searchWords, withinOneEdit } from '../search-text';
import { synonymsOf } from './synonyms';

/** A food as the search knows it, before the person's flags and allergy warnings. */
export type FoodEntry = Omit<
  Food,
  'favourite' | 'recent' | 'allergy_warnings' | 'other_allergy_warnings' | 'phrase'
> & {
  aliases: string[];
  commonness: number;
};

/** How well a query word met a word of a food: lower is better. */
const EXACT = 0;
const EXACT_SYNONYM = 1;
const PREFIX = 2;
const PREFIX_SYNONYM = 3;
const TYPO = 4;

/** Where a food's word stands: its name or an alias. */
const NAME = 0;
const ALIAS = 1;

/** A word a food can be found by: one of its words' forms, or a synonym of one. */
interface Posting {
  food: number;
  quality: typeof EXACT | typeof EXACT_SYNONYM;
  place: typeof NAME | typeof ALIAS;
  /** The first word of the name or of a part of it after "/" ("Patata / papa"). */
  first: boolean;
}

interface WordMatch {
  quality: number;
  place: number;
  first: boolean;
}

function better(a: WordMatch, b: WordMatch): boolean {
  if (a.quality !== b.quality) return a.quality < b.quality;
  if (a.place !== b.place) return a.place < b.place;
  return a.first && !b.first;
}

/** A match of the whole query, ready to be ranked. */
export interface Hit {
  entry: FoodEntry;
  /** The food's place in the index that found it (`FoodIndex.entries`). */
  food: number;
  /** Some word only met a food's word one edit away. */
  typo: boolean;
  /** The worst quality among the query's words. */
  quality: number;
  /**
   * 0: the query is the beginning of the name or of a part of it; 1: the first word of the
   * query begins the name and all are in it; 2: all are in the name; 3: some only in aliases.
   */
  tier: number;
}

/** The parts of a name, "Patata cocida / papa hervida", each as its folded words. */
function nameParts(name: string): string[][] {
  return name
    .split('/')
    .map(searchWords)
    .filter((words) => words.length > 0);
}

/** A word's forms and their synonyms: what a query word may meet it as. */
function formsOf(word: string): string[] {
  return [...searchKeys(word), ...synonymsOf(word)];
}

/** Whether a query word meets a food's word, given as its forms. */
function meets(queryKeys: string[], forms: string[], asPrefix: boolean): boolean {
  return forms.some((form) =>
    queryKeys.some((key) => form === key || (asPrefix && form.startsWith(key))),
  );
}

/** The query's keys a word of a food may begin with: the forms of three letters or more. */
function prefixKeys(word: string): string[] {
  return searchKeys(word).filter((key) => key.length >= Math.min(3, word.length));
}

/**
 * The foods a search runs over, with the words each is found by. Built once for the shipped
 * table (it does not change while the process runs) and per search for one's own foods.
 */
export class FoodIndex {
  private readonly postings = new Map<string, Posting[]>();
  /** Each food's name parts, each as the forms of its words. */
  private readonly parts: string[][][][];
  /** What each query word met, kept across searches: typed letter by letter, they repeat. */
  private readonly seen = new Map<string, Map<number, WordMatch>>();

  /** How many foods the remembered words met, and the remembered queries found. */
  private seenMatches = 0;
  private rankedHits = 0;

  /**
   * `remembered`: how many foods met by query words, and found by queries, are remembered
   * at most, each kind forgotten all at once when full. An index kept per person remembers
   * fewer than the shipped table's.
   */
  constructor(
    readonly entries: readonly FoodEntry[],
    private readonly remembered = TABLE_MATCHES_REMEMBERED,
  ) {
    this.parts = entries.map((entry) => nameParts(entry.name).map((part) => part.map(formsOf)));
    entries.forEach((entry, food) => {
      const add = (word: string, place: Posting['place'], first: boolean) => {
        for (const key of searchKeys(word)) this.post(key, { food, quality: EXACT, place, first });
        for (const synonym of synonymsOf(word)) {
          this.post(synonym, { food, quality: EXACT_SYNONYM, place, first });
        }
      };
      for (const part of nameParts(entry.name)) {
        part.forEach((word, at) => {
          add(word, NAME, at === 0);
        });
      }
      for (const alias of entry.aliases) {
        for (const word of searchWords(alias)) add(word, ALIAS, false);
      }
    });
  }

  private post(key: string, posting: Posting) {
    const list = this.postings.get(key);
    if (list) list.push(posting);
    else this.postings.set(key, [posting]);
  }

  /** What `ranked` answered lately, by query: typed letter by letter, queries repeat. */
  private readonly rankedByQuery = new Map<string, Hit[]>();

  /** Every food meeting every word of the query, ranked for someone who marked none. */
  ranked(query: string): Hit[] {
    const known = this.rankedByQuery.get(query);
    if (known) return known;
    const hits = rankHits(this.search(query), () => UNMARKED);
    if (this.rankedHits + hits.length > this.remembered) {
      this.rankedByQuery.clear();
      this.rankedHits = 0;
    }
    this.rankedByQuery.set(query, hits);
    this.rankedHits += hits.length;
    return hits;
  }

  /** Every food meeting every word of the query, unranked. */
  search(query: string): Hit[] {
    const words = searchWords(query);
    if (words.length === 0) return [];
    const perWord = words.map((word) => this.wordMatches(word));
    // The query as the beginning of a name: every word whole but the last, still being typed.
    const phrase = words.map((word, at) =>
      at === words.length - 1 ? prefixKeys(word) : searchKeys(word),
    );
    const hits: Hit[] = [];
    const [first, ...rest] = perWord;
    for (const [food, match] of first ?? []) {
      const matches = [match];
      for (const other of rest) {
        const found = other.get(food);
        if (!found) break;
        matches.push(found);
      }
      if (matches.length !== words.length) continue;
      const entry = this.entries[food];
      if (!entry) continue;
      hits.push({
        entry,
        food,
        typo: matches.some((one) => one.quality === TYPO),
        quality: Math.max(...matches.map((one) => (one.quality === TYPO ? PREFIX : one.quality))),
        tier: this.tierOf(food, phrase, matches),
      });
    }
    return hits;
  }

  private tierOf(food: number, phrase: string[][], matches: WordMatch[]): number {
    if (matches.some((match) => match.place === ALIAS)) return 3;
    const last = phrase.length - 1;
    const isPhrase = (this.parts[food] ?? []).some(
      (part) =>
        part.length >= phrase.length &&
        phrase.every((keys, at) => meets(keys, part[at] ?? [], at === last)),
    );
    if (isPhrase) return 0;
    return matches[0]?.first ? 1 : 2;
  }

  /** The foods a query word meets, each with its best match; remembered for next time. */
  private wordMatches(word: string): Map<number, WordMatch> {
    const known = this.seen.get(word);
    if (known) return known;
    const keys = searchKeys(word);
    const starts = prefixKeys(word);
    const whole = word.length >= SHORTEST_WHOLE_WORD;
    const found = new Map<number, WordMatch>();
    const take = (posting: Posting, quality: number) => {
      const match = { quality, place: posting.place, first: posting.first };
      const current = found.get(posting.food);
      if (!current || better(match, current)) found.set(posting.food, match);
    };
    for (const [key, postings] of this.postings) {
      if (keys.includes(key)) {
        // "a", "de": whether the word is whole or still being typed cannot be told.
        for (const posting of postings) {
          take(posting, whole ? posting.quality : posting.quality + PREFIX);
        }
      } else if (starts.some((start) => key.startsWith(start))) {
        for (const posting of postings) {
          take(posting, posting.quality === EXACT ? PREFIX : PREFIX_SYNONYM);
        }
      }
    }
    // One slip is forgiven only when the word, as typed, meets nothing.
    if (found.size === 0) {
      for (const [key, postings] of this.postings) {
        if (withinOneEdit(word, key)) for (const posting of postings) take(posting, TYPO);
      }
    }
    if (this.seenMatches + found.size > this.remembered) {
      this.seen.clear();
      this.seenMatches = 0;
    }
    this.seen.set(word, found);
    this.seenMatches += found.size;
    return found;
  }
}

/** Query words shorter than this only ever count as the beginning of a word. */
const SHORTEST_WHOLE_WORD = 3;

/**
 * Foods met by query words (and found by queries) the shipped table's index remembers: some
 * 15 MB of each, as 5000 words meeting 50 foods each.
 */
const TABLE_MATCHES_REMEMBERED = 250_000;

/** The person's marks on a food: favourite, and when they last logged it (ms), if lately. */
export interface Marks {
  favourite: boolean;
  usedAt: number | null;
}

export const UNMARKED: Marks = { favourite: false, usedAt: null };

/** The person's marks on the food a hit found. */
export type MarksOf = (hit: Hit) => Marks;

/**
 * A person's marks on the foods of one index, by each food's place in it: read once by id
 * and kept with the person, so that ranking a search, which meets hundreds of the table's
 * foods at a first letter, looks up no id.
 */
export class MarksByPlace {
  private readonly byPlace: readonly Marks[];

  constructor(
    readonly index: FoodIndex,
    marks: (id: string) => Marks,
  ) {
    this.byPlace = index.entries.map((entry) => marks(entry.id));
  }

  /** The marks on a hit of `index`. */
  of(hit: Hit): Marks {
    return this.byPlace[hit.food] ?? UNMARKED;
  }
}

/**
 * The first `limit` of `rankHits` over the table's hits and the person's own, from the
 * table's ranking for nobody (`FoodIndex.ranked`): only the person's own foods and the
 * table foods they marked are ranked anew, and they go before the rest of their kind (with
 * a typo or without), as `rankHits` would put them.
 */
export function rankForPerson(table: Hit[], own: Hit[], marks: MarksOf, limit: number): Hit[] {
  // One pass over the table's hits, which may be hundreds for a first letter: the marked
  // ones are ranked anew, and of the rest (already in order) only the first `limit` of each
  // kind can be shown.
  const marked = own.map((hit) => placeOf(hit, marks(hit)));
  const rest: Hit[] = [];
  const restWithTypo: Hit[] = [];
  for (const hit of table) {
    const mark = marks(hit);
    if (mark.favourite || mark.usedAt !== null) marked.push(placeOf(hit, mark));
    else if (!hit.typo) {
      if (rest.length < limit) rest.push(hit);
    } else if (restWithTypo.length < limit) restWithTypo.push(hit);
  }
  // What is shown of the person's is the beginning of their order: its first `limit`.
  const personal = firstInOrder(marked, limit).map(({ hit }) => hit);
  return [
    ...personal.filter((hit) => !hit.typo),
    ...rest,
    ...personal.filter((hit) => hit.typo),
    ...restWithTypo,
  ].slice(0, limit);
}

/**
 * The order results are shown in: a match needing no typo first; then the person's
 * favourites, then what they logged lately (latest first), then their own foods; then
 * words met exactly before a synonym before a beginning; then the food as eaten before raw
 * or dry; then the query as the beginning of the name, then its first word, then the name,
 * then an alias; then the foods most commonly eaten; then shorter names.
 */
export function rankHits(hits: Hit[], marks: MarksOf): Hit[] {
  return hits
    .map((hit) => placeOf(hit, marks(hit)))
    .sort(inOrder)
    .map(({ hit }) => hit);
}

/** A hit with what `rankHits` orders it by, worked out once: sorting compares it often. */
interface Placed {
  hit: Hit;
  /** A typo (4), then who: a favourite 0, logged lately 1, one's own 2, the table's 3. */
  who: number;
  usedAt: number;
  /** The words' quality, then raw or dry (the as-eaten form first), then the tier. */
  match: number;
  commonness: number;
  length: number;
}

function placeOf(hit: Hit, mark: Marks): Placed {
  const who = mark.favourite ? 0 : mark.usedAt !== null ? 1 : hit.entry.origin === 'own' ? 2 : 3;
  return {
    hit,
    who: (hit.typo ? 4 : 0) + who,
    usedAt: mark.usedAt ?? 0,
    match: (hit.quality * 2 + (hit.entry.state === null ? 0 : 1)) * 4 + hit.tier,
    commonness: hit.entry.commonness,
    length: hit.entry.name.length,
  };
}

function inOrder(a: Placed, b: Placed): number {
  return (
    a.who - b.who ||
    b.usedAt - a.usedAt ||
    a.match - b.match ||
    b.commonness - a.commonness ||
    a.length - b.length ||
    byName(a.hit.entry.name, b.hit.entry.name)
  );
}

/** The first `limit` of `placed` in order, without sorting the rest. */
function firstInOrder(placed: Placed[], limit: number): Placed[] {
  const first: Placed[] = [];
  for (const one of placed) {
    const last = first[first.length - 1];
    if (first.length >= limit && (!last || inOrder(one, last) >= 0)) continue;
    // Where it goes among those kept, after any it ties with: as a stable sort puts it.
    let low = 0;
    let high = first.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (inOrder(one, first[middle] as Placed) < 0) high = middle;
      else low = middle + 1;
    }
    first.splice(low, 0, one);
    if (first.length > limit) first.pop();
  }
  return first;
}

/** The last tie-break, by code point: `localeCompare` would cost more than the rest. */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import { describe, expect, it } from 'vitest';
import {
  FoodIndex,
  MarksByPlace,
  rankForPerson,
  rankHits,
  UNMARKED,
  type FoodEntry,
  type Hit,
  type Marks,
} from '@forja/shared/food-search/food-search';
import { readTableFoods } from './reference-data';
import { synonymsOf } from '@forja/shared/food-search/synonyms';

const table: FoodEntry[] = readTableFoods().map((food) => ({
  ...food,
  id: food.key,
  origin: 'table',
  available_carbohydrate_g: food.carbohydrate_g - food.fibre_g,
  barcode: null,
  brand: '',
  allergens: [],
}));
const index = new FoodIndex(table);
const firstOf = (q: string) => rankHits(index.search(q), () => UNMARKED)[0]?.entry.id;

describe('synonymsOf', () => {
  it('gives the other names of a food, through its plural too', () => {
    expect(synonymsOf('papa').sort()).toEqual(['patata']);
    expect(synonymsOf('porotos').sort()).toEqual([
      'alubia',
      'caraota',
      'frijol',
      'habichuela',
      'judia',
    ]);
    expect(synonymsOf('arroz')).toEqual([]);
  });
});

describe('FoodIndex', () => {
  it('finds a food by the beginning of any word, by a synonym and despite one slip', () => {
    expect(firstOf('lent')).toBe('lentejas-cocidas');
    expect(firstOf('zapallo')).toBe('calabaza-asada');
    expect(firstOf('platno')).toBe('platano');
  });

  it('forgives a slip only when the word as typed meets nothing', () => {
    // "pera" meets the pear as typed, so nothing one letter away is offered with it.
    const hits = index.search('pera').map((hit) => hit.entry.id);
    expect(hits).toContain('pera');
    expect(index.search('pera').some((hit) => hit.typo)).toBe(false);
    expect(index.search('peraa').every((hit) => hit.typo)).toBe(true);
  });

  it('needs every word of the query, and finds nothing for nothing like a food', () => {
    expect(index.search('leche zzz')).toEqual([]);
    expect(index.search('qqqqqq')).toEqual([]);
    expect(index.search('   ')).toEqual([]);
  });

  it('answers the same once it has forgotten the words it remembered', () => {
    const small = new FoodIndex(table, 60);
    const queries = ['pollo', 'arroz', 'leche', 'pan', 'pollo', 'arroz asado', 'leche'];
    const first = queries.map((q) => small.search(q).map((hit) => hit.entry.id));
    const again = queries.map((q) => small.search(q).map((hit) => hit.entry.id));
    expect(again).toEqual(first);
    expect(first).toEqual(queries.map((q) => index.search(q).map((hit) => hit.entry.id)));
  });
});

/** One of the person's own foods, named `name`. */
const ownFood = (id: string, name: string): FoodEntry =>
  ({
    ...table[0],
    ...{ id, name, aliases: [], origin: 'own', commonness: 0, state: null, source: '' },
  }) as FoodEntry;

/**
 * `rankForPerson` answers, for each query, the first twenty of ranking every hit for the
 * person, with the marks looked up by id and, as the API does, by each food's place.
 */
function expectRankedAsAll(own: FoodIndex, marked: Map<string, Marks>, queries: string[]) {
  const byId = (hit: Hit) => marked.get(hit.entry.id) ?? UNMARKED;
  const tableMarks = new MarksByPlace(index, (id) => marked.get(id) ?? UNMARKED);
  const ownMarks = new MarksByPlace(own, (id) => marked.get(id) ?? UNMARKED);
  const byPlace = (hit: Hit) =>
    hit.entry.origin === 'own' ? ownMarks.of(hit) : tableMarks.of(hit);
  for (const q of queries) {
    const expected = rankHits([...index.search(q), ...own.search(q)], byId)
      .slice(0, 20)
      .map((hit) => hit.entry.id);
    for (const marks of [byId, byPlace]) {
      const fast = rankForPerson(index.ranked(q), own.search(q), marks, 20);
      expect(
        fast.map((hit) => hit.entry.id),
        q,
      ).toEqual(expected);
    }
  }
}

describe('rankForPerson', () => {
  it('answers what ranking everything for the person would, from the ranking for nobody', () => {
    // A person with a few favourites and recent foods, some of them typo matches.
    const marked = new Map<string, Marks>();
    table.forEach(({ id }, at) => {
      if (at % 7 === 0) marked.set(id, { favourite: true, usedAt: null });
      else if (at % 5 === 0) marked.set(id, { favourite: false, usedAt: at * 1000 });
    });
    const own = new FoodIndex([
      ownFood('own-1', 'Pollo de la abuela'),
      ownFood('own-2', 'Arroz con pollo'),
    ]);
    expectRankedAsAll(own, marked, ['p', 'pollo', 'arroz', 'leche', 'platno', 'a', 'pan de']);
  });

  it('marks own foods too, and ranks a person with hundreds of foods as ranking all would', () => {
    // More of the person's hits than are shown: only the first `limit` of theirs are kept.
    const own = new FoodIndex(
      Array.from({ length: 120 }, (_, at) => ownFood(`own-${at}`, `Pollo de casa ${at}`)),
    );
    const marked = new Map<string, Marks>([
      ['own-7', { favourite: true, usedAt: null }],
      ['own-90', { favourite: false, usedAt: 5 }],
      ['own-3', { favourite: false, usedAt: 9 }],
    ]);
    expectRankedAsAll(own, marked, ['p', 'pollo', 'pollo de casa 1', 'casa']);
    const marks = (hit: Hit) => marked.get(hit.entry.id) ?? UNMARKED;
    expect(
      rankForPerson(index.ranked('pollo'), own.search('pollo'), marks, 3).map(
        (hit) => hit.entry.id,
      ),
    ).toEqual(['own-7', 'own-3', 'own-90']);
  });
});

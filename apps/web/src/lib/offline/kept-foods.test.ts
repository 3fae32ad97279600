import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@forja/shared/constants';
import { answers } from '@forja/shared/fixtures/onboarding';
import {
  FoodIndex,
  rankForPerson,
  UNMARKED,
  type FoodEntry,
} from '@forja/shared/food-search/food-search';
import type { TableFood } from '@forja/shared/schemas/food-table';
import type { Food } from '@forja/shared/schemas/foods';
import { foodSearchQuery } from '#features/foods/foods-api';
import { anUser, installFakeApi, ok, type FakeCall } from '#test/fake-api';
import { KEEP_FOODS_DELAY_MS, keepFoodsLater } from './keep-foods-later';
import { keepFoods, keepUsedFood } from './kept-foods';
import { startOffline } from './offline';
import { deviceFoodStorage } from './storage';

let serial = 0;
/** A food of the shipped table; its id, as the API's, a UUID. */
function tableFood(name: string, extra: Partial<TableFood> = {}): TableFood {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    name,
    origin: 'table',
    kcal: 100,
    protein_g: 10,
    carbohydrate_g: 10,
    fat_g: 2,
    fibre_g: 0,
    density_g_per_ml: null,
    portions: [],
    alcohol_g: 0,
    state: null,
    source: 'USDA',
    available_carbohydrate_g: 10,
    barcode: null,
    brand: '',
    allergens: [],
    aliases: [],
    commonness: 0,
    ...extra,
  };
}

const TABLE: TableFood[] = [
  tableFood('Pechuga de pollo a la plancha', { commonness: 90 }),
  tableFood('Pechuga de pollo', { state: 'raw', commonness: 80 }),
  tableFood('Pollo asado', { commonness: 70 }),
  tableFood('Caldo de pollo', { commonness: 10 }),
  tableFood('Arroz blanco cocido', { commonness: 95 }),
  tableFood('Arroz blanco', { state: 'dry', commonness: 90 }),
  tableFood('Arroz con leche', { allergens: ['milk'], commonness: 40 }),
  tableFood('Tortilla de patatas / tortilla española', { allergens: ['eggs'], commonness: 85 }),
  tableFood('Tortilla de maíz', { commonness: 30 }),
  tableFood('Patatas fritas', { aliases: ['papas fritas'], commonness: 60 }),
  tableFood('Leche entera', { allergens: ['milk'], commonness: 99 }),
  tableFood('Kiwi', { commonness: 20 }),
];

const asAnswered = (
  { aliases: _aliases, commonness: _commonness, ...food }: TableFood,
  marks: Partial<Food> = {},
): Food => ({
  ...food,
  allergy_warnings: [],
  other_allergy_warnings: [],
  favourite: false,
  recent: false,
  ...marks,
});

/** One's own food, as answers carry it. */
const OWN: Food = {
  ...asAnswered(tableFood('Tortilla de patatas de la abuela', { allergens: ['eggs'] })),
  origin: 'own',
  source: '',
  allergy_warnings: ['eggs'],
};

/** One's own food no search has answered on this device. */
const NEVER_SEEN: Food = {
  ...asAnswered(tableFood('Batido verde de la casa')),
  origin: 'own',
  source: '',
};

const [grilledChicken, , roastChicken] = TABLE;
if (!grilledChicken || !roastChicken) throw new Error('fixture');
/** Favourites and recents as `GET /v0/foods/?limit=50` answers them. */
const FAVOURITES_AND_RECENTS = [
  asAnswered(roastChicken, { favourite: true }),
  asAnswered(grilledChicken, { recent: true }),
  { ...OWN, recent: true },
];

function api(
  tableAnswer: (call: FakeCall) => { status: number; data?: unknown } = () => ok(TABLE),
) {
  return installFakeApi({
    'GET /foods/table/': (call) => ({ ...tableAnswer(call), headers: { ETag: '"table-1"' } }),
    'GET /foods/': ok(FAVOURITES_AND_RECENTS),
    'GET /foods/own/': ok([{ ...OWN, recent: true }, NEVER_SEEN]),
    [`GET /users/${anUser.id}/onboarding/`]: ok({
      answers: { eating: { ...answers.eating, allergies: ['eggs'], other_allergies: 'kiwi' } },
    }),
  });
}

function signedIn(): QueryClient {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['users', 'current'], anUser);
  return client;
}

const noSignal = () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
};

beforeEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await deviceFoodStorage().clear();
});

describe('the food table kept on the device', () => {
  it('is kept with its tag, and asked again with it: a 304 keeps what the device holds', async () => {
    const client = signedIn();
    const fake = api((call) =>
      call.headers.get('If-None-Match') === '"table-1"' ? { status: 304 } : ok(TABLE),
    );
    await keepFoods(client);
    const kept = await deviceFoodStorage().table();
    expect(kept?.etag).toBe('"table-1"');
    expect(kept?.foods).toEqual(TABLE);
    expect(fake.callsTo('GET', '/foods/table/')[0]?.headers.get('If-None-Match')).toBeNull();
    const person = await deviceFoodStorage().person();
    expect(person).toMatchObject({
      userId: anUser.id,
      favouritesAndRecents: FAVOURITES_AND_RECENTS,
      own: [{ ...OWN, recent: true }, NEVER_SEEN],
      eating: { allergies: ['eggs'], other_allergies: 'kiwi' },
    });
    expect(fake.callsTo('GET', '/foods/')[0]?.search).toBe('?limit=50');

    await keepFoods(client);
    const again = fake.callsTo('GET', '/foods/table/');
    expect(again).toHaveLength(2);
    expect(again[1]?.headers.get('If-None-Match')).toBe('"table-1"');
    expect((await deviceFoodStorage().table())?.foods).toEqual(TABLE);
  });

  it('is not kept for nobody, and goes when the person signs out', async () => {
    const fake = api();
    await keepFoods(new QueryClient());
    expect(fake.calls).toEqual([]);
    expect(await deviceFoodStorage().table()).toBeUndefined();

    const client = signedIn();
    await keepFoods(client);
    expect(await deviceFoodStorage().table()).toBeDefined();
    await startOffline(client);
    localStorage.clear();
    client.setQueryData(['users', 'current'], null);
    await vi.waitFor(async () => {
      expect(await deviceFoodStorage().table()).toBeUndefined();
      expect(await deviceFoodStorage().person()).toBeUndefined();
    });
  });
});

describe('a search without signal', () => {
  const search = (client: QueryClient, q: string) => client.query(foodSearchQuery(q));

  it('answers what the shared search answers over the kept foods, marks and allergies', async () => {
    const client = signedIn();
    api();
    await keepFoods(client);
    noSignal();

    const table = new FoodIndex(TABLE);
    const own: FoodEntry = { ...OWN, aliases: [], commonness: 0 };
    const marks = (id: string) =>
      id === roastChicken.id
        ? { favourite: true, usedAt: null }
        : id === grilledChicken.id || id === OWN.id
          ? { favourite: false, usedAt: 1 }
          : UNMARKED;
    for (const q of ['pollo', 'arroz', 'tortilla de patatas', 'polo', 'leche', 'papas']) {
      const expected = rankForPerson(
        table.ranked(q),
        new FoodIndex([own]).search(q),
        (hit) => marks(hit.entry.id),
        20,
      );
      const found = await search(client, q);
      expect(
        found.map((food) => food.name),
        q,
      ).toEqual(expected.map((hit) => hit.entry.name));
      expect(found.length, q).toBeGreaterThan(0);
    }

    // The favourite first, then the recent one; the typo finds "pollo" all the same.
    expect((await search(client, 'pollo')).slice(0, 2)).toMatchObject([
      { name: 'Pollo asado', favourite: true, recent: false },
      { name: 'Pechuga de pollo a la plancha', favourite: false, recent: true },
    ]);
    expect((await search(client, 'polo'))[0]?.name).toBe('Pollo asado');
    // One's own food, recent, before the table's; with the egg allergy declared.
    const tortillas = await search(client, 'tortilla de patatas');
    expect(tortillas.map((food) => [food.name, food.origin, food.allergy_warnings])).toEqual([
      ['Tortilla de patatas de la abuela', 'own', ['eggs']],
      ['Tortilla de patatas / tortilla española', 'table', ['eggs']],
    ]);
    expect((await search(client, 'kiwi'))[0]?.other_allergy_warnings).toEqual(['kiwi']);
    expect((await search(client, 'arroz con leche'))[0]?.allergy_warnings).toEqual([]);
  });

  it('finds one’s own foods that searches answered with signal', async () => {
    const client = signedIn();
    api();
    await keepFoods(client);
    const mine: Food = {
      ...OWN,
      id: '00000000-0000-4000-8000-999999999999',
      name: 'Arroz de mamá',
    };
    installFakeApi({ 'GET /foods/': ok([mine]) });
    await search(client, 'arroz de mama');
    await vi.waitFor(async () => {
      expect((await deviceFoodStorage().person())?.own.map((food) => food.name)).toContain(
        'Arroz de mamá',
      );
    });

    noSignal();
    // A new page: nothing in the query cache, only what the device kept.
    const later = signedIn();
    expect((await search(later, 'arroz'))[0]).toMatchObject({
      name: 'Arroz de mamá',
      origin: 'own',
    });
  });

  it('finds one’s own foods no answer carried on this device, and not one deleted since', async () => {
    const client = signedIn();
    api();
    await keepFoods(client);
    noSignal();
    expect((await search(signedIn(), 'batido verde'))[0]).toMatchObject({
      id: NEVER_SEEN.id,
      origin: 'own',
    });

    // Deleted on another device: the next keeping leaves it out.
    installFakeApi({
      'GET /foods/table/': { status: 304, headers: { ETag: '"table-1"' } },
      'GET /foods/': ok(FAVOURITES_AND_RECENTS),
      'GET /foods/own/': ok([{ ...OWN, recent: true }]),
      [`GET /users/${anUser.id}/onboarding/`]: ok({ answers: { eating: answers.eating } }),
    });
    await keepFoods(client);
    noSignal();
    expect(await search(signedIn(), 'batido verde')).toEqual([]);
  });

  it('puts a food just logged where the API will: first of the recent ones', async () => {
    const client = signedIn();
    api();
    await keepFoods(client);
    noSignal();
    const pollo = async () => (await search(signedIn(), 'pollo')).map((food) => food.name);
    expect((await pollo()).slice(0, 2)).toEqual(['Pollo asado', 'Pechuga de pollo a la plancha']);

    const broth = TABLE.find((food) => food.name === 'Caldo de pollo');
    if (!broth) throw new Error('fixture');
    await keepUsedFood(asAnswered(broth));
    expect((await pollo()).slice(0, 3)).toEqual([
      'Pollo asado',
      'Caldo de pollo',
      'Pechuga de pollo a la plancha',
    ]);
    expect((await deviceFoodStorage().person())?.favouritesAndRecents.map((f) => f.name)).toEqual([
      'Pollo asado',
      'Caldo de pollo',
      'Pechuga de pollo a la plancha',
      'Tortilla de patatas de la abuela',
    ]);
  });

  it('opens a food sheet with the favourites and recent foods kept, for any meal, once a keep ran', async () => {
    const client = signedIn();
    noSignal();
    // Nothing kept yet: the sheet says it could not search, as before.
    await expect(client.query(foodSearchQuery('', 'comida'))).rejects.toMatchObject({
      status: 999,
    });

    api();
    await keepFoods(client);
    noSignal();
    const names = async (meal?: 'comida' | 'cena') =>
      (await signedIn().query(foodSearchQuery('', meal))).map((food) => food.name);
    const kept = FAVOURITES_AND_RECENTS.map((food) => food.name);
    expect(await names('comida')).toEqual(kept);
    expect(await names('cena')).toEqual(kept);
    expect(await names()).toEqual(kept);
    // Someone else signed in on this device does not see them.
    const other = signedIn();
    other.setQueryData(['users', 'current'], { ...anUser, id: 'someone-else' });
    await expect(other.query(foodSearchQuery('', 'comida'))).rejects.toMatchObject({
      status: 999,
    });
  });

  it('fails as before when the device kept no table, and is not tried for a refusal', async () => {
    const client = signedIn();
    noSignal();
    await expect(search(client, 'pollo')).rejects.toMatchObject({ status: 999 });

    api();
    await keepFoods(client);
    installFakeApi({ 'GET /foods/': { status: 400, data: { error: 'bad', message: 'Mal' } } });
    await expect(search(client, 'pollo')).rejects.toMatchObject({ status: 400 });
  });
});

describe('when the foods are kept', () => {
  it('well after the page loaded, or at once when a food sheet opens; once per page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = signedIn();
    const fake = api();
    const tableReads = () => fake.callsTo('GET', '/foods/table/').length;
    try {
      keepFoodsLater(client);
      await vi.advanceTimersByTimeAsync(KEEP_FOODS_DELAY_MS - 1000);
      expect(tableReads()).toBe(0);
      // A food sheet opens before the time comes: now, and not again at that time.
      keepFoodsLater(client, { soon: true });
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => {
      expect((await deviceFoodStorage().table())?.foods).toEqual(TABLE);
    });
    keepFoodsLater(client, { soon: true });
    keepFoodsLater(client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tableReads()).toBe(1);
  });
});

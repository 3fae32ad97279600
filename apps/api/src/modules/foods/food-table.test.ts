import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { searchKeptFoods, type KeptFoods } from '@forja/shared/food-search/device';
import { addDays } from '@forja/shared/calendar';
import { foodTableSchema, type TableFood } from '@forja/shared/schemas/food-table';
import type { Food } from '@forja/shared/schemas/foods';
import { onboardingSchema } from '@forja/shared/schemas/onboarding';
import { auth } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { readTableFoods } from './reference-data';

let ctx: TestContext;
let ana: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  ana = await signedInUser(ctx);
});

afterAll(async () => {
  await ctx.close();
});

const readTable = (token: string | null, ifNoneMatch?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/v0/foods/table/',
    headers: {
      ...(token ? auth(token) : {}),
      ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
    },
  });

const search = async (person: SignedInUser, q: string, limit = 20) => {
  const res = await person.call<Food[]>(
    'GET',
    `/v0/foods/?q=${encodeURIComponent(q)}&limit=${String(limit)}`,
  );
  expect(res.status).toBe(200);
  return res.data;
};

describe('GET /v0/foods/table/', () => {
  it('needs a signed-in person', async () => {
    const res = await readTable(null);
    expect(res.statusCode).toBe(401);
  });

  it('answers every food of the shipped table as the search needs it', async () => {
    const res = await readTable(ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const table = foodTableSchema.parse(res.json<{ data: unknown }>().data);
    expect(table).toHaveLength(readTableFoods().length);
    expect(new Set(table.map((food) => food.origin))).toEqual(new Set(['table']));
    const milk = table.find((food) => food.name === 'Leche entera');
    expect(milk).toMatchObject({ allergens: ['milk'], state: null });
    expect(milk?.commonness).toBeGreaterThan(0);
    // What the search finds besides the name ("papa" is the same word as "patata").
    expect(table.some((food) => food.aliases.length > 0)).toBe(true);
    // Nothing of the person: no marks, no warnings, no other person's foods.
    expect(Object.keys(milk ?? {})).not.toContain('favourite');
    expect(Object.keys(milk ?? {})).not.toContain('allergy_warnings');
  });

  it('carries a strong tag of its content, and a device that holds it gets a 304', async () => {
    const first = await readTable(ana.token);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const other = await signedInUser(ctx);
    const again = await readTable(other.token);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const unchanged = await readTable(ana.token, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe('private, no-cache');
    expect((await readTable(ana.token, `"older", W/${etag}`)).statusCode).toBe(304);

    const stale = await readTable(ana.token, '"an-older-table"');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
    // Compressed on the way, it is the same table under the same tag.
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/v0/foods/table/',
      headers: { ...auth(ana.token), 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(etag);
    expect(compressed.rawPayload.length).toBeLessThan(first.rawPayload.length / 4);
    // Without a token, a tag is no way in.
    expect((await readTable(null, etag)).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{ paths: Record<string, { get?: { responses: object } }> }>();
    const table = document.paths['/v0/foods/table/']?.get;
    expect(Object.keys(table?.responses ?? {})).toEqual(expect.arrayContaining(['200', '304']));
  });
});

describe('a search on the device, from what it kept', () => {
  it('answers what the API answers for the same person', async () => {
    const person = await signedInUser(ctx);
    const declared = await person.call('PUT', `/v0/users/${person.user.id}/onboarding/eating/`, {
      ...answers.eating,
      allergies: ['eggs'],
      other_allergies: 'Kiwi y pimienta',
    });
    expect(declared.status).toBe(200);
    const own = await person.call<Food>('POST', '/v0/foods/', {
      name: 'Tortilla de patatas de mi madre',
      kcal: 190,
      protein_g: 6,
      available_carbohydrate_g: 14,
      fat_g: 12,
      fibre_g: 1,
      allergens: ['eggs'],
    });
    expect(own.status).toBe(201);
    const [rice] = await search(person, 'arroz blanco');
    const [chicken] = await search(person, 'pechuga de pollo');
    const [thigh] = await search(person, 'muslo de pollo');
    if (!rice || !chicken || !thigh) throw new Error('table foods missing');
    expect((await person.call('PUT', `/v0/foods/${rice.id}/favourite/`)).status).toBe(200);
    const today = ctx.clock.now().toISOString().slice(0, 10);
    for (const [food, date] of [
      [chicken, addDays(today, -3)],
      [thigh, addDays(today, -1)],
    ] as const) {
      const logged = await person.call('POST', '/v0/diary/entries/', {
        kind: 'food',
        date,
        meal: 'comida',
        food_id: food.id,
        quantity: 100,
        unit: 'g',
      });
      expect(logged.status).toBe(201);
      ctx.clock.advance(60_000);
    }

    // What the device keeps: the table, the favourites and recents, the eating step, and
    // the own food as a search answered it.
    const table = foodTableSchema.parse(
      (await readTable(person.token)).json<{ data: TableFood[] }>().data,
    );
    const onboarding = onboardingSchema.parse(
      (await person.call('GET', `/v0/users/${person.user.id}/onboarding/`)).data,
    );
    const ownAnswer = await search(person, 'tortilla de mi madre');
    const kept: KeptFoods = {
      table,
      own: ownAnswer,
      favouritesAndRecents: await search(person, '', 50),
      marked: [ownAnswer],
      eating: onboarding.answers.eating,
    };

    for (const q of [
      'pollo',
      'arroz',
      'tortilla de patatas',
      'polo',
      'jamon',
      'kiwi',
      'huevo frito',
      'pan',
      'leche',
      'platanos',
      'papa',
      'a',
      // Amounts and several foods in one line (decision 104).
      '2 huevos',
      'vaso de leche',
      '100 g arroz',
      '2 huevos revueltos, una tostada con tomate y un café con leche',
    ]) {
      const server = await search(person, q);
      expect(searchKeptFoods(kept, q, 20), q).toEqual(server);
    }
    const server = await search(person, 'pollo', 5);
    expect(searchKeptFoods(kept, 'pollo', 5)).toEqual(server);

    // Both recent, the one logged last first.
    expect(searchKeptFoods(kept, 'pollo', 2).map((food) => [food.id, food.recent])).toEqual([
      [thigh.id, true],
      [chicken.id, true],
    ]);
    const tortillas = searchKeptFoods(kept, 'tortilla de patatas', 20);
    expect(tortillas[0]).toMatchObject({
      name: 'Tortilla de patatas de mi madre',
      origin: 'own',
      allergy_warnings: ['eggs'],
    });
    expect(searchKeptFoods(kept, 'kiwi', 20)[0]?.other_allergy_warnings).toEqual(['kiwi']);
    expect(searchKeptFoods(kept, 'arroz', 20)[0]).toMatchObject({ id: rice.id, favourite: true });
    expect(searchKeptFoods(kept, '', 20)).toEqual([]);
  });
});

describe('the foods that were missing', () => {
  it('are found by the names people type, first', async () => {
    const person = await signedInUser(ctx);
    const first: [string, string][] = [
      ['fabada', 'Fabada asturiana'],
      ['fabada asturiana', 'Fabada asturiana'],
      ['ceviche', 'Ceviche de pescado'],
      ['cebiche', 'Ceviche de pescado'],
      ['feijoada', 'Feijoada'],
      ['tacos al pastor', 'Tacos al pastor'],
      ['jamón ibérico', 'Jamón ibérico'],
      ['jamon de bellota', 'Jamón ibérico'],
      ['cola cao', 'Cola Cao (polvo)'],
      ['colacao con leche', 'Cola Cao con leche'],
      ['nesquik', 'Nesquik (polvo)'],
      ['nesquik con leche', 'Nesquik con leche'],
      ['yogur griego', 'Yogur griego natural'],
      ['fino', 'Vino fino de Jerez'],
      ['manzanilla de sanlucar', 'Vino fino de Jerez'],
      ['queso curado de oveja', 'Queso curado de oveja'],
      ['lentejas con chorizo', 'Lentejas estofadas con chorizo'],
      ['pulpo a la gallega', 'Pulpo a la gallega'],
      ['lomo saltado', 'Lomo saltado'],
      ['tomate frito', 'Tomate frito casero'],
    ];
    const wrong: string[] = [];
    for (const [q, name] of first) {
      const [found] = await search(person, q);
      if (found?.name !== name) wrong.push(`${q}: ${found?.name ?? 'nothing'}`);
    }
    expect(wrong).toEqual([]);
    // The prepared drink comes right after the powder.
    const cocoa = await search(person, 'cola cao', 3);
    expect(cocoa.map((food) => food.name)).toContain('Cola Cao con leche');
  });

  it('carry their ingredients’ allergens when the table holds them as dishes', async () => {
    const person = await signedInUser(ctx);
    const declared = await person.call('PUT', `/v0/users/${person.user.id}/onboarding/eating/`, {
      ...answers.eating,
      allergies: ['tree_nuts', 'soy'],
    });
    expect(declared.status).toBe(200);
    const [bowl] = await search(person, 'yogur griego con miel y nueces');
    expect(bowl).toMatchObject({
      name: 'Yogur griego con miel y nueces',
      allergens: ['milk', 'tree_nuts'],
      allergy_warnings: ['tree_nuts'],
    });
    // Its soy sauce flags a dish whose name says nothing of soy.
    const [saltado] = await search(person, 'lomo saltado');
    expect(saltado).toMatchObject({ allergens: ['gluten', 'soy'], allergy_warnings: ['soy'] });
  });
});

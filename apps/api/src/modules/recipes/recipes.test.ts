import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OWN_FOODS } from '@forja/shared/constants';
import type { DiaryDay, DiaryEntry } from '@forja/shared/schemas/diary';
import type { Food } from '@forja/shared/schemas/foods';
import type { Recipe, RecipeSummary } from '@forja/shared/schemas/recipes';
import { eq, sql } from 'drizzle-orm';
import { answers } from '@forja/shared/fixtures/onboarding';
import { onboardingAnswers } from '#db/schema/onboarding';
import { foods, referenceData } from '#db/schema/foods';
import { loadReferenceData } from '../foods/reference-data';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { ALL_AREAS, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';
import { auth } from '#test/accounts';

// Recipes (decision 072): one's own foods made of others, logged by serving or by grams,
// whose later changes leave past diary entries as they were.

let ctx: TestContext;
const DAY = '2026-03-02';

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
});

afterAll(async () => {
  await ctx.close();
});

type Answer<T> = T & { error?: string; message?: string };

async function ownFood(who: SignedInUser, name: string, kcal: number, protein_g = 0) {
  const res = await who.call<Food>('POST', '/v0/foods/', {
    name,
    kcal,
    protein_g,
    available_carbohydrate_g: 0,
    fat_g: 0,
    fibre_g: 0,
  });
  expect(res.status).toBe(201);
  return res.data;
}

/** A person with two foods of their own: 100 and 300 kcal per 100 g. */
async function cook() {
  const who = await signedInUser(ctx);
  const rice = await ownFood(who, 'Arroz cocido de casa', 100, 2);
  const sauce = await ownFood(who, 'Sofrito de casa', 300, 1);
  return { who, rice, sauce };
}

const stew = (rice: Food, sauce: Food, extra: object = {}) => ({
  name: 'Arroz con sofrito',
  // 400 g × 1 + 200 g × 3 = 1000 kcal over 600 g.
  ingredients: [
    { food_id: rice.id, grams: 400 },
    { food_id: sauce.id, grams: 200 },
  ],
  servings: 4,
  ...extra,
});

describe('POST /v0/recipes/', () => {
  it('works out the values per 100 g and per serving from the ingredients', async () => {
    const { who, rice, sauce } = await cook();
    const res = await who.call<Recipe>('POST', '/v0/recipes/', stew(rice, sauce));
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      name: 'Arroz con sofrito',
      servings: 4,
      cooked_weight_g: null,
      total_weight_g: 600,
      serving_g: 150,
      ingredient_count: 2,
      ingredients: [
        { food_id: rice.id, name: 'Arroz cocido de casa', grams: 400, kcal: 400 },
        { food_id: sauce.id, name: 'Sofrito de casa', grams: 200, kcal: 600 },
      ],
    });
    expect(res.data.total.kcal).toBeCloseTo(1000);
    expect(res.data.per_100g.kcal).toBeCloseTo(1000 / 6);
    expect(res.data.per_serving?.kcal).toBeCloseTo(250);
    expect(res.data.per_serving?.protein_g).toBeCloseTo(2.5);

    // It is one of the person's own foods: found by the search, with "1 ración".
    const found = await who.call<Food[]>('GET', '/v0/foods/?q=arroz%20con%20sofrito');
    expect(found.data[0]).toMatchObject({
      id: res.data.id,
      origin: 'own',
      portions: [{ name: '1 ración', grams: 150 }],
    });
    const list = await who.call<RecipeSummary[]>('GET', '/v0/recipes/');
    expect(list.data.map((recipe) => recipe.id)).toEqual([res.data.id]);
    expect(list.data[0]?.per_serving?.kcal).toBeCloseTo(250);
  });

  it('spreads the values over the cooked weight when given', async () => {
    const { who, rice, sauce } = await cook();
    const res = await who.call<Recipe>(
      'POST',
      '/v0/recipes/',
      stew(rice, sauce, { servings: null, cooked_weight_g: 500 }),
    );
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ total_weight_g: 500, serving_g: null, per_serving: null });
    expect(res.data.per_100g.kcal).toBeCloseTo(200);
    const food = await who.call<Food>('GET', `/v0/foods/${res.data.id}/`);
    expect(food.data.portions).toEqual([]);

    const both = await who.call<Recipe>(
      'POST',
      '/v0/recipes/',
      stew(rice, sauce, { servings: 2, cooked_weight_g: 500 }),
    );
    expect(both.data.serving_g).toBe(250);
    expect(both.data.per_serving?.kcal).toBeCloseTo(500);
  });

  it('takes foods of the shared table as ingredients', async () => {
    const { who, rice } = await cook();
    const [egg] = (await who.call<Food[]>('GET', '/v0/foods/?q=huevo%20cocido')).data;
    if (!egg) throw new Error('no egg');
    const res = await who.call<Recipe>('POST', '/v0/recipes/', {
      name: 'Arroz a la cubana',
      ingredients: [
        { food_id: rice.id, grams: 200 },
        { food_id: egg.id, grams: 50 },
      ],
      servings: 1,
    });
    expect(res.status).toBe(201);
    expect(res.data.total.kcal).toBeCloseTo(200 + egg.kcal / 2);
  });

  it('refuses bad input in Spanish and stores nothing', async () => {
    const { who, rice, sauce } = await cook();
    const someoneElse = await cook();
    const cases: [object, number, RegExp][] = [
      [stew(rice, sauce, { ingredients: [] }), 400, /al menos un ingrediente/],
      [
        stew(rice, sauce, { servings: null }),
        400,
        /raciones salen o cuánto pesa el plato cocinado/,
      ],
      [stew(rice, sauce, { servings: 0 }), 400, /Las raciones deben ser mayores que 0/],
      [stew(rice, sauce, { servings: 2.5 }), 400, /Las raciones deben ser un número entero/],
      [stew(rice, sauce, { servings: 101 }), 400, /no pueden superar 100/],
      [stew(rice, sauce, { cooked_weight_g: -1 }), 400, /El peso cocinado/],
      [stew(rice, sauce, { name: '  ' }), 400, /El nombre no puede estar vacío/],
      [
        stew(rice, sauce, { ingredients: [{ food_id: rice.id, grams: 0 }] }),
        400,
        /Los gramos de cada ingrediente deben ser mayores que 0/,
      ],
      [
        stew(rice, sauce, {
          ingredients: Array.from({ length: 51 }, () => ({ food_id: rice.id, grams: 10 })),
        }),
        400,
        /como máximo 50 ingredientes/,
      ],
      [
        stew(rice, sauce, { ingredients: [{ food_id: 'arroz', grams: 10 }] }),
        400,
        /Cada ingrediente debe ser un alimento de la lista/,
      ],
      // Another person's food is as good as absent.
      [
        stew(rice, sauce, { ingredients: [{ food_id: someoneElse.rice.id, grams: 10 }] }),
        400,
        /Algún ingrediente no existe/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await who.call<Answer<object>>('POST', '/v0/recipes/', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      expect(res.data.message).toMatch(message);
    }
    expect((await who.call<RecipeSummary[]>('GET', '/v0/recipes/')).data).toEqual([]);
  });

  it('counts recipes among the own foods, within their bound', async () => {
    const { who, rice, sauce } = await cook();
    // Fill the bound with plain rows (two are already there), as a long-time user would.
    await ctx.database.rows(sql`
      insert into foods (owner_id, name, search_text, kcal, protein_g, carbohydrate_g, fat_g, fibre_g)
      select ${who.user.id}, 'Relleno ' || n, 'relleno ' || n, 1, 0, 0, 0, 0
      from generate_series(1, ${MAX_OWN_FOODS - 2}) n`);
    const res = await who.call<Answer<object>>('POST', '/v0/recipes/', stew(rice, sauce));
    expect(res.status).toBe(400);
    expect(res.data.error).toBe('too many own foods');
  });
});

describe('GET, PUT and DELETE /v0/recipes/{id}/', () => {
  it('leaves what was logged from a recipe as it was when the recipe changes', async () => {
    const { who, rice, sauce } = await cook();
    const recipe = (await who.call<Recipe>('POST', '/v0/recipes/', stew(rice, sauce))).data;
    const byServing = await who.call<DiaryEntry>('POST', '/v0/diary/entries/', {
      kind: 'food',
      date: DAY,
      meal: 'comida',
      food_id: recipe.id,
      quantity: 1,
      unit: '1 ración',
    });
    expect(byServing.status).toBe(201);
    expect(byServing.data.kcal).toBeCloseTo(250);
    const byGrams = await who.call<DiaryEntry>('POST', '/v0/diary/entries/', {
      kind: 'food',
      date: DAY,
      meal: 'cena',
      food_id: recipe.id,
      quantity: 300,
      unit: 'g',
    });
    expect(byGrams.data.kcal).toBeCloseTo(500);

    // Twice the sauce, now in 2 servings: 1600 kcal over 800 g.
    const changed = await who.call<Recipe>(
      'PUT',
      `/v0/recipes/${recipe.id}/`,
      stew(rice, sauce, {
        name: 'Arroz con mucho sofrito',
        servings: 2,
        ingredients: [
          { food_id: rice.id, grams: 400 },
          { food_id: sauce.id, grams: 400 },
        ],
      }),
    );
    expect(changed.status).toBe(200);
    expect(changed.data.per_serving?.kcal).toBeCloseTo(800);
    expect(changed.data.serving_g).toBe(400);

    const day = (await who.call<DiaryDay>('GET', `/v0/diary/days/${DAY}/`)).data;
    const entries = day.meals.flatMap((meal) => meal.entries);
    const logged = entries.find((entry) => entry.id === byServing.data.id);
    expect(logged).toMatchObject({ name: 'Arroz con sofrito', quantity: 1, unit: '1 ración' });
    expect(logged?.kcal).toBeCloseTo(250);
    expect(entries.find((entry) => entry.id === byGrams.data.id)?.kcal).toBeCloseTo(500);

    // Logged now, the recipe brings its new values.
    const now = await who.call<DiaryEntry>('POST', '/v0/diary/entries/', {
      kind: 'food',
      date: DAY,
      meal: 'cena',
      food_id: recipe.id,
      quantity: 1,
      unit: '1 ración',
    });
    expect(now.data.kcal).toBeCloseTo(800);
  });

  it('refuses a recipe inside itself, directly or through another', async () => {
    const { who, rice, sauce } = await cook();
    const base = (await who.call<Recipe>('POST', '/v0/recipes/', stew(rice, sauce))).data;
    const outer = (
      await who.call<Recipe>('POST', '/v0/recipes/', {
        name: 'Plato con arroz',
        ingredients: [{ food_id: base.id, grams: 150 }],
        servings: 1,
      })
    ).data;
    expect(outer.total.kcal).toBeCloseTo(250);
    for (const food_id of [base.id, outer.id]) {
      const res = await who.call<Answer<object>>(
        'PUT',
        `/v0/recipes/${base.id}/`,
        stew(rice, sauce, { ingredients: [{ food_id, grams: 100 }] }),
      );
      expect(res.status).toBe(400);
      expect(res.data.message).toBe('Una receta no puede llevarse a sí misma como ingrediente');
    }
    expect(
      (await who.call<Recipe>('GET', `/v0/recipes/${base.id}/`)).data.ingredients,
    ).toHaveLength(2);
  });

  it('keeps a recipe from being edited as a plain food, and deletes it', async () => {
    const { who, rice, sauce } = await cook();
    const recipe = (await who.call<Recipe>('POST', '/v0/recipes/', stew(rice, sauce))).data;
    const plain = await who.call<Answer<object>>('PUT', `/v0/foods/${recipe.id}/`, {
      name: 'Otro',
      kcal: 1,
      protein_g: 0,
      available_carbohydrate_g: 0,
      fat_g: 0,
      fibre_g: 0,
    });
    expect(plain.status).toBe(400);
    expect(plain.data.error).toBe('edit as recipe');
    // A plain food is not a recipe.
    expect((await who.call('GET', `/v0/recipes/${rice.id}/`)).status).toBe(404);
    expect((await who.call('DELETE', `/v0/recipes/${recipe.id}/`)).status).toBe(200);
    expect((await who.call('GET', `/v0/recipes/${recipe.id}/`)).status).toBe(404);
    expect((await who.call('GET', `/v0/foods/${recipe.id}/`)).status).toBe(404);
    // The ingredients stay.
    expect((await who.call('GET', `/v0/foods/${rice.id}/`)).status).toBe(200);
  });

  it('is a 404 for anyone but the owner', async () => {
    const { who, rice, sauce } = await cook();
    const recipe = (await who.call<Recipe>('POST', '/v0/recipes/', stew(rice, sauce))).data;
    const other = await signedInUser(ctx);
    expect((await other.call('GET', `/v0/recipes/${recipe.id}/`)).status).toBe(404);
    expect((await other.call('PUT', `/v0/recipes/${recipe.id}/`, stew(rice, sauce))).status).toBe(
      404,
    );
    expect((await other.call('DELETE', `/v0/recipes/${recipe.id}/`)).status).toBe(404);
    expect((await other.call('GET', '/v0/recipes/not-an-id/')).status).toBe(404);
    expect((await who.call<Recipe>('GET', `/v0/recipes/${recipe.id}/`)).data.name).toBe(
      'Arroz con sofrito',
    );
  });
});

describe('/v0/trainers/trainees/{id}/recipes/', () => {
  async function trainerCall<T>(
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) {
    const res = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, data: res.json<{ data: Answer<T> }>().data };
  }

  it('lets the trainer list, create and change recipes of a trainee who shares the diary', async () => {
    const { who, rice, sauce } = await cook();
    const trainer = await signedInTrainer(ctx);
    await linkToTrainer(ctx, who.user.id, trainer.user.id, ALL_AREAS);
    const base = `/v0/trainers/trainees/${who.user.id}/recipes/`;
    const created = await trainerCall<Recipe>(trainer.headers, 'POST', base, stew(rice, sauce));
    expect(created.status).toBe(201);
    const changed = await trainerCall<Recipe>(
      trainer.headers,
      'PUT',
      `${base}${created.data.id}/`,
      stew(rice, sauce, { servings: 2 }),
    );
    expect(changed.status).toBe(200);
    expect(changed.data.serving_g).toBe(300);
    const list = await trainerCall<RecipeSummary[]>(trainer.headers, 'GET', base);
    expect(list.data.map((recipe) => recipe.id)).toEqual([created.data.id]);
    // It is the trainee's: theirs to log and to see.
    const own = await who.call<Recipe>('GET', `/v0/recipes/${created.data.id}/`);
    expect(own.data.servings).toBe(2);

    // Only foods the trainee may see go in: another person's are refused.
    const elsewhere = await cook();
    const refused = await trainerCall<object>(
      trainer.headers,
      'POST',
      base,
      stew(rice, sauce, { ingredients: [{ food_id: elsewhere.rice.id, grams: 10 }] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe('invalid ingredient');
  });

  it('is a 404 without the diary shared, for another trainer, and for a trainee', async () => {
    const { who, rice, sauce } = await cook();
    const trainer = await signedInTrainer(ctx);
    await linkToTrainer(ctx, who.user.id, trainer.user.id, { ...NO_AREAS, training: true });
    const base = `/v0/trainers/trainees/${who.user.id}/recipes/`;
    const stranger = await signedInTrainer(ctx);
    for (const headers of [trainer.headers, stranger.headers, auth(who.token)]) {
      expect((await trainerCall(headers, 'GET', base)).status).toBe(404);
      expect((await trainerCall(headers, 'POST', base, stew(rice, sauce))).status).toBe(404);
    }
    expect((await who.call<RecipeSummary[]>('GET', '/v0/recipes/')).data).toEqual([]);
  });
});

describe('/v0/trainers/trainees/{id}/foods/ and a trainee’s recipe for the trainer', () => {
  const call = async <T>(headers: Record<string, string>, url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, data: res.json<{ data: Answer<T> }>().data };
  };
  const foodsOf = (id: string, query: string) => `/v0/trainers/trainees/${id}/foods/?${query}`;

  it('searches as the trainee would: the table, their own foods and recipes, in their order', async () => {
    const { who, rice, sauce } = await cook();
    const trainer = await signedInTrainer(ctx);
    await linkToTrainer(ctx, who.user.id, trainer.user.id, { ...NO_AREAS, diary: true });
    const recipe = (await who.call<Recipe>('POST', '/v0/recipes/', stew(rice, sauce))).data;
    // Someone else's food of the same name is not the trainee's to use.
    const elsewhere = await cook();

    for (const q of ['arroz', 'sofrito', 'huevo cocido', 'arroz con sofrito', 'arros']) {
      const query = `q=${encodeURIComponent(q)}&limit=10`;
      const asTrainee = await who.call<Food[]>('GET', `/v0/foods/?${query}`);
      const forTrainee = await call<Food[]>(trainer.headers, foodsOf(who.user.id, query));
      expect(forTrainee.status).toBe(200);
      expect(forTrainee.data).toEqual(asTrainee.data);
    }
    const ids = (
      await call<Food[]>(trainer.headers, foodsOf(who.user.id, 'q=arroz&limit=50'))
    ).data.map((food) => food.id);
    expect(ids).toEqual(expect.arrayContaining([rice.id, recipe.id]));
    expect(ids).not.toContain(elsewhere.rice.id);
    // A table food comes too, and the trainee's own come first.
    expect(ids.length).toBeGreaterThan(2);
    expect(ids.slice(0, 2).sort()).toEqual([rice.id, recipe.id].sort());

    const one = await call<Food[]>(trainer.headers, foodsOf(who.user.id, 'q=arroz&limit=1'));
    expect(one.data).toHaveLength(1);
  });

  it('refuses bad input in Spanish', async () => {
    const { who } = await cook();
    const trainer = await signedInTrainer(ctx);
    await linkToTrainer(ctx, who.user.id, trainer.user.id);
    for (const [query, message] of [
      ['q=arroz&limit=51', 'El número de resultados debe estar entre 1 y 50'],
      ['q=arroz&limit=0', 'El número de resultados debe estar entre 1 y 50'],
      ['q=arroz&limit=2.5', 'El número de resultados debe ser un número entero'],
      ['q=arroz&limit=muchos', 'El número de resultados debe ser un número entero'],
      [`q=${'a'.repeat(101)}`, 'La búsqueda no puede superar 100 caracteres'],
    ] as const) {
      const res = await call<object>(trainer.headers, foodsOf(who.user.id, query));
      expect(res.status, query).toBe(400);
      expect(res.data.message, query).toBe(message);
    }
  });

  it('is a 404 without the diary shared, for another trainer, an unlinked trainee, and a trainee', async () => {
    const { who, rice, sauce } = await cook();
    const recipe = (await who.call<Recipe>('POST', '/v0/recipes/', stew(rice, sauce))).data;
    const trainer = await signedInTrainer(ctx);
    await linkToTrainer(ctx, who.user.id, trainer.user.id, { ...ALL_AREAS, diary: false });
    const stranger = await signedInTrainer(ctx);
    const unlinked = await cook();
    const own = `/v0/trainers/trainees/${who.user.id}/recipes/${recipe.id}/`;
    for (const [headers, id] of [
      [trainer.headers, who.user.id],
      [stranger.headers, who.user.id],
      [trainer.headers, unlinked.who.user.id],
      [auth(who.token), who.user.id],
      [trainer.headers, 'not-an-id'],
    ] as const) {
      const found = await call<Food[]>(headers, foodsOf(id, 'q=arroz'));
      expect(found.status).toBe(404);
      expect(found.data).not.toHaveProperty('length');
    }
    for (const headers of [trainer.headers, stranger.headers, auth(who.token)]) {
      expect((await call(headers, own)).status).toBe(404);
    }
    // Sharing the diary again opens both.
    await linkToTrainer(ctx, who.user.id, trainer.user.id, ALL_AREAS);
    expect((await call(trainer.headers, foodsOf(who.user.id, 'q=arroz'))).status).toBe(200);
    const opened = await call<Recipe>(trainer.headers, own);
    expect(opened.status).toBe(200);
    expect(opened.data.ingredients.map((part) => part.food_id)).toEqual([rice.id, sauce.id]);
    // A plain food of the trainee is not a recipe, and another trainee's recipe is not theirs.
    const base = `/v0/trainers/trainees/${who.user.id}/recipes/`;
    expect((await call(trainer.headers, `${base}${rice.id}/`)).status).toBe(404);
    const theirs = (
      await unlinked.who.call<Recipe>('POST', '/v0/recipes/', stew(unlinked.rice, unlinked.sauce))
    ).data;
    expect((await call(trainer.headers, `${base}${theirs.id}/`)).status).toBe(404);
  });
});

describe('a recipe’s allergens (decision 105)', () => {
  /** A trainee allergic to tree nuts and celery, with two foods of their own. */
  async function allergicCook() {
    const { who, rice, sauce } = await cook();
    const declared = await who.call('PUT', `/v0/users/${who.user.id}/onboarding/eating/`, {
      ...answers.eating,
      allergies: ['tree_nuts', 'celery'],
    });
    expect(declared.status).toBe(200);
    const [walnuts] = (await who.call<Food[]>('GET', '/v0/foods/?q=nueces&limit=1')).data;
    if (walnuts?.name !== 'Nueces') throw new Error('no walnuts in the table');
    return { who, rice, sauce, walnuts };
  }

  const found = async (who: SignedInUser, q: string) => {
    const res = await who.call<Food[]>('GET', `/v0/foods/?q=${encodeURIComponent(q)}&limit=5`);
    return res.data.find((food) => food.name.toLowerCase() === q);
  };

  it('are those of its ingredients, through the recipes inside it, kept as they change', async () => {
    const { who, rice, sauce, walnuts } = await allergicCook();
    const salad = (
      await who.call<Recipe>('POST', '/v0/recipes/', {
        name: 'Arroz con nueces',
        ingredients: [
          { food_id: rice.id, grams: 200 },
          { food_id: walnuts.id, grams: 30 },
        ],
        servings: 2,
      })
    ).data;
    const feast = (
      await who.call<Recipe>('POST', '/v0/recipes/', {
        name: 'Menú de domingo',
        ingredients: [
          { food_id: salad.id, grams: 230 },
          { food_id: sauce.id, grams: 50 },
        ],
        servings: 2,
      })
    ).data;
    // Flagged wherever foods are: the search and the add sheet read these two fields.
    expect(await found(who, 'arroz con nueces')).toMatchObject({
      allergens: ['tree_nuts'],
      allergy_warnings: ['tree_nuts'],
    });
    expect(await found(who, 'menú de domingo')).toMatchObject({ allergens: ['tree_nuts'] });

    // The sauce turns out to hold celery: both recipes that use it, at any depth, do too.
    const changed = await who.call<Food>('PUT', `/v0/foods/${sauce.id}/`, {
      name: 'Sofrito de casa',
      kcal: 300,
      protein_g: 1,
      available_carbohydrate_g: 0,
      fat_g: 0,
      fibre_g: 0,
      allergens: ['celery'],
    });
    expect(changed.status).toBe(200);
    expect(await found(who, 'menú de domingo')).toMatchObject({
      allergens: ['tree_nuts', 'celery'],
      allergy_warnings: ['tree_nuts', 'celery'],
    });

    // Without the walnuts, the inner recipe and the one holding it are free of tree nuts.
    const updated = await who.call<Recipe>('PUT', `/v0/recipes/${salad.id}/`, {
      name: 'Arroz con nueces',
      ingredients: [{ food_id: rice.id, grams: 200 }],
      servings: 2,
    });
    expect(updated.status).toBe(200);
    expect(await found(who, 'arroz con nueces')).toMatchObject({ allergens: [] });
    expect(await found(who, 'menú de domingo')).toMatchObject({ allergens: ['celery'] });

    // The sauce deleted, the recipe that used it no longer contains its celery.
    expect((await who.call('DELETE', `/v0/foods/${sauce.id}/`)).status).toBe(200);
    expect(await found(who, 'menú de domingo')).toMatchObject({
      allergens: [],
      allergy_warnings: [],
    });
    expect(feast.id).toBeTruthy();
  });

  it('are worked out again when the table is loaded anew', async () => {
    const { who, walnuts } = await allergicCook();
    const bread = (
      await who.call<Recipe>('POST', '/v0/recipes/', {
        name: 'Pan de nueces',
        ingredients: [{ food_id: walnuts.id, grams: 50 }],
        servings: 1,
      })
    ).data;
    // As if the rules that read allergens from names had changed since it was saved.
    await ctx.database.db.update(foods).set({ allergens: [] }).where(eq(foods.id, bread.id));
    expect(await found(who, 'pan de nueces')).toMatchObject({ allergens: [] });
    await ctx.database.db.delete(referenceData);
    await ctx.database.migrate(loadReferenceData);
    // Its own name says nothing: a recipe contains what its ingredients do.
    expect(await found(who, 'pan de nueces')).toMatchObject({
      allergens: ['tree_nuts'],
      allergy_warnings: ['tree_nuts'],
    });
  });

  it('warn the trainer composing one only when the trainee shares their health answers', async () => {
    const { who, walnuts } = await allergicCook();
    const trainer = await signedInTrainer(ctx);
    await linkToTrainer(ctx, who.user.id, trainer.user.id, { ...NO_AREAS, diary: true });
    const searchFor = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v0/trainers/trainees/${who.user.id}/foods/?q=nueces&limit=1`,
        headers: trainer.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: Food[] }>().data[0];
    };
    // What the walnuts contain is the diary's; that the trainee is allergic is health.
    expect(await searchFor()).toMatchObject({
      id: walnuts.id,
      allergens: ['tree_nuts'],
      allergy_warnings: [],
    });
    // Compressed, the answer is held to the table all the same: before it is compressed.
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: `/v0/trainers/trainees/${who.user.id}/foods/?q=nueces&limit=20`,
      headers: { ...trainer.headers, 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()) as {
      data: Food[];
    };
    expect(answer.data.find((food) => food.id === walnuts.id)).toMatchObject({
      allergens: ['tree_nuts'],
      allergy_warnings: [],
    });
    await ctx.database.db
      .update(onboardingAnswers)
      .set({ trainer_consent_at: ctx.clock.now() })
      .where(eq(onboardingAnswers.user_id, who.user.id));
    expect(await searchFor()).toMatchObject({
      allergens: ['tree_nuts'],
      allergy_warnings: ['tree_nuts'],
    });

    // The recipe the trainer makes with them is flagged for the trainee as well.
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/v0/trainers/trainees/${who.user.id}/recipes/`,
      headers: trainer.headers,
      payload: {
        name: 'Porridge con nueces',
        ingredients: [{ food_id: walnuts.id, grams: 20 }],
        servings: 1,
      },
    });
    expect(made.statusCode).toBe(201);
    expect(await found(who, 'porridge con nueces')).toMatchObject({
      allergens: ['tree_nuts'],
      allergy_warnings: ['tree_nuts'],
    });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type {
  DiaryCopyResult,
  DiaryDay,
  DiaryEntry,
  Exercise,
  Workout,
} from '@forja/shared/schemas/diary';
import type { Food } from '@forja/shared/schemas/foods';
import type { Targets } from '@forja/shared/schemas/targets';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;
let egg: Food;
let milk: Food;
let bread: Food;

beforeAll(async () => {
  ctx = await createTestContext();
  const finder = await signedInUser(ctx);
  const first = async (q: string) => {
    const [food] = (await finder.call<Food[]>('GET', `/v0/foods/?q=${encodeURIComponent(q)}`)).data;
    if (!food) throw new Error(`no ${q}`);
    return food;
  };
  egg = await first('huevo');
  milk = await first('leche entera');
  bread = await first('pan de molde blanco');
});

afterAll(async () => {
  await ctx.close();
});

const DAY = '2026-03-02';
const YESTERDAY = '2026-03-01';

async function dayOf(who: SignedInUser, date = DAY) {
  const res = await who.call<DiaryDay>('GET', `/v0/diary/days/${date}/`);
  expect(res.status).toBe(200);
  return res.data;
}

function log(who: SignedInUser, entry: Record<string, unknown>) {
  return who.call<DiaryEntry>('POST', '/v0/diary/entries/', {
    kind: 'food',
    date: DAY,
    meal: 'desayuno',
    ...entry,
  });
}

function quick(who: SignedInUser, entry: Record<string, unknown>) {
  return who.call<DiaryEntry>('POST', '/v0/diary/entries/', {
    kind: 'quick',
    date: DAY,
    meal: 'merienda',
    ...entry,
  });
}

const mealOf = (day: DiaryDay, meal: string) =>
  day.meals.find((candidate) => candidate.meal === meal);

describe('logging food', () => {
  it('takes grams, millilitres or a portion, and records what the amount holds', async () => {
    const ana = await signedInUser(ctx);
    const eggs = await log(ana, { food_id: egg.id, quantity: 2, unit: '1 huevo' });
    expect(eggs.status).toBe(201);
    expect(eggs.data).toMatchObject({
      kind: 'food',
      food_id: egg.id,
      name: 'Huevo',
      quantity: 2,
      unit: '1 huevo',
      grams: 100,
      kcal: 143,
      date: DAY,
      meal: 'desayuno',
    });
    expect(eggs.data.protein_g).toBeCloseTo(12.56, 10);

    const glass = await log(ana, { food_id: milk.id, quantity: 250, unit: 'ml' });
    expect(glass.data.grams).toBeCloseTo(257.5, 10);
    expect(glass.data.kcal).toBeCloseTo(61 * 2.575, 10);

    const slice = await log(ana, { food_id: bread.id, quantity: 30, unit: 'g' });
    expect(slice.data.kcal).toBeCloseTo(79.8, 10);
  });

  it('refuses units the food does not have, and amounts that are not amounts', async () => {
    const ana = await signedInUser(ctx);
    const wrongUnit = await log(ana, { food_id: egg.id, quantity: 1, unit: 'ml' });
    expect(wrongUnit.status).toBe(400);
    expect(wrongUnit.body.data).toMatchObject({
      error: 'invalid serving',
      message: 'La unidad no es válida para este alimento',
    });
    expect((await log(ana, { food_id: egg.id, quantity: 1, unit: '1 rebanada' })).status).toBe(400);
    for (const quantity of [0, -1, 'dos', 5001, null]) {
      const res = await log(ana, { food_id: egg.id, quantity, unit: 'g' });
      expect(res.status, String(quantity)).toBe(400);
    }
    // 50 portions of a dozen eggs is more than anybody eats at once.
    expect((await log(ana, { food_id: egg.id, quantity: 50, unit: '1 docena' })).status).toBe(400);
    for (const date of ['2026-02-30', '02/03/2026', '1999-12-31', 'hoy']) {
      expect((await log(ana, { food_id: egg.id, quantity: 1, unit: 'g', date })).status, date).toBe(
        400,
      );
    }
    expect(
      (await log(ana, { food_id: egg.id, quantity: 1, unit: 'g', meal: 'brunch' })).status,
    ).toBe(400);
    expect(
      (await log(ana, { food_id: '00000000-0000-4000-8000-000000000000', quantity: 1, unit: 'g' }))
        .status,
    ).toBe(404);
    expect((await dayOf(ana)).totals.kcal).toBe(0);
  });

  it('quick-adds energy and macros, with a name or without', async () => {
    const ana = await signedInUser(ctx);
    const snack = await quick(ana, { kcal: 250, protein_g: 10, carbohydrate_g: 30, fat_g: 9 });
    expect(snack.status).toBe(201);
    expect(snack.data).toMatchObject({
      kind: 'quick',
      food_id: null,
      name: 'Añadido rápido',
      grams: null,
      kcal: 250,
      protein_g: 10,
      fibre_g: 0,
      meal: 'merienda',
    });
    const named = await quick(ana, { name: 'Menú del día', kcal: 900 });
    expect(named.data).toMatchObject({ name: 'Menú del día', kcal: 900, protein_g: 0, fat_g: 0 });
    for (const bad of [
      { kcal: -5 },
      { kcal: 10_001 },
      { kcal: 100, fat_g: -1 },
      { kcal: 100, food_id: egg.id },
    ]) {
      expect((await quick(ana, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('the day', () => {
  it('shows meals in order with totals that add up, rounded by largest remainder', async () => {
    const ana = await signedInUser(ctx);
    // Three snacks of 100.4 kcal: 301.2 in all. Rounded one by one they would show 300.
    for (let index = 0; index < 3; index += 1) await quick(ana, { kcal: 100.4, protein_g: 0.5 });
    await quick(ana, { kcal: 200.3, meal: 'cena' });
    await quick(ana, { kcal: 0.4, meal: 'cena' });
    const day = await dayOf(ana);
    expect(day.meals.map((meal) => meal.meal)).toEqual([
      'desayuno',
      'almuerzo',
      'comida',
      'merienda',
      'cena',
    ]);
    const snack = mealOf(day, 'merienda');
    expect(snack?.entries.map((entry) => entry.kcal)).toEqual([101, 100, 100]);
    expect(snack?.totals.kcal).toBe(301);
    expect(snack?.entries.map((entry) => entry.protein_g)).toEqual([1, 1, 0]);
    expect(snack?.totals.protein_g).toBe(2);
    // 200.3 + 0.4: the rounded parts show 200 + 0 = 200 and add up to 200.7 rounded, 201.
    expect(mealOf(day, 'cena')?.entries.map((entry) => entry.kcal)).toEqual([200, 1]);
    expect(mealOf(day, 'cena')?.totals.kcal).toBe(201);
    // 301.2 + 200.7 = 501.9 kcal in all.
    expect(day.totals.kcal).toBe(502);
    expect(day.meals.reduce((sum, meal) => sum + meal.totals.kcal, 0)).toBe(502);
    expect(day).toMatchObject({ date: DAY, water_ml: 0, notes: '', workouts: [], targets: null });
  });

  it('holds the totals against the targets of the onboarding answers', async () => {
    const ana = await signedInUser(ctx);
    expect((await dayOf(ana)).targets).toBeNull();
    for (const step of ['goal', 'body', 'activity'] as const) {
      const res = await ana.call(
        'PUT',
        `/v0/users/${ana.user.id}/onboarding/${step}/`,
        answers[step],
      );
      expect(res.status, step).toBe(200);
    }
    const targets = (await ana.call<Targets>('GET', '/v0/targets/')).data;
    expect((await dayOf(ana)).targets).toEqual({
      kcal: targets.energy_kcal,
      protein_g: targets.protein_g,
      carbohydrate_g: targets.carbohydrate_g,
      fat_g: targets.fat_g,
      fibre_g: targets.fibre_g,
      water_ml: targets.drinks_l * 1000,
    });
    expect(targets.energy_kcal).toBe(2125);
  });

  it('keeps water and notes per day', async () => {
    const ana = await signedInUser(ctx);
    const water = await ana.call('PUT', `/v0/diary/days/${DAY}/water/`, { water_ml: 500 });
    expect(water.data).toEqual({ date: DAY, water_ml: 500 });
    await ana.call('PUT', `/v0/diary/days/${DAY}/water/`, { water_ml: 750 });
    const notes = await ana.call('PUT', `/v0/diary/days/${DAY}/notes/`, {
      notes: 'Día de pierna 💪',
    });
    expect(notes.data).toEqual({ date: DAY, notes: 'Día de pierna 💪' });
    expect(await dayOf(ana)).toMatchObject({ water_ml: 750, notes: 'Día de pierna 💪' });
    expect(await dayOf(ana, YESTERDAY)).toMatchObject({ water_ml: 0, notes: '' });
    for (const water_ml of [-250, 250.5, 20_001, 'mucha']) {
      expect(
        (await ana.call('PUT', `/v0/diary/days/${DAY}/water/`, { water_ml })).status,
        String(water_ml),
      ).toBe(400);
    }
    expect(
      (await ana.call('PUT', `/v0/diary/days/${DAY}/notes/`, { notes: 'a\u0000b' })).status,
    ).toBe(400);
    // A day is named by its date only: the app works out today from the person's time zone.
    expect((await ana.call('PUT', '/v0/diary/days/today/water/', { water_ml: 250 })).status).toBe(
      400,
    );
    expect((await ana.call('GET', '/v0/diary/days/today/')).status).toBe(400);
  });
});

describe('changing entries', () => {
  it('changes the amount, and the values follow', async () => {
    const ana = await signedInUser(ctx);
    const { id } = (await log(ana, { food_id: egg.id, quantity: 1, unit: '1 huevo' })).data;
    const three = await ana.call<DiaryEntry>('PUT', `/v0/diary/entries/${id}/`, { quantity: 3 });
    expect(three.data).toMatchObject({ id, quantity: 3, unit: '1 huevo', grams: 150 });
    expect(three.data.kcal).toBeCloseTo(214.5, 10);
    const grams = await ana.call<DiaryEntry>('PUT', `/v0/diary/entries/${id}/`, {
      quantity: 60,
      unit: 'g',
    });
    expect(grams.data).toMatchObject({ quantity: 60, unit: 'g', grams: 60 });
    expect(grams.data.kcal).toBeCloseTo(85.8, 10);
    expect((await ana.call('PUT', `/v0/diary/entries/${id}/`, { unit: 'ml' })).status).toBe(400);
    expect((await ana.call('PUT', `/v0/diary/entries/${id}/`, { kcal: 10 })).status).toBe(400);
    expect((await ana.call('PUT', `/v0/diary/entries/${id}/`, { quantity: 0 })).status).toBe(400);
  });

  it('keeps what was logged when the food changes or goes away', async () => {
    const ana = await signedInUser(ctx);
    const food = await ana.call<Food>('POST', '/v0/foods/', {
      name: 'Tarta de queso casera',
      kcal: 320,
      protein_g: 6,
      available_carbohydrate_g: 25,
      fat_g: 22,
      fibre_g: 0,
    });
    const entry = await log(ana, {
      food_id: food.data.id,
      quantity: 150,
      unit: 'g',
      meal: 'comida',
    });
    await ana.call('PUT', `/v0/foods/${food.data.id}/`, {
      ...food.data,
      kcal: 100,
      origin: undefined,
    });
    await ana.call('DELETE', `/v0/foods/${food.data.id}/`);
    const [kept] = mealOf(await dayOf(ana), 'comida')?.entries ?? [];
    expect(kept).toMatchObject({
      id: entry.data.id,
      name: 'Tarta de queso casera',
      kcal: 480,
      food_id: null,
    });
    const double = await ana.call<DiaryEntry>('PUT', `/v0/diary/entries/${entry.data.id}/`, {
      quantity: 300,
    });
    expect(double.data.kcal).toBeCloseTo(960, 10);
  });

  it('changes a quick add’s values, and moves entries to another meal or day', async () => {
    const ana = await signedInUser(ctx);
    const snack = (await quick(ana, { kcal: 200 })).data;
    const changed = await ana.call<DiaryEntry>('PUT', `/v0/diary/entries/${snack.id}/`, {
      kcal: 180,
      name: 'Barrita',
    });
    expect(changed.data).toMatchObject({ kcal: 180, name: 'Barrita' });
    expect((await ana.call('PUT', `/v0/diary/entries/${snack.id}/`, { quantity: 2 })).status).toBe(
      400,
    );

    const moved = await ana.call<DiaryEntry>('PUT', `/v0/diary/entries/${snack.id}/`, {
      meal: 'almuerzo',
      date: YESTERDAY,
    });
    expect(moved.data).toMatchObject({ meal: 'almuerzo', date: YESTERDAY, kcal: 180 });
    expect((await dayOf(ana)).totals.kcal).toBe(0);
    expect(
      mealOf(await dayOf(ana, YESTERDAY), 'almuerzo')?.entries.map((entry) => entry.id),
    ).toEqual([snack.id]);

    expect((await ana.call('DELETE', `/v0/diary/entries/${snack.id}/`)).status).toBe(200);
    expect((await ana.call('DELETE', `/v0/diary/entries/${snack.id}/`)).status).toBe(404);
    expect((await dayOf(ana, YESTERDAY)).totals.kcal).toBe(0);
  });

  it('of another user are a 404 and stay as they were', async () => {
    const owner = await signedInUser(ctx);
    const { id } = (await log(owner, { food_id: egg.id, quantity: 1, unit: '1 huevo' })).data;
    const other = await signedInUser(ctx);
    expect((await other.call('PUT', `/v0/diary/entries/${id}/`, { quantity: 5 })).status).toBe(404);
    expect((await other.call('DELETE', `/v0/diary/entries/${id}/`)).status).toBe(404);
    expect((await other.call('PUT', '/v0/diary/entries/no-id/', { quantity: 5 })).status).toBe(404);
    expect((await dayOf(other)).totals.kcal).toBe(0);
    const [entry] = mealOf(await dayOf(owner), 'desayuno')?.entries ?? [];
    expect(entry).toMatchObject({ id, quantity: 1 });
    // Copying takes only one's own entries.
    await other.call('POST', '/v0/diary/copy/', { from_date: DAY, to_date: YESTERDAY });
    expect((await dayOf(other, YESTERDAY)).totals.kcal).toBe(0);
  });
});

describe('copying', () => {
  it('copies yesterday’s lunch into today, or into another meal', async () => {
    const ana = await signedInUser(ctx);
    await log(ana, {
      date: YESTERDAY,
      meal: 'comida',
      food_id: bread.id,
      quantity: 2,
      unit: '1 rebanada',
    });
    await log(ana, {
      date: YESTERDAY,
      meal: 'comida',
      food_id: egg.id,
      quantity: 1,
      unit: '1 huevo',
    });
    await log(ana, { date: YESTERDAY, meal: 'cena', food_id: milk.id, quantity: 200, unit: 'ml' });

    const copied = await ana.call<DiaryDay>('POST', '/v0/diary/copy/', {
      from_date: YESTERDAY,
      to_date: DAY,
      from_meal: 'comida',
    });
    expect(copied.status).toBe(200);
    const lunch = mealOf(copied.data, 'comida');
    expect(lunch?.entries.map((entry) => [entry.name, entry.quantity, entry.unit])).toEqual([
      ['Pan de molde blanco', 2, '1 rebanada'],
      ['Huevo', 1, '1 huevo'],
    ]);
    expect(mealOf(copied.data, 'cena')?.entries).toEqual([]);
    // 50 g of bread (133 kcal) and 50 g of egg (71.5 kcal).
    expect(lunch?.totals.kcal).toBe(205);

    const intoDinner = await ana.call<DiaryDay>('POST', '/v0/diary/copy/', {
      from_date: YESTERDAY,
      to_date: DAY,
      from_meal: 'comida',
      to_meal: 'cena',
    });
    expect(mealOf(intoDinner.data, 'cena')?.entries).toHaveLength(2);
    // The originals are still there.
    expect(mealOf(await dayOf(ana, YESTERDAY), 'comida')?.entries).toHaveLength(2);
  });

  it('answers the entries it made, so that removing them undoes the copy and nothing else', async () => {
    const ana = await signedInUser(ctx);
    await log(ana, {
      date: YESTERDAY,
      meal: 'desayuno',
      food_id: egg.id,
      quantity: 2,
      unit: '1 huevo',
    });
    await log(ana, {
      date: YESTERDAY,
      meal: 'desayuno',
      food_id: bread.id,
      quantity: 1,
      unit: '1 rebanada',
    });
    // Today's breakfast already has milk: the copy adds beside it.
    const milkToday = (
      await log(ana, { meal: 'desayuno', food_id: milk.id, quantity: 200, unit: 'ml' })
    ).data;

    const copied = await ana.call<DiaryCopyResult>('POST', '/v0/diary/copy/', {
      from_date: YESTERDAY,
      to_date: DAY,
      from_meal: 'desayuno',
    });
    const breakfast = mealOf(copied.data, 'desayuno')?.entries ?? [];
    expect(breakfast.map((entry) => entry.name)).toEqual([
      'Leche entera',
      'Huevo',
      'Pan de molde blanco',
    ]);
    expect(copied.data.copied_entry_ids).toEqual(breakfast.slice(1).map((entry) => entry.id));

    for (const id of copied.data.copied_entry_ids) {
      expect((await ana.call('DELETE', `/v0/diary/entries/${id}/`)).status).toBe(200);
    }
    const after = mealOf(await dayOf(ana), 'desayuno')?.entries ?? [];
    expect(after.map((entry) => entry.id)).toEqual([milkToday.id]);
    expect(mealOf(await dayOf(ana, YESTERDAY), 'desayuno')?.entries).toHaveLength(2);

    // Nothing to copy, nothing made.
    const empty = await ana.call<DiaryCopyResult>('POST', '/v0/diary/copy/', {
      from_date: YESTERDAY,
      to_date: DAY,
      from_meal: 'cena',
    });
    expect(empty.status).toBe(200);
    expect(empty.data.copied_entry_ids).toEqual([]);

    // The OpenAPI document says so too: it is made from the same schema.
    const openapi = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const copyAnswer = openapi.json<{
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
    }>().paths['/v0/diary/copy/']?.post?.responses['200'];
    expect(JSON.stringify(copyAnswer)).toContain('copied_entry_ids');
  });

  it('gives the copies the identifiers the app chose, so one made offline can be changed before the answer', async () => {
    const ana = await signedInUser(ctx);
    const breakfast = async (food: Food, unit: string) =>
      (await log(ana, { date: YESTERDAY, meal: 'desayuno', food_id: food.id, quantity: 1, unit }))
        .data;
    const bread1 = await breakfast(bread, '1 rebanada');
    const egg1 = await breakfast(egg, '1 huevo');
    const [breadCopy, eggCopy] = [randomUUID(), randomUUID()];
    const copied = await ana.call<DiaryCopyResult>('POST', '/v0/diary/copy/', {
      from_date: YESTERDAY,
      to_date: DAY,
      from_meal: 'desayuno',
      // In any order: each goes to the entry it names.
      copies: [
        { entry_id: egg1.id, id: eggCopy },
        { entry_id: bread1.id, id: breadCopy },
      ],
    });
    expect(copied.status, JSON.stringify(copied.data)).toBe(200);
    expect(copied.data.copied_entry_ids).toEqual([breadCopy, eggCopy]);
    expect(mealOf(copied.data, 'desayuno')?.entries.map((entry) => [entry.id, entry.name])).toEqual(
      [
        [breadCopy, 'Pan de molde blanco'],
        [eggCopy, 'Huevo'],
      ],
    );
    expect((await ana.call('PUT', `/v0/diary/entries/${eggCopy}/`, { quantity: 2 })).status).toBe(
      200,
    );

    // An identifier already held: a 409, and nothing is copied.
    const again = await ana.call<DiaryCopyResult>('POST', '/v0/diary/copy/', {
      from_date: YESTERDAY,
      to_date: DAY,
      from_meal: 'desayuno',
      to_meal: 'cena',
      copies: [{ entry_id: egg1.id, id: eggCopy }],
    });
    expect(again.status).toBe(409);
    expect(mealOf(await dayOf(ana), 'cena')?.entries).toEqual([]);

    // Not a list: a Spanish 400.
    const bad = await ana.call('POST', '/v0/diary/copy/', {
      from_date: YESTERDAY,
      to_date: DAY,
      copies: 'todas',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('Las copias deben ser una lista');
  });

  it('copies a whole day, keeping each entry in its meal', async () => {
    const ana = await signedInUser(ctx);
    await log(ana, {
      date: YESTERDAY,
      meal: 'desayuno',
      food_id: milk.id,
      quantity: 250,
      unit: 'ml',
    });
    await quick(ana, { date: YESTERDAY, meal: 'cena', kcal: 600 });
    const copied = await ana.call<DiaryDay>('POST', '/v0/diary/copy/', {
      from_date: YESTERDAY,
      to_date: '2026-03-05',
    });
    expect(copied.data.date).toBe('2026-03-05');
    expect(copied.data.meals.map((meal) => meal.entries.length)).toEqual([1, 0, 0, 0, 1]);
    expect(copied.data.totals.kcal).toBe((await dayOf(ana, YESTERDAY)).totals.kcal);
    expect(
      (
        await ana.call('POST', '/v0/diary/copy/', {
          from_date: YESTERDAY,
          to_date: DAY,
          to_meal: 'cena',
        })
      ).status,
    ).toBe(400);
  });
});

describe('training', () => {
  it('ships a library of at least 100 exercises with muscle group and equipment', async () => {
    const ana = await signedInUser(ctx);
    const library = (await ana.call<Exercise[]>('GET', '/v0/exercises/')).data;
    expect(library.length).toBeGreaterThanOrEqual(100);
    expect(library.find((exercise) => exercise.name === 'Press de banca')).toMatchObject({
      muscle_group: 'chest',
      equipment: 'barbell',
    });
  });

  it('logs a session of exercises and sets; editing a set changes that set only', async () => {
    const ana = await signedInUser(ctx);
    const library = (await ana.call<Exercise[]>('GET', '/v0/exercises/')).data;
    const squat = library.find((exercise) => exercise.name === 'Sentadilla');
    if (!squat) throw new Error('no squat');
    const session = await ana.call<Workout>('POST', '/v0/diary/workouts/', {
      date: DAY,
      name: 'Pierna',
    });
    expect(session.status).toBe(201);
    expect(session.data).toMatchObject({ date: DAY, name: 'Pierna', exercises: [] });

    const withSquat = await ana.call<Workout>(
      'POST',
      `/v0/diary/workouts/${session.data.id}/exercises/`,
      { exercise_id: squat.id },
    );
    const item = withSquat.data.exercises[0];
    if (!item) throw new Error('exercise not added');
    expect(item.exercise).toEqual(squat);

    for (const weight_kg of [60, 70, 80]) {
      await ana.call('POST', `/v0/diary/workout-exercises/${item.id}/sets/`, {
        reps: 5,
        weight_kg,
      });
    }
    const [day] = (await dayOf(ana)).workouts;
    const sets = day?.exercises[0]?.sets ?? [];
    expect(sets.map((set) => [set.reps, set.weight_kg])).toEqual([
      [5, 60],
      [5, 70],
      [5, 80],
    ]);

    const second = sets[1];
    if (!second) throw new Error('no second set');
    const edited = await ana.call<Workout>('PUT', `/v0/diary/sets/${second.id}/`, {
      reps: 6,
      weight_kg: 72.5,
    });
    expect(edited.data.exercises[0]?.sets.map((set) => [set.id, set.reps, set.weight_kg])).toEqual([
      [sets[0]?.id, 5, 60],
      [second.id, 6, 72.5],
      [sets[2]?.id, 5, 80],
    ]);
    await ana.call('PUT', `/v0/diary/sets/${second.id}/`, { reps: 6, weight_kg: 72.5 });
    expect((await dayOf(ana)).workouts[0]?.exercises[0]?.sets).toHaveLength(3);

    const fewer = await ana.call<Workout>('DELETE', `/v0/diary/sets/${second.id}/`);
    expect(fewer.data.exercises[0]?.sets).toHaveLength(2);
    const renamed = await ana.call<Workout>('PUT', `/v0/diary/workouts/${session.data.id}/`, {
      name: 'Pierna A',
    });
    expect(renamed.data.name).toBe('Pierna A');
    const empty = await ana.call<Workout>('DELETE', `/v0/diary/workout-exercises/${item.id}/`);
    expect(empty.data.exercises).toEqual([]);
    expect((await ana.call('DELETE', `/v0/diary/workouts/${session.data.id}/`)).status).toBe(200);
    expect((await dayOf(ana)).workouts).toEqual([]);
  });

  it('refuses sets that are not reps and kilograms, and exercises not in the library', async () => {
    const ana = await signedInUser(ctx);
    const library = (await ana.call<Exercise[]>('GET', '/v0/exercises/')).data;
    const session = (await ana.call<Workout>('POST', '/v0/diary/workouts/', { date: DAY })).data;
    expect(session.name).toBe('');
    const item = (
      await ana.call<Workout>('POST', `/v0/diary/workouts/${session.id}/exercises/`, {
        exercise_id: library[0]?.id,
      })
    ).data.exercises[0];
    for (const set of [
      { reps: 1.5, weight_kg: 20 },
      { reps: 5, weight_kg: -1 },
      { reps: -1, weight_kg: 20 },
      { reps: 5, weight_kg: 1001 },
      { reps: 5 },
    ]) {
      expect(
        (await ana.call('POST', `/v0/diary/workout-exercises/${item?.id}/sets/`, set)).status,
        JSON.stringify(set),
      ).toBe(400);
    }
    const unknown = await ana.call('POST', `/v0/diary/workouts/${session.id}/exercises/`, {
      exercise_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });

  it('of another user is a 404 at every step', async () => {
    const owner = await signedInUser(ctx);
    const library = (await owner.call<Exercise[]>('GET', '/v0/exercises/')).data;
    const session = (
      await owner.call<Workout>('POST', '/v0/diary/workouts/', { date: DAY, name: 'Empuje' })
    ).data;
    const item = (
      await owner.call<Workout>('POST', `/v0/diary/workouts/${session.id}/exercises/`, {
        exercise_id: library[0]?.id,
      })
    ).data.exercises[0];
    const set = (
      await owner.call<Workout>('POST', `/v0/diary/workout-exercises/${item?.id}/sets/`, {
        reps: 8,
        weight_kg: 40,
      })
    ).data.exercises[0]?.sets[0];
    const other = await signedInUser(ctx);
    const attempts = [
      other.call('PUT', `/v0/diary/workouts/${session.id}/`, { name: 'Mío' }),
      other.call('DELETE', `/v0/diary/workouts/${session.id}/`),
      other.call('POST', `/v0/diary/workouts/${session.id}/exercises/`, {
        exercise_id: library[1]?.id,
      }),
      other.call('DELETE', `/v0/diary/workout-exercises/${item?.id}/`),
      other.call('POST', `/v0/diary/workout-exercises/${item?.id}/sets/`, {
        reps: 1,
        weight_kg: 1,
      }),
      other.call('PUT', `/v0/diary/sets/${set?.id}/`, { reps: 1, weight_kg: 1 }),
      other.call('DELETE', `/v0/diary/sets/${set?.id}/`),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.status).toBe(404);
    expect((await dayOf(other)).workouts).toEqual([]);
    const [kept] = (await dayOf(owner)).workouts;
    expect(kept).toMatchObject({
      name: 'Empuje',
      exercises: [{ sets: [{ reps: 8, weight_kg: 40 }] }],
    });
  });
});

describe('the diary calls', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const calls: [string, string, object?][] = [
    ['GET', `/v0/diary/days/${DAY}/`],
    ['PUT', `/v0/diary/days/${DAY}/water/`, { water_ml: 250 }],
    ['PUT', `/v0/diary/days/${DAY}/notes/`, { notes: '' }],
    ['POST', '/v0/diary/entries/', { kind: 'quick', date: DAY, meal: 'cena', kcal: 1 }],
    ['PUT', `/v0/diary/entries/${someId}/`, { quantity: 1 }],
    ['DELETE', `/v0/diary/entries/${someId}/`],
    ['POST', '/v0/diary/copy/', { from_date: DAY, to_date: YESTERDAY }],
    ['GET', '/v0/exercises/'],
    ['POST', '/v0/diary/workouts/', { date: DAY }],
    ['PUT', `/v0/diary/workouts/${someId}/`, { name: 'x' }],
    ['DELETE', `/v0/diary/workouts/${someId}/`],
    ['POST', `/v0/diary/workouts/${someId}/exercises/`, { exercise_id: someId }],
    ['DELETE', `/v0/diary/workout-exercises/${someId}/`],
    ['POST', `/v0/diary/workout-exercises/${someId}/sets/`, { reps: 1, weight_kg: 1 }],
    ['PUT', `/v0/diary/sets/${someId}/`, { reps: 1, weight_kg: 1 }],
    ['DELETE', `/v0/diary/sets/${someId}/`],
  ];

  it('need a signed-in user (401) with a subscription (402), and nothing is written', async () => {
    const unsubscribed = await signedInUser(ctx, { subscribed: false });
    for (const [method, url, payload] of calls) {
      const anonymous = await ctx.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const res = await unsubscribed.call(method as 'GET', url, payload);
      expect(res.status, `${method} ${url}`).toBe(402);
      expect(res.body).toMatchObject({ status: 402, data: { error: 'subscription required' } });
    }
    const subscribed = await signedInUser(ctx);
    expect((await subscribed.call('GET', `/v0/diary/days/${DAY}/`)).status).toBe(200);
  });
});

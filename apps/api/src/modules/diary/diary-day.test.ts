import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { DailyTargets, DiaryEntry, Exercise, Workout } from '@forja/shared/schemas/diary';
import type { Food } from '@forja/shared/schemas/foods';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { subscribe } from '#test/premium';
import { linkToTrainer } from '#test/trainers';

// The whole body of a rich day, byte for byte: what the diary screen parses. Ids differ
// from run to run, so each is replaced by the name of what it is before comparing; an id
// the test did not make shows up as <unknown id> and fails the comparison.

let ctx: TestContext;
let library: Exercise[];
const foods = new Map<string, Food>();

const DAY = '2026-03-02';
const YESTERDAY = '2026-03-01';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

beforeAll(async () => {
  ctx = await createTestContext();
  const someone = await trainee(null);
  for (const q of ['huevo', 'leche entera', 'pan de molde blanco']) {
    const res = await someone.call<Food[]>('GET', `/v0/foods/?q=${encodeURIComponent(q)}`);
    const [food] = res.data;
    if (!food) throw new Error(`no ${q}`);
    foods.set(q, food);
  }
  library = (await someone.call<Exercise[]>('GET', '/v0/exercises/')).data;
});

afterAll(async () => {
  await ctx.close();
});

/** A subscribed trainee of `trainerId`, with call() sending their token and naming ids. */
async function trainee(trainerId: string | null) {
  const user = await createUser(ctx);
  if (trainerId) await linkToTrainer(ctx, user.id, trainerId);
  await subscribe(ctx, user.id);
  const headers = auth((await signIn(ctx, user.id)).access_token);
  const names = new Map<string, string>([[user.id, 'user']]);
  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => {
    const res = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
    const body = res.json<{ status: number; data: T }>();
    return { payload: res.payload, body, data: body.data };
  };
  /** The raw body with every id replaced by its name. */
  const named = (payload: string) =>
    payload.replace(UUID, (id) => `<${names.get(id) ?? 'unknown id'}>`);
  return { user, headers, names, call, named };
}

type Trainee = Awaited<ReturnType<typeof trainee>>;

async function answerOnboarding(who: Trainee) {
  for (const step of ['goal', 'body', 'activity', 'health'] as const) {
    await who.call('PUT', `/v0/users/${who.user.id}/onboarding/${step}/`, answers[step]);
  }
}

function food(q: string): Food {
  const found = foods.get(q);
  if (!found) throw new Error(`no ${q}`);
  return found;
}

function exercise(name: string): Exercise {
  const found = library.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

/**
 * A day with food in four meals of five (grams, millilitres, portions, one's own food, quick
 * adds with fractions that only add up by largest remainder), water, notes that JSON must
 * escape, and two training sessions; plus what must stay out of it: the day before, and
 * another person's same day.
 */
async function logRichDay(who: Trainee) {
  const entry = async (label: string, values: Record<string, unknown>) => {
    const kind = 'food_id' in values ? 'food' : 'quick';
    const res = await who.call<DiaryEntry>('POST', '/v0/diary/entries/', {
      kind,
      date: DAY,
      ...values,
    });
    who.names.set(res.data.id, label);
  };
  for (const [q, name] of [
    ['huevo', 'egg'],
    ['leche entera', 'milk'],
    ['pan de molde blanco', 'bread'],
  ] as const) {
    who.names.set(food(q).id, name);
  }
  const own = await who.call<Food>('POST', '/v0/foods/', {
    name: 'Lentejas de la abuela',
    kcal: 116.3,
    protein_g: 9.02,
    // As a European label prints it, without the fibre: 20.13 g in all with its 7.9 g.
    available_carbohydrate_g: 12.23,
    fat_g: 0.38,
    fibre_g: 7.9,
    portions: [{ name: '1 plato', grams: 275 }],
  });
  who.names.set(own.data.id, 'lentils');

  await entry('eggs', {
    meal: 'desayuno',
    food_id: food('huevo').id,
    quantity: 2,
    unit: '1 huevo',
  });
  await entry('milk glass', {
    meal: 'desayuno',
    food_id: food('leche entera').id,
    quantity: 250,
    unit: 'ml',
  });
  await entry('toast', {
    meal: 'desayuno',
    food_id: food('pan de molde blanco').id,
    quantity: 30,
    unit: 'g',
  });
  await entry('lentil plate', {
    meal: 'comida',
    food_id: own.data.id,
    quantity: 1.5,
    unit: '1 plato',
  });
  await entry('set menu', {
    meal: 'comida',
    name: 'Menú del día',
    kcal: 850.3,
    protein_g: 30.25,
    carbohydrate_g: 90.5,
    fat_g: 35.45,
  });
  await entry('coffee milk', {
    meal: 'merienda',
    food_id: food('leche entera').id,
    quantity: 13.7,
    unit: 'ml',
  });
  for (const label of ['snack 1', 'snack 2', 'snack 3']) {
    await entry(label, { meal: 'merienda', kcal: 100.4, protein_g: 0.5 });
  }
  await entry('dinner bread', {
    meal: 'cena',
    food_id: food('pan de molde blanco').id,
    quantity: 2,
    unit: '1 rebanada',
  });
  await entry('dinner bite', { meal: 'cena', name: 'Onza de chocolate', kcal: 0.4 });
  await entry('yesterday', { meal: 'cena', date: YESTERDAY, kcal: 500 });

  await who.call('PUT', `/v0/diary/days/${DAY}/water/`, { water_ml: 1750 });
  await who.call('PUT', `/v0/diary/days/${DAY}/notes/`, {
    notes: 'Pierna "pesada" \\ 100 %\nMañana descanso 💪',
  });
  await who.call('PUT', `/v0/diary/days/${YESTERDAY}/water/`, { water_ml: 250 });

  const session = async (label: string, date: string, name: string) => {
    const res = await who.call<Workout>('POST', '/v0/diary/workouts/', { date, name });
    who.names.set(res.data.id, label);
    return res.data.id;
  };
  const add = async (label: string, workoutId: string, exerciseName: string) => {
    const picked = exercise(exerciseName);
    who.names.set(picked.id, exerciseName);
    const res = await who.call<Workout>('POST', `/v0/diary/workouts/${workoutId}/exercises/`, {
      exercise_id: picked.id,
    });
    const item = res.data.exercises.at(-1);
    if (!item) throw new Error('exercise not added');
    who.names.set(item.id, label);
    return item.id;
  };
  const set = async (label: string, itemId: string, reps: number, weight_kg: number) => {
    const res = await who.call<Workout>('POST', `/v0/diary/workout-exercises/${itemId}/sets/`, {
      reps,
      weight_kg,
    });
    const added = res.data.exercises.find((item) => item.id === itemId)?.sets.at(-1);
    if (!added) throw new Error('set not added');
    who.names.set(added.id, label);
  };
  const legs = await session('legs', DAY, 'Pierna');
  const squat = await add('legs: squat', legs, 'Sentadilla');
  await set('squat 1', squat, 5, 60);
  await set('squat 2', squat, 5, 72.5);
  await set('squat 3', squat, 8, 0);
  await add('legs: deadlift', legs, 'Peso muerto rumano');
  const push = await session('push', DAY, '');
  const bench = await add('push: bench', push, 'Press de banca');
  await set('bench 1', bench, 10, 42.25);
  const before = await session('yesterday session', YESTERDAY, 'Espalda');
  await add('yesterday: row', before, 'Remo con barra');

  const other = await trainee(null);
  await other.call('POST', '/v0/diary/entries/', {
    kind: 'quick',
    date: DAY,
    meal: 'desayuno',
    kcal: 300,
  });
  await other.call('POST', '/v0/diary/workouts/', { date: DAY, name: 'Ajeno' });
}

// What logRichDay logged, as every trainee's day shows it: energy in whole kcal and
// nutrients in whole grams, rounded so that entries add up to their meal and meals to the
// day; amounts as stored.
const richMeals = [
  {
    meal: 'desayuno',
    entries: [
      {
        kcal: 143,
        protein_g: 13,
        carbohydrate_g: 1,
        fat_g: 10,
        fibre_g: 0,
        id: '<eggs>',
        date: DAY,
        meal: 'desayuno',
        kind: 'food',
        food_id: '<egg>',
        name: 'Huevo',
        quantity: 2,
        unit: '1 huevo',
        grams: 100,
      },
      {
        kcal: 157,
        protein_g: 8,
        carbohydrate_g: 12,
        fat_g: 8,
        fibre_g: 0,
        id: '<milk glass>',
        date: DAY,
        meal: 'desayuno',
        kind: 'food',
        food_id: '<milk>',
        name: 'Leche entera',
        quantity: 250,
        unit: 'ml',
        grams: 257.5,
      },
      {
        kcal: 80,
        protein_g: 2,
        carbohydrate_g: 15,
        fat_g: 1,
        fibre_g: 1,
        id: '<toast>',
        date: DAY,
        meal: 'desayuno',
        kind: 'food',
        food_id: '<bread>',
        name: 'Pan de molde blanco',
        quantity: 30,
        unit: 'g',
        grams: 30,
      },
    ],
    totals: {
      kcal: 380,
      protein_g: 23,
      carbohydrate_g: 28,
      fat_g: 19,
      fibre_g: 1,
    },
  },
  {
    meal: 'almuerzo',
    entries: [],
    totals: {
      kcal: 0,
      protein_g: 0,
      carbohydrate_g: 0,
      fat_g: 0,
      fibre_g: 0,
    },
  },
  {
    meal: 'comida',
    entries: [
      {
        kcal: 480,
        protein_g: 37,
        carbohydrate_g: 83,
        fat_g: 2,
        fibre_g: 33,
        id: '<lentil plate>',
        date: DAY,
        meal: 'comida',
        kind: 'food',
        food_id: '<lentils>',
        name: 'Lentejas de la abuela',
        quantity: 1.5,
        unit: '1 plato',
        grams: 412.5,
      },
      {
        kcal: 850,
        protein_g: 30,
        carbohydrate_g: 91,
        fat_g: 35,
        fibre_g: 0,
        id: '<set menu>',
        date: DAY,
        meal: 'comida',
        kind: 'quick',
        food_id: null,
        name: 'Menú del día',
        quantity: 0,
        unit: '',
        grams: null,
      },
    ],
    totals: {
      kcal: 1330,
      protein_g: 67,
      carbohydrate_g: 174,
      fat_g: 37,
      fibre_g: 33,
    },
  },
  {
    meal: 'merienda',
    entries: [
      {
        kcal: 9,
        protein_g: 0,
        carbohydrate_g: 1,
        fat_g: 0,
        fibre_g: 0,
        id: '<coffee milk>',
        date: DAY,
        meal: 'merienda',
        kind: 'food',
        food_id: '<milk>',
        name: 'Leche entera',
        quantity: 13.7,
        unit: 'ml',
        grams: 14.110999999999999,
      },
      {
        kcal: 101,
        protein_g: 1,
        carbohydrate_g: 0,
        fat_g: 0,
        fibre_g: 0,
        id: '<snack 1>',
        date: DAY,
        meal: 'merienda',
        kind: 'quick',
        food_id: null,
        name: 'Añadido rápido',
        quantity: 0,
        unit: '',
        grams: null,
      },
      {
        kcal: 100,
        protein_g: 1,
        carbohydrate_g: 0,
        fat_g: 0,
        fibre_g: 0,
        id: '<snack 2>',
        date: DAY,
        meal: 'merienda',
        kind: 'quick',
        food_id: null,
        name: 'Añadido rápido',
        quantity: 0,
        unit: '',
        grams: null,
      },
      {
        kcal: 100,
        protein_g: 0,
        carbohydrate_g: 0,
        fat_g: 0,
        fibre_g: 0,
        id: '<snack 3>',
        date: DAY,
        meal: 'merienda',
        kind: 'quick',
        food_id: null,
        name: 'Añadido rápido',
        quantity: 0,
        unit: '',
        grams: null,
      },
    ],
    totals: {
      kcal: 310,
      protein_g: 2,
      carbohydrate_g: 1,
      fat_g: 0,
      fibre_g: 0,
    },
  },
  {
    meal: 'cena',
    entries: [
      {
        kcal: 133,
        protein_g: 4,
        carbohydrate_g: 25,
        fat_g: 2,
        fibre_g: 1,
        id: '<dinner bread>',
        date: DAY,
        meal: 'cena',
        kind: 'food',
        food_id: '<bread>',
        name: 'Pan de molde blanco',
        quantity: 2,
        unit: '1 rebanada',
        grams: 50,
      },
      {
        kcal: 0,
        protein_g: 0,
        carbohydrate_g: 0,
        fat_g: 0,
        fibre_g: 0,
        id: '<dinner bite>',
        date: DAY,
        meal: 'cena',
        kind: 'quick',
        food_id: null,
        name: 'Onza de chocolate',
        quantity: 0,
        unit: '',
        grams: null,
      },
    ],
    totals: {
      kcal: 133,
      protein_g: 4,
      carbohydrate_g: 25,
      fat_g: 2,
      fibre_g: 1,
    },
  },
];

const richTotals = {
  kcal: 2153,
  protein_g: 96,
  carbohydrate_g: 228,
  fat_g: 58,
  fibre_g: 35,
};

const richWorkouts = [
  {
    id: '<legs>',
    date: DAY,
    name: 'Pierna',
    routine_id: null,
    exercises: [
      {
        id: '<legs: squat>',
        exercise: {
          id: '<Sentadilla>',
          name: 'Sentadilla',
          muscle_group: 'quadriceps',
          equipment: 'barbell',
        },
        sets: [
          {
            id: '<squat 1>',
            reps: 5,
            weight_kg: 60,
            duration_s: null,
            distance_m: null,
            rpe: null,
            record: false,
          },
          {
            id: '<squat 2>',
            reps: 5,
            weight_kg: 72.5,
            duration_s: null,
            distance_m: null,
            rpe: null,
            record: false,
          },
          {
            id: '<squat 3>',
            reps: 8,
            weight_kg: 0,
            duration_s: null,
            distance_m: null,
            rpe: null,
            record: false,
          },
        ],
        notes: '',
        last_time: [],
        prescription: null,
      },
      {
        id: '<legs: deadlift>',
        exercise: {
          id: '<Peso muerto rumano>',
          name: 'Peso muerto rumano',
          muscle_group: 'hamstrings',
          equipment: 'barbell',
        },
        sets: [],
        notes: '',
        last_time: [],
        prescription: null,
      },
    ],
  },
  {
    id: '<push>',
    date: DAY,
    name: '',
    routine_id: null,
    exercises: [
      {
        id: '<push: bench>',
        exercise: {
          id: '<Press de banca>',
          name: 'Press de banca',
          muscle_group: 'chest',
          equipment: 'barbell',
        },
        sets: [
          {
            id: '<bench 1>',
            reps: 10,
            weight_kg: 42.25,
            duration_s: null,
            distance_m: null,
            rpe: null,
            record: false,
          },
        ],
        notes: '',
        last_time: [],
        prescription: null,
      },
    ],
  },
];

/** The whole answer for the rich day, with these targets. */
function richDay(targets: DailyTargets | null) {
  return {
    status: 200,
    data: {
      date: DAY,
      meals: richMeals,
      totals: richTotals,
      targets,
      water_ml: 1750,
      notes: 'Pierna "pesada" \\ 100 %\nMañana descanso 💪',
      // Unmarked, with 2153 kcal: at least half of any target here, so complete.
      completeness_marked: null,
      completeness: 'complete',
      workouts: richWorkouts,
    },
  };
}

/** The day as `who` reads it, its ids named, checked against `expected` byte for byte. */
async function expectDay(who: Trainee, expected: object, date = DAY) {
  const body = who.named((await who.call('GET', `/v0/diary/days/${date}/`)).payload);
  // The structural comparison first, for a readable difference; then the bytes.
  expect(JSON.parse(body)).toEqual(expected);
  expect(body).toBe(JSON.stringify(expected));
}

async function staff() {
  const user = await createUser(ctx, { role: 'trainer' });
  return { user, headers: auth((await signIn(ctx, user.id)).access_token) };
}

describe('the body of a day', () => {
  it('carries the energy, protein and the rest that a trainer set, in metric', async () => {
    const coach = await staff();
    const ana = await trainee(coach.user.id);
    await ana.call('POST', '/v0/users/preferences/', { metric_system: 'metric' });
    await answerOnboarding(ana);
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${ana.user.id}/targets/`,
      headers: coach.headers,
      payload: { energy_kcal: 1750, protein_g: 150, confirm_below_minimum: true },
    });
    expect(set.statusCode).toBe(200);
    await logRichDay(ana);
    // Fat: max(25 % of 1750 / 9 = 48.6, 0.6 × 80 = 48) = 49 g; carbohydrate: (1750 − 600 −
    // 441) / 4 = 177 g; fibre: 14 × 1.75 = 24.5, so 25 g; drinks: 80 % of 2.5 L of water.
    // 1750 kcal is below the floor of 1780 (the BMR), so the trainer confirmed it.
    await expectDay(
      ana,
      richDay({
        kcal: 1750,
        protein_g: 150,
        carbohydrate_g: 177,
        fat_g: 49,
        fibre_g: 25,
        water_ml: 2000,
      }),
    );
  });

  it('carries the formula’s targets without an override, and stays metric in imperial', async () => {
    const luis = await trainee(null);
    await luis.call('POST', '/v0/users/preferences/', { metric_system: 'imperial' });
    await answerOnboarding(luis);
    await logRichDay(luis);
    await expectDay(
      luis,
      richDay({
        kcal: 2125,
        protein_g: 160,
        carbohydrate_g: 239,
        fat_g: 59,
        fibre_g: 30,
        // 80 % of the 2.5 L of total water comes from drinks
        water_ml: 2000,
      }),
    );
  });

  it('is five empty meals and no targets for somebody who has not started', async () => {
    const eva = await trainee(null);
    const none = { kcal: 0, protein_g: 0, carbohydrate_g: 0, fat_g: 0, fibre_g: 0 };
    await expectDay(eva, {
      status: 200,
      data: {
        date: DAY,
        meals: ['desayuno', 'almuerzo', 'comida', 'merienda', 'cena'].map((meal) => ({
          meal,
          entries: [],
          totals: none,
        })),
        totals: none,
        targets: null,
        water_ml: 0,
        notes: '',
        completeness_marked: null,
        completeness: 'not_logged',
        workouts: [],
      },
    });
  });

  it('is the same in the answer of a copy, which adds the entries it made', async () => {
    const marta = await trainee(null);
    await marta.call('POST', '/v0/users/preferences/', { timezone: 'Europe/Madrid' });
    await answerOnboarding(marta);
    await logRichDay(marta);

    const copied = await marta.call('POST', '/v0/diary/copy/', {
      from_date: DAY,
      to_date: '2026-03-09',
    });
    const read = await marta.call('GET', '/v0/diary/days/2026-03-09/');
    // The day written the same way, then the ids of what the copy made (for its undo).
    const day = JSON.parse(read.payload) as { data: { meals: { entries: { id: string }[] }[] } };
    const made = day.data.meals.flatMap((meal) => meal.entries.map((entry) => entry.id));
    expect(copied.payload).toBe(
      `${read.payload.slice(0, -2)},"copied_entry_ids":${JSON.stringify(made)}}}`,
    );
    expect(day).toMatchObject({ data: { totals: richTotals, workouts: [] } });
  });
});

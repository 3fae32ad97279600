import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { ConsentArea } from '@forja/shared/constants';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { ALL_AREAS, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';
import { QUEUE_RULE_NEEDS } from './consent-answers';
import { allows, type Shared } from './consent-table';

/*
 * The consent table (decision 096) walked route by route: a trainer reads every answer about
 * a trainee with each area, and the health answers, shared or not, and no field of what is
 * not shared reaches them. Each of these fields carries something about the trainee in this
 * set-up once everything is shared, which the first test checks.
 */
const AREA_FIELDS: Record<ConsentArea | 'health', readonly string[]> = {
  body: [
    'weight_kg',
    'goal_weight_kg',
    'age_years',
    'bmr_kcal',
    'tdee_kcal',
    'formula',
    'trend_kg',
    'weekly_rate_kg',
    'weights',
    'measurements',
    'weight',
    'weigh_ins',
    'trend',
    'protein_g_per_kg',
    'weekly_change_kg',
    'goal_date',
  ],
  diary: [
    'meals',
    'water_ml',
    'water',
    'energy',
    'adherence',
    'adherence_percent',
    'days_logged',
    'energy_kcal',
    'last_login',
    'override',
    'history',
  ],
  training: ['workouts', 'sessions', 'sessions_done', 'sessions_planned', 'exercises'],
  check_ins: ['answers', 'photos', 'questions'],
  health: ['allergy_warnings', 'other_allergy_warnings'],
};
const HEALTH_WORDS = ['pregnancy', 'health_review'];

// Sunday 8 March 2026, 10:00 in Madrid: the check-in of the week of 2 March is due.
const SUNDAY = new Date('2026-03-08T09:00:00.000Z');
const TODAY = '2026-03-08';
const WEEK = '2026-03-02';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(SUNDAY);
});

afterAll(async () => {
  await ctx.close();
});

type Json = unknown;
type Trainer = Awaited<ReturnType<typeof signedInTrainer>>;

/** A value that tells nothing: absent, null, empty, zero, or an object of such values. */
function empty(value: Json): boolean {
  if (value === null || value === undefined || value === '' || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(empty);
  return false;
}

/** Every (path, key, value) of an answer. */
function* fieldsOf(value: Json, path: string[] = []): Generator<[string[], string, Json]> {
  if (Array.isArray(value)) {
    for (const item of value) yield* fieldsOf(item, path);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      yield [path, key, inner];
      yield* fieldsOf(inner, [...path, key]);
    }
  }
}

/** The words of an answer (strings anywhere in it). */
function wordsOf(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(wordsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(wordsOf);
  return [];
}

interface Setup {
  trainer: Trainer;
  trainee: SignedInUser;
  recipeId: string;
  checkInId: string;
}

async function setUp(): Promise<Setup> {
  const trainer = await signedInTrainer(ctx);
  const trainee = await signedInUser(ctx);
  const id = trainee.user.id;
  await linkToTrainer(ctx, id, trainer.user.id, ALL_AREAS);
  const steps = {
    ...answers,
    body: { ...answers.body, sex: 'female' as const, weight_kg: 70 },
    goal: { ...answers.goal, goal_weight_kg: 66 },
    eating: { ...answers.eating, allergies: ['milk' as const], other_allergies: 'Kiwi' },
    health: { ...answers.health, pregnancy_week: 20, heart_condition: true },
  };
  for (const step of Object.keys(steps) as (keyof typeof steps)[]) {
    const res = await trainee.call('PUT', `/v0/users/${id}/onboarding/${step}/`, steps[step]);
    expect(res.status, step).toBe(200);
  }
  expect((await trainee.call('POST', `/v0/users/${id}/onboarding/finish/`)).status).toBe(200);
  for (const [date, kg] of [
    ['2026-02-16', 71.2],
    ['2026-02-23', 70.8],
    ['2026-03-02', 70.4],
    ['2026-03-05', 70.1],
    [TODAY, 69.8],
  ] as const) {
    expect(
      (await trainee.call('PUT', `/v0/metrics/weights/${date}/`, { weight_kg: kg })).status,
    ).toBe(200);
  }
  await trainee.call('PUT', `/v0/metrics/measurements/${TODAY}/`, { waist_cm: 74 });
  const entry = { kind: 'quick', date: TODAY, meal: 'comida', kcal: 640 };
  expect((await trainee.call('POST', '/v0/diary/entries/', entry)).status).toBe(201);
  await trainee.call('PUT', `/v0/diary/days/${TODAY}/water/`, { water_ml: 1500 });
  const workout = await trainee.call<{ id: string }>('POST', '/v0/diary/workouts/', {
    date: TODAY,
  });
  expect(workout.status).toBe(201);
  const milk = await trainee.call<{ id: string; allergy_warnings: string[] }[]>(
    'GET',
    '/v0/foods/?q=leche',
  );
  const food = milk.data.find((found) => found.allergy_warnings.includes('milk'));
  if (!food) throw new Error('No food with milk in the search');
  const recipe = await trainee.call<{ id: string }>('POST', '/v0/recipes/', {
    name: 'Batido de la mañana',
    ingredients: [{ food_id: food.id, grams: 250 }],
    servings: 1,
  });
  expect(recipe.status).toBe(201);
  const form = await trainee.call<{ form: { questions: { key: string; kind: string }[] } }>(
    'GET',
    '/v0/check-ins/current/',
  );
  const given = Object.fromEntries(
    form.data.form.questions.map((question) => [
      question.key,
      question.kind === 'text' ? 'Una semana tranquila' : question.kind === 'choice' ? null : 7,
    ]),
  );
  const checkIn = await trainee.call<{ id: string }>('PUT', `/v0/check-ins/${WEEK}/`, {
    answers: given,
    health_data_consent: true,
  });
  expect(checkIn.status).toBe(200);
  const comments = `/v0/trainers/trainees/${id}/comments/?date=${TODAY}`;
  for (const payload of [
    { target: 'day', body: 'Bien el día' },
    { target: 'workout', workout_id: workout.data.id, body: 'Buen entreno' },
  ]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: comments,
      headers: trainer.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const prescribed = await ctx.app.inject({
    method: 'PUT',
    url: `/v0/users/${id}/targets/`,
    headers: trainer.headers,
    payload: { energy_kcal: 2100 },
  });
  expect(prescribed.statusCode, prescribed.body).toBe(200);
  return { trainer, trainee, recipeId: recipe.data.id, checkInId: checkIn.data.id };
}

/** Every answer a trainer reads about the trainee, by route. */
async function walk({ trainer, trainee, recipeId, checkInId }: Setup) {
  const id = trainee.user.id;
  const base = `/v0/trainers/trainees/${id}`;
  const urls = [
    '/v0/users/',
    `/v0/users/${id}/`,
    `/v0/users/${id}/targets/`,
    '/v0/trainers/trainees/',
    `${base}/`,
    '/v0/trainers/queue/',
    `${base}/expenditure/`,
    `${base}/proposals/`,
    `${base}/metrics/?months=1`,
    `${base}/diary/days/${TODAY}/`,
    `${base}/workouts/?from=${WEEK}&to=${TODAY}`,
    `${base}/foods/?q=leche`,
    `${base}/foods/?q=kiwi`,
    `${base}/recipes/`,
    `${base}/recipes/${recipeId}/`,
    '/v0/trainers/check-ins/?status=pending',
    `/v0/trainers/check-ins/${checkInId}/`,
    `${base}/check-ins/`,
    `${base}/comments/?date=${TODAY}`,
  ];
  const answers: { url: string; status: number; data: Json }[] = [];
  for (const url of urls) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: trainer.headers });
    expect([200, 404], `${url} ${res.body}`).toContain(res.statusCode);
    const data = res.statusCode === 200 ? res.json<{ data: Json }>().data : null;
    answers.push({ url, status: res.statusCode, data });
  }
  return answers;
}

/** What reaches the trainer that the trainee does not share. */
function leaks(shared: Shared, answers: Awaited<ReturnType<typeof walk>>, traineeId: string) {
  const found: string[] = [];
  for (const { url, data } of answers) {
    // The trainer's own row of `/v0/users/` is theirs.
    const about =
      url === '/v0/users/' ? (data as { id: string }[]).filter((u) => u.id === traineeId) : data;
    for (const [area, fields] of Object.entries(AREA_FIELDS)) {
      if (shared[area as keyof Shared]) continue;
      for (const [path, key, value] of fieldsOf(about)) {
        // A set's weight is the training's, not the body's.
        if (path.includes('exercises')) continue;
        if (fields.includes(key) && !empty(value)) found.push(`${url} ${[...path, key].join('.')}`);
      }
    }
    if (!shared.health) {
      for (const word of wordsOf(about)) {
        if (HEALTH_WORDS.includes(word)) found.push(`${url} ${word}`);
      }
    }
    for (const [path, key, value] of fieldsOf(about)) {
      if (key !== 'rule' || typeof value !== 'string') continue;
      const needs = QUEUE_RULE_NEEDS[value as keyof typeof QUEUE_RULE_NEEDS];
      if (!allows(shared, needs)) found.push(`${url} ${path.join('.')} rule ${value}`);
    }
  }
  return found;
}

async function share(setup: Setup, shared: Shared) {
  const { trainee } = setup;
  const { health, ...areas } = shared;
  const id = trainee.user.id;
  expect((await trainee.call('PUT', `/v0/users/${id}/trainer/consent/`, areas)).status).toBe(200);
  const step = await trainee.call('GET', `/v0/users/${id}/onboarding/health/`);
  const answer = { ...(step.data as object), share_with_trainer: health };
  expect((await trainee.call('PUT', `/v0/users/${id}/onboarding/health/`, answer)).status).toBe(
    200,
  );
}

const EVERYTHING: Shared = { ...ALL_AREAS, health: true };

describe('the consent table, walked over every answer a trainer reads about a trainee', () => {
  let setup: Setup;

  beforeAll(async () => {
    setup = await setUp();
  });

  it('shows the trainer everything, health answers included, when everything is shared', async () => {
    await share(setup, EVERYTHING);
    const answers = await walk(setup);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.url)).toEqual(
      [],
    );
    // Every field the walk looks at carries something here, so its absence later means it
    // was withheld.
    const seen = new Set<string>();
    for (const { data } of answers) {
      for (const [path, key, value] of fieldsOf(data)) {
        if (!path.includes('exercises') && !empty(value)) seen.add(key);
      }
    }
    const missing = Object.values(AREA_FIELDS)
      .flat()
      .filter((field) => !seen.has(field));
    // 640 kcal is far from any target (0 %); the last sign-in, a session's exercises and
    // progress photos are not made here.
    expect(missing.sort()).toEqual(['adherence_percent', 'exercises', 'last_login', 'photos']);
    const words = answers.flatMap((answer) => wordsOf(answer.data));
    expect(words).toEqual(expect.arrayContaining(HEALTH_WORDS));
  });

  const cases: [string, Shared][] = [
    ...(['diary', 'training', 'body', 'check_ins'] as const).map((area): [string, Shared] => [
      `without ${area}`,
      { ...EVERYTHING, [area]: false },
    ]),
    ['without the health answers', { ...EVERYTHING, health: false }],
    ['with the diary alone', { ...NO_AREAS, diary: true, health: false }],
    ['with nothing', { ...NO_AREAS, health: false }],
  ];
  for (const [name, shared] of cases) {
    it(`lets nothing of what is not shared reach the trainer ${name}`, async () => {
      await share(setup, shared);
      expect(leaks(shared, await walk(setup), setup.trainee.user.id)).toEqual([]);
    });
  }
});

describe('finding 1: a trainer who sees only the diary', () => {
  it('reads the targets without the health notes or the body, and foods without allergies', async () => {
    const setup = await setUp();
    await share(setup, { ...NO_AREAS, diary: true, health: false });
    const { trainer, trainee } = setup;
    const id = trainee.user.id;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v0/users/${id}/targets/`,
      headers: trainer.headers,
    });
    expect(res.statusCode).toBe(200);
    const { formula_targets: formula, targets } = res.json<{
      data: { formula_targets: Record<string, Json>; targets: Record<string, Json> };
    }>().data;
    for (const given of [formula, targets]) {
      expect(given).toMatchObject({
        weight_kg: null,
        age_years: null,
        bmr_kcal: null,
        goal_weight_kg: null,
        tdee_kcal: null,
      });
      expect(given.notes).not.toContain('pregnancy');
      expect(given.notes).not.toContain('health_review');
      expect(given.energy_kcal).toEqual(expect.any(Number));
    }
    const foods = await ctx.app.inject({
      method: 'GET',
      url: `/v0/trainers/trainees/${id}/foods/?q=leche`,
      headers: trainer.headers,
    });
    expect(foods.statusCode).toBe(200);
    const found = foods.json<{ data: { allergy_warnings: string[] }[] }>().data;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((food) => food.allergy_warnings.length === 0)).toBe(true);

    // Their health answers shared too, the trainer reads the pregnancy note and the allergy.
    await share(setup, { ...NO_AREAS, diary: true, health: true });
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/v0/users/${id}/targets/`,
      headers: trainer.headers,
    });
    expect(
      again.json<{ data: { formula_targets: { notes: string[] } } }>().data.formula_targets,
    ).toMatchObject({ notes: expect.arrayContaining(['pregnancy', 'health_review']) });
  });
});

describe('finding 7: a check-in already sent', () => {
  it('shows its weight, energy and sessions by what the trainee shares now', async () => {
    const setup = await setUp();
    const url = `/v0/trainers/check-ins/${setup.checkInId}/`;
    const figures = async () => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: setup.trainer.headers });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { figures: Record<string, Json> } }>().data.figures;
    };
    await share(setup, EVERYTHING);
    expect(await figures()).toMatchObject({
      weight: expect.objectContaining({ weigh_ins: 3 }),
      energy: expect.any(Object),
      sessions: expect.objectContaining({ done: 1 }),
    });
    await share(setup, { ...NO_AREAS, check_ins: true, health: false });
    expect(await figures()).toMatchObject({
      weight: null,
      energy: null,
      sessions: null,
      water: null,
    });
  });
});

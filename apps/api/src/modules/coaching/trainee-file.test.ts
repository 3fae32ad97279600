import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { Comment, UnreadComments } from '@forja/shared/schemas/comments';
import type { DiaryDay, Exercise, Workout } from '@forja/shared/schemas/diary';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import type { Roster } from '@forja/shared/schemas/trainer-workspace';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import { signedInUser } from '#test/subscribed';
import { ALL_AREAS, linkedPair, NO_AREAS, signedInTrainer } from '#test/trainers';

// The trainee's file (decision 056): the summary, a diary day and the training log, each
// for the trainee's own trainer only and only for the areas the trainee shares.

let ctx: TestContext;
let squat: Exercise;
const DAY = '2026-03-02';

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
  const someone = await trainee();
  const res = await call<Exercise[]>(ctx, someone.headers, 'GET', '/v0/exercises/');
  const found = res.data.find((exercise) => exercise.name === 'Sentadilla');
  if (!found) throw new Error('no Sentadilla');
  squat = found;
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
});

const trainee = () => signedInUser(ctx);

type Trainee = Awaited<ReturnType<typeof trainee>>;

/** A trainee with a day of food, water, notes and a session, linked to a new trainer. */
async function pair(areas: Partial<typeof ALL_AREAS> = ALL_AREAS) {
  const { trainer, trainee: person } = await linkedPair(ctx, { areas });
  for (const step of ['goal', 'body', 'activity', 'health'] as const) {
    await call(
      ctx,
      person.headers,
      'PUT',
      `/v0/users/${person.user.id}/onboarding/${step}/`,
      answers[step],
    );
  }
  return { trainer, trainee: person };
}

async function logDay(person: Trainee, date = DAY) {
  const entry = await call(ctx, person.headers, 'POST', '/v0/diary/entries/', {
    kind: 'quick',
    date,
    meal: 'desayuno',
    name: 'Tostadas',
    kcal: 420,
    protein_g: 12,
  });
  expect(entry.status, entry.body).toBe(201);
  await call(ctx, person.headers, 'PUT', `/v0/diary/days/${date}/water/`, { water_ml: 750 });
  await call(ctx, person.headers, 'PUT', `/v0/diary/days/${date}/notes/`, { notes: 'Día largo' });
  return logSession(person, date);
}

async function logSession(person: Trainee, date: string, name = 'Pierna') {
  const workout = await call<Workout>(ctx, person.headers, 'POST', '/v0/diary/workouts/', {
    date,
    name,
  });
  expect(workout.status, workout.body).toBe(201);
  const withExercise = await call<Workout>(
    ctx,
    person.headers,
    'POST',
    `/v0/diary/workouts/${workout.data.id}/exercises/`,
    { exercise_id: squat.id },
  );
  const item = withExercise.data.exercises[0];
  if (!item) throw new Error('no exercise');
  const withSet = await call<Workout>(
    ctx,
    person.headers,
    'POST',
    `/v0/diary/workout-exercises/${item.id}/sets/`,
    { reps: 8, weight_kg: 60 },
  );
  expect(withSet.status, withSet.body).toBe(200);
  return withSet.data;
}

const fileUrl = (id: string) => `/v0/trainers/trainees/${id}/`;
const dayUrl = (id: string, date = DAY) => `/v0/trainers/trainees/${id}/diary/days/${date}/`;
const logUrl = (id: string, from = '2026-02-01', to = DAY) =>
  `/v0/trainers/trainees/${id}/workouts/?from=${from}&to=${to}`;

describe("the trainee's file summary", () => {
  it('is the roster item with the link day, today and the Hoy items about them', async () => {
    const { trainer, trainee: person } = await pair();
    await logDay(person);
    const file = await call<TraineeFile>(ctx, trainer.headers, 'GET', fileUrl(person.user.id));
    expect(file.status, file.body).toBe(200);
    const roster = await call<Roster>(ctx, trainer.headers, 'GET', '/v0/trainers/trainees/');
    const { linked_on, today, alerts, ...item } = file.data;
    expect(item).toEqual(roster.data.items[0]);
    expect(item.shares).toEqual(ALL_AREAS);
    expect(today).toBe(DAY);
    expect(linked_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(item.last_7_days.days_logged).toBe(1);
    // Just linked and weighed never: no alert is due yet, and each is the queue's own item.
    const queue = await call<unknown[]>(ctx, trainer.headers, 'GET', '/v0/trainers/queue/');
    expect(alerts).toEqual(queue.data);
  });

  it('shows only what the trainee shares, and nothing to anyone else', async () => {
    const { trainer, trainee: person } = await pair({ training: true });
    await logDay(person);
    const file = await call<TraineeFile>(ctx, trainer.headers, 'GET', fileUrl(person.user.id));
    expect(file.status, file.body).toBe(200);
    expect(file.data.shares).toEqual({ ...NO_AREAS, training: true });
    expect(file.data.last_7_days.days_logged).toBeNull();
    expect(file.data.last_7_days.sessions_done).toBe(1);

    const other = await signedInTrainer(ctx);
    expect((await call(ctx, other.headers, 'GET', fileUrl(person.user.id))).status).toBe(404);
    expect((await call(ctx, person.headers, 'GET', fileUrl(person.user.id))).status).toBe(404);
    expect((await call(ctx, trainer.headers, 'GET', fileUrl('not-an-id'))).status).toBe(404);
    expect(
      (await call(ctx, trainer.headers, 'GET', fileUrl('00000000-0000-4000-8000-000000000000')))
        .status,
    ).toBe(404);
  });
});

describe("a day of the trainee's diary", () => {
  it("is the trainee's own day, targets included", async () => {
    const { trainer, trainee: person } = await pair();
    const session = await logDay(person);
    const own = await call<DiaryDay>(ctx, person.headers, 'GET', `/v0/diary/days/${DAY}/`);
    const seen = await call<DiaryDay>(ctx, trainer.headers, 'GET', dayUrl(person.user.id));
    expect(seen.status, seen.body).toBe(200);
    expect(seen.data).toEqual(own.data);
    expect(seen.data.targets).not.toBeNull();
    expect(seen.data.water_ml).toBe(750);
    expect(seen.data.notes).toBe('Día largo');
    expect(seen.data.workouts.map((w) => w.id)).toEqual([session.id]);
  });

  it('leaves the sessions out when training is not shared', async () => {
    const { trainer, trainee: person } = await pair({ diary: true });
    await logDay(person);
    const seen = await call<DiaryDay>(ctx, trainer.headers, 'GET', dayUrl(person.user.id));
    expect(seen.status, seen.body).toBe(200);
    expect(seen.data.workouts).toEqual([]);
    expect(seen.data.meals.find((meal) => meal.meal === 'desayuno')?.entries).toHaveLength(1);
  });

  it('is a 404 without the diary, for another trainer and for the trainee', async () => {
    const { trainer, trainee: person } = await pair({
      training: true,
      body: true,
      check_ins: true,
    });
    await logDay(person);
    const hidden = await call(ctx, trainer.headers, 'GET', dayUrl(person.user.id));
    expect(hidden.status, hidden.body).toBe(404);
    expect(hidden.body).not.toContain('Tostadas');

    const shared = await pair();
    await logDay(shared.trainee);
    const other = await signedInTrainer(ctx);
    expect((await call(ctx, other.headers, 'GET', dayUrl(shared.trainee.user.id))).status).toBe(
      404,
    );
    expect(
      (await call(ctx, shared.trainee.headers, 'GET', dayUrl(shared.trainee.user.id))).status,
    ).toBe(404);
  });

  it('answers a bad date with a 400 in Spanish', async () => {
    const { trainer, trainee: person } = await pair();
    const res = await call(ctx, trainer.headers, 'GET', dayUrl(person.user.id, '2026-02-30'));
    expect(res.status, res.body).toBe(400);
    expect(res.body).toContain('La fecha');
  });
});

describe("the trainee's training log", () => {
  it('lists the sessions of the range, newest first, with exercises and sets', async () => {
    const { trainer, trainee: person } = await pair({ training: true });
    const first = await logSession(person, '2026-02-20', 'Torso');
    const second = await logSession(person, DAY, 'Pierna');
    const third = await logSession(person, DAY, 'Core');
    await logSession(person, '2026-01-10', 'Fuera del rango');
    const log = await call<Workout[]>(ctx, trainer.headers, 'GET', logUrl(person.user.id));
    expect(log.status, log.body).toBe(200);
    expect(log.data.map((w) => w.id)).toEqual([third.id, second.id, first.id]);
    expect(log.data[0]?.exercises[0]).toMatchObject({
      exercise: { name: 'Sentadilla' },
      sets: [{ reps: 8, weight_kg: 60 }],
    });
  });

  it('is a 404 without training, for another trainer and for the trainee', async () => {
    const { trainer, trainee: person } = await pair({ diary: true, body: true, check_ins: true });
    await logSession(person, DAY);
    const hidden = await call(ctx, trainer.headers, 'GET', logUrl(person.user.id));
    expect(hidden.status, hidden.body).toBe(404);

    const shared = await pair();
    const other = await signedInTrainer(ctx);
    expect((await call(ctx, other.headers, 'GET', logUrl(shared.trainee.user.id))).status).toBe(
      404,
    );
    expect(
      (await call(ctx, shared.trainee.headers, 'GET', logUrl(shared.trainee.user.id))).status,
    ).toBe(404);
  });

  it('refuses a bad date, a reversed range and more than 92 days with a Spanish 400', async () => {
    const { trainer, trainee: person } = await pair();
    const id = person.user.id;
    const bad = await call(ctx, trainer.headers, 'GET', logUrl(id, '2026-02-31'));
    expect(bad.status, bad.body).toBe(400);
    const missing = await call(
      ctx,
      trainer.headers,
      'GET',
      `/v0/trainers/trainees/${id}/workouts/`,
    );
    expect(missing.status, missing.body).toBe(400);
    const reversed = await call(ctx, trainer.headers, 'GET', logUrl(id, DAY, '2026-03-01'));
    expect(reversed.status, reversed.body).toBe(400);
    expect(reversed.body).toContain('La fecha de inicio no puede ser posterior a la de fin');
    const long = await call(ctx, trainer.headers, 'GET', logUrl(id, '2025-11-30', DAY));
    expect(long.status, long.body).toBe(400);
    expect(long.body).toContain('El periodo no puede superar 92 días');
    // 92 days exactly is fine.
    const longest = await call(ctx, trainer.headers, 'GET', logUrl(id, '2025-12-01', '2026-03-02'));
    expect(longest.status, longest.body).toBe(200);
  });
});

describe("the trainee's home: their trainer's latest comments", () => {
  it('lists the newest three without marking them read', async () => {
    const { trainer, trainee: person } = await pair();
    const url = `/v0/trainers/trainees/${person.user.id}/comments/?date=`;
    for (const [date, body] of [
      ['2026-02-27', 'Primero'],
      ['2026-03-01', 'Segundo'],
      [DAY, 'Tercero'],
      ['2026-02-28', 'Cuarto, sobre un día anterior'],
    ] as const) {
      const res = await call<Comment>(ctx, trainer.headers, 'POST', `${url}${date}`, {
        target: 'day',
        body,
      });
      expect(res.status, res.body).toBe(201);
    }
    await call(ctx, person.headers, 'POST', `/v0/diary/days/${DAY}/comments/`, {
      target: 'day',
      body: 'Mi respuesta',
    });
    const home = await call<UnreadComments>(ctx, person.headers, 'GET', '/v0/comments/unread/');
    expect(home.status, home.body).toBe(200);
    expect(home.data.count).toBe(4);
    expect(home.data.latest.map((c) => [c.date, c.body, c.by])).toEqual([
      ['2026-02-28', 'Cuarto, sobre un día anterior', 'trainer'],
      [DAY, 'Tercero', 'trainer'],
      ['2026-03-01', 'Segundo', 'trainer'],
    ]);
    const again = await call<UnreadComments>(ctx, person.headers, 'GET', '/v0/comments/unread/');
    expect(again.data.count).toBe(4);
  });
});

describe('the OpenAPI document', () => {
  it("describes the file's calls", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const paths = res.json<{
      paths: Record<string, Record<string, { summary?: string; responses: object }>>;
    }>().paths;
    for (const path of [
      '/v0/trainers/trainees/{id}/',
      '/v0/trainers/trainees/{id}/diary/days/{date}/',
      '/v0/trainers/trainees/{id}/workouts/',
    ]) {
      const get = paths[path]?.get;
      expect(get?.summary, path).toBeTruthy();
      expect(Object.keys(get?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '4XX']),
      );
    }
  });
});

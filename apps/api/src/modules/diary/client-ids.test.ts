import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryDay, DiaryEntry, Exercise, Workout } from '@forja/shared/schemas/diary';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;
let ana: SignedInUser;
let bea: SignedInUser;
let squat: Exercise;

const DATE = '2026-11-20';

beforeAll(async () => {
  ctx = await createTestContext();
  ana = await signedInUser(ctx);
  bea = await signedInUser(ctx);
  const library = (await ana.call<Exercise[]>('GET', '/v0/exercises/')).data;
  const first = library[0];
  if (!first) throw new Error('no exercises');
  squat = first;
});

afterAll(async () => {
  await ctx.close();
});

const day = async (who: SignedInUser) =>
  (await who.call<DiaryDay>('GET', `/v0/diary/days/${DATE}/`)).data;
const entryCount = async (who: SignedInUser) =>
  (await day(who)).meals.reduce((sum, meal) => sum + meal.entries.length, 0);
const quick = (id?: string) => ({ id, kind: 'quick', date: DATE, meal: 'comida', kcal: 300 });

describe('identifiers chosen by the app', () => {
  it('name a diary entry, which later changes and deletions can refer to', async () => {
    const id = randomUUID();
    const made = await ana.call<DiaryEntry>('POST', '/v0/diary/entries/', quick(id));
    expect(made.status).toBe(201);
    expect(made.data.id).toBe(id);
    // Sent again (an answer lost on the way), the same entry, not a second one.
    const again = await ana.call<DiaryEntry>('POST', '/v0/diary/entries/', quick(id));
    expect(again.status).toBe(201);
    expect(again.data.id).toBe(id);
    expect(await entryCount(ana)).toBe(1);
    const changed = await ana.call<DiaryEntry>('PUT', `/v0/diary/entries/${id}/`, { kcal: 350 });
    expect(changed.data.kcal).toBe(350);
    expect((await ana.call('DELETE', `/v0/diary/entries/${id}/`)).status).toBe(200);
    expect(await entryCount(ana)).toBe(0);
  });

  it('are refused with a 409 in Spanish when another person’s row has them', async () => {
    const id = randomUUID();
    expect((await ana.call('POST', '/v0/diary/entries/', quick(id))).status).toBe(201);
    const taken = await bea.call('POST', '/v0/diary/entries/', quick(id));
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({ message: 'Ese identificador ya está en uso' });
    expect(await entryCount(bea)).toBe(0);
  });

  it('are refused with a 400 in Spanish when they are no identifier', async () => {
    const bad = await ana.call('POST', '/v0/diary/entries/', quick('123'));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('El identificador no es válido');
  });

  it('name a session, its exercise and its set, all logged before the server saw any', async () => {
    const workoutId = randomUUID();
    const itemId = randomUUID();
    const setId = randomUUID();
    const started = await ana.call<Workout>('POST', '/v0/diary/workouts/', {
      id: workoutId,
      date: DATE,
    });
    expect(started.status).toBe(201);
    expect(started.data.id).toBe(workoutId);
    const added = await ana.call<Workout>('POST', `/v0/diary/workouts/${workoutId}/exercises/`, {
      id: itemId,
      exercise_id: squat.id,
    });
    expect(added.data.exercises.map((item) => item.id)).toEqual([itemId]);
    const set = { id: setId, reps: 5, weight_kg: 80 };
    const logged = await ana.call<Workout>(
      'POST',
      `/v0/diary/workout-exercises/${itemId}/sets/`,
      set,
    );
    expect(logged.data.exercises[0]?.sets.map((one) => one.id)).toEqual([setId]);

    // Each sent again: the same rows, nothing doubled.
    const restarted = await ana.call<Workout>('POST', '/v0/diary/workouts/', {
      id: workoutId,
      date: DATE,
    });
    expect(restarted.status).toBe(200);
    await ana.call('POST', `/v0/diary/workouts/${workoutId}/exercises/`, {
      id: itemId,
      exercise_id: squat.id,
    });
    const relogged = await ana.call<Workout>(
      'POST',
      `/v0/diary/workout-exercises/${itemId}/sets/`,
      set,
    );
    expect(relogged.data.exercises).toHaveLength(1);
    expect(relogged.data.exercises[0]?.sets).toHaveLength(1);

    // A change sent with an identifier keeps the set's own.
    const changed = await ana.call<Workout>('PUT', `/v0/diary/sets/${setId}/`, {
      id: randomUUID(),
      reps: 6,
      weight_kg: 80,
    });
    expect(changed.data.exercises[0]?.sets[0]).toMatchObject({ id: setId, reps: 6 });

    // Another person, or another place, cannot take them.
    const hers = await bea.call('POST', '/v0/diary/workouts/', { id: workoutId, date: DATE });
    expect(hers.status).toBe(409);
    expect(hers.data).toMatchObject({ message: 'Ese identificador ya está en uso' });
    const second = await ana.call<Workout>('POST', '/v0/diary/workouts/', { date: DATE });
    const moved = await ana.call('POST', `/v0/diary/workouts/${second.data.id}/exercises/`, {
      id: itemId,
      exercise_id: squat.id,
    });
    expect(moved.status).toBe(409);
    const item2 = (
      await ana.call<Workout>('POST', `/v0/diary/workouts/${second.data.id}/exercises/`, {
        exercise_id: squat.id,
      })
    ).data.exercises[0];
    const movedSet = await ana.call(
      'POST',
      `/v0/diary/workout-exercises/${item2?.id ?? ''}/sets/`,
      set,
    );
    expect(movedSet.status).toBe(409);
    const sessions = (await day(bea)).workouts;
    expect(sessions).toEqual([]);
  });
});

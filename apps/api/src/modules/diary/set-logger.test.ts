import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryDay, Exercise, Workout } from '@forja/shared/schemas/diary';
import { workoutExercises, workouts } from '#db/schema/diary';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;
let library: Exercise[];

beforeAll(async () => {
  ctx = await createTestContext();
  const finder = await signedInUser(ctx);
  library = (await finder.call<Exercise[]>('GET', '/v0/exercises/')).data;
});

afterAll(async () => {
  await ctx.close();
});

function exercise(name: string): Exercise {
  const found = library.find((item) => item.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

type Set =
  | { reps: number; weight_kg: number; rpe?: number | null }
  | { duration_s?: number | null; distance_m?: number | null; rpe?: number | null };

/** A session on `date` with each exercise and its sets, logged through the API. */
async function session(
  who: SignedInUser,
  date: string,
  items: [string, Set[]][],
): Promise<Workout> {
  const started = await who.call<Workout>('POST', '/v0/diary/workouts/', { date });
  let workout = started.data;
  for (const [name, sets] of items) {
    const added = await who.call<Workout>('POST', `/v0/diary/workouts/${workout.id}/exercises/`, {
      exercise_id: exercise(name).id,
    });
    expect(added.status, JSON.stringify(added.data)).toBe(200);
    workout = added.data;
    const item = workout.exercises.at(-1);
    for (const set of sets) {
      const answer = await who.call<Workout>(
        'POST',
        `/v0/diary/workout-exercises/${item?.id ?? ''}/sets/`,
        set,
      );
      expect(answer.status, JSON.stringify(set)).toBe(200);
      workout = answer.data;
    }
  }
  return workout;
}

async function dayOf(who: SignedInUser, date: string) {
  return (await who.call<DiaryDay>('GET', `/v0/diary/days/${date}/`)).data;
}

const records = (workout: Workout | undefined, index = 0) =>
  workout?.exercises[index]?.sets.map((set) => set.record);

describe('last time', () => {
  it('shows the sets of the most recent earlier session with the exercise, on the day and on each change', async () => {
    const ana = await signedInUser(ctx);
    await session(ana, '2026-03-01', [['Sentadilla', [{ reps: 8, weight_kg: 60 }]]]);
    await session(ana, '2026-03-03', [
      [
        'Sentadilla',
        [
          { reps: 10, weight_kg: 40, rpe: 7 },
          { reps: 8, weight_kg: 45 },
        ],
      ],
    ]);
    // A session with the exercise but no sets is skipped; a later day never counts.
    await session(ana, '2026-03-04', [['Sentadilla', []]]);
    await session(ana, '2026-03-09', [['Sentadilla', [{ reps: 1, weight_kg: 200 }]]]);

    const today = await session(ana, '2026-03-05', [
      ['Sentadilla', []],
      ['Press de banca', []],
    ]);
    const noCardio = { duration_s: null, distance_m: null };
    expect(today.exercises[0]?.last_time).toEqual([
      { reps: 10, weight_kg: 40, rpe: 7, ...noCardio },
      { reps: 8, weight_kg: 45, rpe: null, ...noCardio },
    ]);
    expect(today.exercises[1]?.last_time).toEqual([]);
    const [read] = (await dayOf(ana, '2026-03-05')).workouts;
    expect(read?.exercises[0]?.last_time).toEqual(today.exercises[0]?.last_time);

    // Two sessions on one day: the later one's last time is the earlier one, once it has sets.
    const later = await session(ana, '2026-03-05', [['Sentadilla', []]]);
    expect(later.exercises[0]?.last_time).toEqual(today.exercises[0]?.last_time);
    const earlier = (await dayOf(ana, '2026-03-05')).workouts[0];
    const item = earlier?.exercises[0];
    await ana.call('POST', `/v0/diary/workout-exercises/${item?.id ?? ''}/sets/`, {
      reps: 12,
      weight_kg: 30,
    });
    expect((await dayOf(ana, '2026-03-05')).workouts[1]?.exercises[0]?.last_time).toEqual([
      { reps: 12, weight_kg: 30, rpe: null, ...noCardio },
    ]);
  });

  it('follows a deleted set, a second session on the same day and a moved session', async () => {
    const ana = await signedInUser(ctx);
    const noCardio = { duration_s: null, distance_m: null };
    const first = await session(ana, '2026-07-01', [['Sentadilla', [{ reps: 5, weight_kg: 80 }]]]);
    const morning = await session(ana, '2026-07-03', [
      ['Sentadilla', [{ reps: 3, weight_kg: 90 }]],
    ]);
    const evening = await session(ana, '2026-07-03', [
      ['Sentadilla', [{ reps: 2, weight_kg: 85 }]],
    ]);
    const next = await session(ana, '2026-07-05', [['Sentadilla', [{ reps: 1, weight_kg: 88 }]]]);
    const onDay = async (date: string, index = 0) =>
      (await dayOf(ana, date)).workouts[index]?.exercises[0];
    // The evening session is the later one of its day: the morning's is its last time.
    expect((await onDay('2026-07-03', 1))?.last_time).toEqual([
      { reps: 3, weight_kg: 90, rpe: null, ...noCardio },
    ]);
    expect(records((await dayOf(ana, '2026-07-03')).workouts[1])).toEqual([false]);
    expect((await onDay('2026-07-05'))?.last_time).toEqual([
      { reps: 2, weight_kg: 85, rpe: null, ...noCardio },
    ]);
    expect(records(next)).toEqual([false]);

    // Without its only set, the evening session is skipped and the morning's 90 kg counts.
    const eveningSet = evening.exercises[0]?.sets[0];
    await ana.call('DELETE', `/v0/diary/sets/${eveningSet?.id ?? ''}/`);
    expect((await onDay('2026-07-05'))?.last_time).toEqual([
      { reps: 3, weight_kg: 90, rpe: null, ...noCardio },
    ]);
    const morningSet = morning.exercises[0]?.sets[0];
    await ana.call('DELETE', `/v0/diary/sets/${morningSet?.id ?? ''}/`);
    expect((await onDay('2026-07-05'))?.last_time).toEqual([
      { reps: 5, weight_kg: 80, rpe: null, ...noCardio },
    ]);
    expect(records((await dayOf(ana, '2026-07-05')).workouts[0])).toEqual([true]);

    // A session moved after the day leaves it; its items move with it.
    await ctx.database.db
      .update(workouts)
      .set({ date: '2026-07-06' })
      .where(eq(workouts.id, first.id));
    const moved = await ctx.database.db
      .select({ date: workoutExercises.date })
      .from(workoutExercises)
      .where(eq(workoutExercises.workout_id, first.id));
    expect(moved).toEqual([{ date: '2026-07-06' }]);
    expect((await onDay('2026-07-05'))?.last_time).toEqual([]);
    expect(records((await dayOf(ana, '2026-07-05')).workouts[0])).toEqual([false]);
    expect((await onDay('2026-07-06'))?.last_time).toEqual([
      { reps: 1, weight_kg: 88, rpe: null, ...noCardio },
    ]);
  });

  it("never shows another person's sets", async () => {
    const ana = await signedInUser(ctx);
    const bea = await signedInUser(ctx);
    await session(ana, '2026-03-01', [['Peso muerto', [{ reps: 5, weight_kg: 100 }]]]);
    const hers = await session(bea, '2026-03-02', [['Peso muerto', []]]);
    expect(hers.exercises[0]?.last_time).toEqual([]);
  });
});

describe('personal records', () => {
  it('marks a set heavier than every earlier one; an equal weight is not a record', async () => {
    const ana = await signedInUser(ctx);
    const first = await session(ana, '2026-04-01', [
      [
        'Press de banca',
        [
          { reps: 5, weight_kg: 60 },
          { reps: 3, weight_kg: 70 },
        ],
      ],
    ]);
    // The first session of an exercise has nothing to beat.
    expect(records(first)).toEqual([false, false]);

    const second = await session(ana, '2026-04-03', [
      [
        'Press de banca',
        [
          { reps: 8, weight_kg: 70 },
          { reps: 2, weight_kg: 72.5 },
          { reps: 2, weight_kg: 72.5 },
          { reps: 1, weight_kg: 75 },
        ],
      ],
    ]);
    expect(records(second)).toEqual([false, true, false, true]);
    const [read] = (await dayOf(ana, '2026-04-03')).workouts;
    expect(records(read)).toEqual([false, true, false, true]);
  });

  it('follows edits and deletions of earlier sets', async () => {
    const ana = await signedInUser(ctx);
    const old = await session(ana, '2026-05-01', [['Sentadilla', [{ reps: 5, weight_kg: 100 }]]]);
    await session(ana, '2026-05-08', [['Sentadilla', [{ reps: 5, weight_kg: 95 }]]]);
    expect(records((await dayOf(ana, '2026-05-08')).workouts[0])).toEqual([false]);

    const oldSet = old.exercises[0]?.sets[0];
    await ana.call('PUT', `/v0/diary/sets/${oldSet?.id ?? ''}/`, { reps: 5, weight_kg: 90 });
    expect(records((await dayOf(ana, '2026-05-08')).workouts[0])).toEqual([true]);

    await ana.call('PUT', `/v0/diary/sets/${oldSet?.id ?? ''}/`, { reps: 5, weight_kg: 95 });
    expect(records((await dayOf(ana, '2026-05-08')).workouts[0])).toEqual([false]);

    // Without the earlier session, this is the first one: nothing to beat.
    await ana.call('DELETE', `/v0/diary/workouts/${old.id}/`);
    expect(records((await dayOf(ana, '2026-05-08')).workouts[0])).toEqual([false]);
  });

  it('keeps bodyweight sets out of records', async () => {
    const ana = await signedInUser(ctx);
    await session(ana, '2026-06-01', [['Dominadas', [{ reps: 8, weight_kg: 0 }]]]);
    const next = await session(ana, '2026-06-02', [
      [
        'Dominadas',
        [
          { reps: 12, weight_kg: 0 },
          { reps: 5, weight_kg: 5 },
        ],
      ],
    ]);
    expect(records(next)).toEqual([false, true]);
  });
});

describe('recent exercises', () => {
  it('lists the last distinct exercises the person logged, newest first, at most 10', async () => {
    const ana = await signedInUser(ctx);
    expect((await ana.call<Exercise[]>('GET', '/v0/exercises/recent/')).data).toEqual([]);
    const names = library.slice(0, 12).map((item) => item.name);
    await session(
      ana,
      '2026-07-01',
      names.map((name) => [name, []]),
    );
    await session(ana, '2026-07-02', [[names[0] ?? '', []]]);
    const recent = (await ana.call<Exercise[]>('GET', '/v0/exercises/recent/')).data;
    expect(recent.map((item) => item.name)).toEqual([names[0], ...names.slice(3).reverse()]);
    const bea = await signedInUser(ctx);
    expect((await bea.call<Exercise[]>('GET', '/v0/exercises/recent/')).data).toEqual([]);
  });
});

describe('sets and notes', () => {
  it('refuses a set without reps (0 × 0 and 0 reps with weight) and accepts bodyweight', async () => {
    const ana = await signedInUser(ctx);
    const workout = await session(ana, '2026-08-01', [['Dominadas', []]]);
    const url = `/v0/diary/workout-exercises/${workout.exercises[0]?.id ?? ''}/sets/`;
    const zero = await ana.call<{ message: string }>('POST', url, { reps: 0, weight_kg: 0 });
    expect(zero.status).toBe(400);
    expect(zero.data.message).toContain('Una serie necesita al menos 1 repetición');
    expect((await ana.call('POST', url, { reps: 0, weight_kg: 20 })).status).toBe(400);
    const bodyweight = await ana.call<Workout>('POST', url, { reps: 10, weight_kg: 0 });
    expect(bodyweight.status).toBe(200);
    const set = bodyweight.data.exercises[0]?.sets[0];
    expect(set).toMatchObject({ reps: 10, weight_kg: 0, rpe: null, record: false });
    const edit = await ana.call('PUT', `/v0/diary/sets/${set?.id ?? ''}/`, {
      reps: 0,
      weight_kg: 0,
    });
    expect(edit.status).toBe(400);
    expect((await dayOf(ana, '2026-08-01')).workouts[0]?.exercises[0]?.sets).toHaveLength(1);
  });

  it('takes an RPE from 6 to 10 in halves, or none', async () => {
    const ana = await signedInUser(ctx);
    const workout = await session(ana, '2026-08-02', [['Sentadilla', []]]);
    const url = `/v0/diary/workout-exercises/${workout.exercises[0]?.id ?? ''}/sets/`;
    for (const rpe of [5.5, 10.5, 7.25, '8']) {
      const answer = await ana.call<{ message: string }>('POST', url, {
        reps: 5,
        weight_kg: 50,
        rpe,
      });
      expect(answer.status, String(rpe)).toBe(400);
      expect(answer.data.message).toMatch(/RPE/);
    }
    for (const rpe of [6, 8.5, 10, null]) {
      expect((await ana.call('POST', url, { reps: 5, weight_kg: 50, rpe })).status).toBe(200);
    }
    const sets = (await dayOf(ana, '2026-08-02')).workouts[0]?.exercises[0]?.sets;
    expect(sets?.map((set) => set.rpe)).toEqual([6, 8.5, 10, null]);
    const changed = await ana.call<Workout>('PUT', `/v0/diary/sets/${sets?.[0]?.id ?? ''}/`, {
      reps: 5,
      weight_kg: 50,
      rpe: 9.5,
    });
    expect(changed.data.exercises[0]?.sets[0]?.rpe).toBe(9.5);
  });

  it('keeps notes per exercise of a session, up to 500 characters', async () => {
    const ana = await signedInUser(ctx);
    const workout = await session(ana, '2026-08-03', [['Sentadilla', []]]);
    const item = workout.exercises[0];
    expect(item?.notes).toBe('');
    const url = `/v0/diary/workout-exercises/${item?.id ?? ''}/`;
    const saved = await ana.call<Workout>('PUT', url, { notes: '  Rodilla bien, subir 2,5 kg ' });
    expect(saved.data.exercises[0]?.notes).toBe('Rodilla bien, subir 2,5 kg');
    const long = await ana.call<{ message: string }>('PUT', url, { notes: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.data.message).toMatch(/notas/i);
    expect((await dayOf(ana, '2026-08-03')).workouts[0]?.exercises[0]?.notes).toBe(
      'Rodilla bien, subir 2,5 kg',
    );
    expect((await ana.call<Workout>('PUT', url, { notes: '' })).data.exercises[0]?.notes).toBe('');

    const bea = await signedInUser(ctx);
    expect((await bea.call('PUT', url, { notes: 'Mío' })).status).toBe(404);
    expect((await dayOf(ana, '2026-08-03')).workouts[0]?.exercises[0]?.notes).toBe('');
  });

  it('logs cardio by time and distance, refuses a cardio set with neither, and keeps each kind to its exercise', async () => {
    const ana = await signedInUser(ctx);
    const workout = await session(ana, '2026-08-04', [
      ['Correr', [{ duration_s: 1800, distance_m: 5000 }]],
      ['Sentadilla', []],
    ]);
    const run = workout.exercises[0];
    expect(run?.exercise.muscle_group).toBe('cardio');
    expect(run?.sets[0]).toMatchObject({
      reps: 0,
      weight_kg: 0,
      duration_s: 1800,
      distance_m: 5000,
      record: false,
    });
    const runUrl = `/v0/diary/workout-exercises/${run?.id ?? ''}/sets/`;
    const squatUrl = `/v0/diary/workout-exercises/${workout.exercises[1]?.id ?? ''}/sets/`;

    for (const empty of [{}, { duration_s: 0, distance_m: 0 }, { duration_s: null }]) {
      const refused = await ana.call<{ message: string }>('POST', runUrl, empty);
      expect(refused.status, JSON.stringify(empty)).toBe(400);
    }
    const neither = await ana.call<{ message: string }>('POST', runUrl, { duration_s: 0 });
    expect(neither.data.message).toContain('Una serie de cardio necesita el tiempo o la distancia');
    const both = await ana.call<{ message: string }>('POST', runUrl, {
      duration_s: 600,
      reps: 5,
      weight_kg: 0,
    });
    expect(both.status).toBe(400);
    for (const tooMuch of [
      { duration_s: 86_401 },
      { distance_m: 1_000_001 },
      { duration_s: 1.5 },
    ]) {
      expect((await ana.call('POST', runUrl, tooMuch)).status, JSON.stringify(tooMuch)).toBe(400);
    }
    const reps = await ana.call<{ message: string }>('POST', runUrl, { reps: 10, weight_kg: 0 });
    expect(reps.status).toBe(400);
    expect(reps.data.message).toMatch(/tiempo y distancia/);
    const timed = await ana.call<{ message: string }>('POST', squatUrl, { duration_s: 60 });
    expect(timed.status).toBe(400);

    // Only the distance, then only the time; a change stays the same set.
    expect((await ana.call('POST', runUrl, { distance_m: 1200 })).status).toBe(200);
    const added = await ana.call<Workout>('POST', runUrl, { duration_s: 900, rpe: 7 });
    const sets = added.data.exercises[0]?.sets;
    expect(sets?.map((set) => [set.duration_s, set.distance_m, set.rpe])).toEqual([
      [1800, 5000, null],
      [null, 1200, null],
      [900, null, 7],
    ]);
    const changed = await ana.call<Workout>('PUT', `/v0/diary/sets/${sets?.[2]?.id ?? ''}/`, {
      duration_s: 960,
      distance_m: 2500,
    });
    expect(changed.data.exercises[0]?.sets).toHaveLength(3);
    expect(changed.data.exercises[0]?.sets[2]).toMatchObject({ duration_s: 960, distance_m: 2500 });
    const toReps = await ana.call('PUT', `/v0/diary/sets/${sets?.[2]?.id ?? ''}/`, {
      reps: 5,
      weight_kg: 20,
    });
    expect(toReps.status).toBe(400);

    // The next session shows the run as it was last time.
    const next = await session(ana, '2026-08-06', [['Correr', []]]);
    expect(next.exercises[0]?.last_time).toEqual([
      { reps: 0, weight_kg: 0, duration_s: 1800, distance_m: 5000, rpe: null },
      { reps: 0, weight_kg: 0, duration_s: null, distance_m: 1200, rpe: null },
      { reps: 0, weight_kg: 0, duration_s: 960, distance_m: 2500, rpe: null },
    ]);
  });
});

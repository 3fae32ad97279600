import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryDay, Exercise, Workout } from '@forja/shared/schemas/diary';
import type { Food } from '@forja/shared/schemas/foods';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

/*
 * SECURITY.md 20: a 2xx means the effect is committed and anything else means no effect.
 * Calls that write and then read back what they answer must not keep the write when the
 * read fails (the database going away between the two, as the fault suite provokes).
 * Here the read is made to fail by moving a table it needs out of the way.
 */

let ctx: TestContext;
let ana: SignedInUser;
let workout: Workout;
let itemId: string;
let setId: string;
let food: Food;

const DAY = '2026-03-02';

beforeAll(async () => {
  ctx = await createTestContext();
  ana = await signedInUser(ctx);
  for (const name of ['uno', 'dos', 'tres']) {
    const res = await ana.call('POST', '/v0/diary/entries/', {
      kind: 'quick',
      date: DAY,
      meal: 'comida',
      name,
      kcal: 100,
    });
    expect(res.status).toBe(201);
  }
  const library = (await ana.call<Exercise[]>('GET', '/v0/exercises/')).data;
  const session = await ana.call<Workout>('POST', '/v0/diary/workouts/', {
    date: DAY,
    name: 'Pierna',
  });
  const added = await ana.call<Workout>(
    'POST',
    `/v0/diary/workouts/${session.data.id}/exercises/`,
    {
      exercise_id: library[0]?.id,
    },
  );
  itemId = added.data.exercises[0]?.id ?? '';
  const withSet = await ana.call<Workout>('POST', `/v0/diary/workout-exercises/${itemId}/sets/`, {
    reps: 5,
    weight_kg: 60,
  });
  workout = withSet.data;
  setId = workout.exercises[0]?.sets[0]?.id ?? '';
  food = (
    await ana.call<Food>('POST', '/v0/foods/', {
      name: 'Bizcocho de la abuela',
      kcal: 380,
      protein_g: 6,
      available_carbohydrate_g: 49,
      fat_g: 17,
      fibre_g: 1,
      portions: [{ name: '1 trozo', grams: 70 }],
    })
  ).data;
});

afterAll(async () => {
  await ctx.close();
});

/** Runs `call` while `table` is missing, so whatever reads it fails; then puts it back. */
async function withoutTable<T>(table: string, call: () => Promise<T>): Promise<T> {
  await ctx.database.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    return await call();
  } finally {
    await ctx.database.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}

async function count(query: string): Promise<number> {
  const [row] = await ctx.database.rows<{ count: number }>(sql.raw(query));
  return Number(row?.count);
}

describe('a write whose answer cannot be read', () => {
  it('copying a day keeps none of the copies', async () => {
    const res = await withoutTable('workouts', () =>
      ana.call<DiaryDay>('POST', '/v0/diary/copy/', { from_date: DAY, to_date: '2026-03-03' }),
    );
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await count(`select count(*) from diary_entries where date = '2026-03-03'`)).toBe(0);
  });

  it('adding, changing or deleting a set, an exercise or a name changes nothing', async () => {
    const before = await ana.call<DiaryDay>('GET', `/v0/diary/days/${DAY}/`);
    const calls: [string, string, object?][] = [
      ['POST', `/v0/diary/workout-exercises/${itemId}/sets/`, { reps: 8, weight_kg: 50 }],
      ['PUT', `/v0/diary/sets/${setId}/`, { reps: 9, weight_kg: 55 }],
      ['DELETE', `/v0/diary/sets/${setId}/`],
      ['DELETE', `/v0/diary/workout-exercises/${itemId}/`],
      ['PUT', `/v0/diary/workouts/${workout.id}/`, { name: 'Torso' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await withoutTable('exercises', () =>
        ana.call(method as 'POST' | 'PUT' | 'DELETE', url, body),
      );
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(500);
    }
    const after = await ana.call<DiaryDay>('GET', `/v0/diary/days/${DAY}/`);
    expect(after.data.workouts).toEqual(before.data.workouts);
  });

  it('marking a favourite or changing a food changes nothing', async () => {
    const favourite = await withoutTable('diary_entries', () =>
      ana.call('PUT', `/v0/foods/${food.id}/favourite/`),
    );
    expect(favourite.status).toBeGreaterThanOrEqual(500);
    const renamed = await withoutTable('diary_entries', () =>
      ana.call('PUT', `/v0/foods/${food.id}/`, {
        name: 'Bizcocho de la tía',
        kcal: 380,
        protein_g: 6,
        available_carbohydrate_g: 49,
        fat_g: 17,
        fibre_g: 1,
        portions: [{ name: '1 trozo', grams: 70 }],
      }),
    );
    expect(renamed.status).toBeGreaterThanOrEqual(500);
    expect((await ana.call<Food>('GET', `/v0/foods/${food.id}/`)).data).toEqual(food);
  });
});

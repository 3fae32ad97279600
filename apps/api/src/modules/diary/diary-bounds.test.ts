import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ENTRIES_PER_DAY,
  MAX_EXERCISES_PER_WORKOUT,
  MAX_SETS_PER_EXERCISE,
  MAX_WORKOUTS_PER_DAY,
} from '@forja/shared/constants';
import type { DiaryDay, DiaryEntry, Exercise, Meal, Workout } from '@forja/shared/schemas/diary';
import { diaryEntries, workoutExercises, workouts, workoutSets } from '#db/schema/diary';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const DAY = '2026-03-02';
const OTHER_DAY = '2026-03-01';
const FULL = {
  error: 'diary day full',
  message: `Un día admite como máximo ${MAX_ENTRIES_PER_DAY} alimentos`,
};

/** Quick adds written straight to the table: a day filled without hundreds of calls. */
async function fill(who: SignedInUser, date: string, howMany: number, meal: Meal = 'cena') {
  await ctx.database.db.insert(diaryEntries).values(
    Array.from({ length: howMany }, (_, index) => ({
      user_id: who.user.id,
      date,
      meal,
      kind: 'quick' as const,
      name: `Picoteo ${index + 1}`,
      quantity: 0,
      unit: '',
      kcal: 10,
      protein_g: 0,
      carbohydrate_g: 0,
      fat_g: 0,
      fibre_g: 0,
      created_at: ctx.clock.now(),
    })),
  );
}

async function entriesOn(who: SignedInUser, date: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(diaryEntries)
    .where(and(eq(diaryEntries.user_id, who.user.id), eq(diaryEntries.date, date)));
  return row?.n ?? 0;
}

function quick(who: SignedInUser, date = DAY) {
  return who.call<DiaryEntry>('POST', '/v0/diary/entries/', {
    kind: 'quick',
    date,
    meal: 'merienda',
    kcal: 100,
  });
}

function copy(who: SignedInUser, body: Record<string, string>) {
  return who.call<DiaryDay>('POST', '/v0/diary/copy/', body);
}

describe('a day of the diary', () => {
  it(`holds at most ${MAX_ENTRIES_PER_DAY} entries; one more is a 400 and nothing is written`, async () => {
    const ana = await signedInUser(ctx);
    await fill(ana, DAY, MAX_ENTRIES_PER_DAY - 1);
    expect((await quick(ana)).status).toBe(201);

    const over = await quick(ana);
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ status: 400, data: FULL });
    const [egg] = (await ana.call<{ id: string }[]>('GET', '/v0/foods/?q=huevo')).data;
    const food = await ana.call('POST', '/v0/diary/entries/', {
      kind: 'food',
      date: DAY,
      meal: 'desayuno',
      food_id: egg?.id,
      quantity: 1,
      unit: 'g',
    });
    expect(food.body).toEqual({ status: 400, data: FULL });
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY);
    // Other days and other people are not affected.
    expect((await quick(ana, OTHER_DAY)).status).toBe(201);
    expect((await quick(await signedInUser(ctx))).status).toBe(201);
  });

  it('does not take an entry moved in from another day once it is full', async () => {
    const ana = await signedInUser(ctx);
    await fill(ana, DAY, MAX_ENTRIES_PER_DAY);
    const elsewhere = (await quick(ana, OTHER_DAY)).data;
    const moved = await ana.call('PUT', `/v0/diary/entries/${elsewhere.id}/`, { date: DAY });
    expect(moved.body).toEqual({ status: 400, data: FULL });
    expect(await entriesOn(ana, OTHER_DAY)).toBe(1);
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY);
    // Within the full day an entry still changes meal, and its values still change.
    const [inDay] =
      (await ana.call<DiaryDay>('GET', `/v0/diary/days/${DAY}/`)).data.meals.find(
        (meal) => meal.meal === 'cena',
      )?.entries ?? [];
    const changed = await ana.call('PUT', `/v0/diary/entries/${inDay?.id ?? ''}/`, {
      meal: 'comida',
      kcal: 20,
    });
    expect(changed.status).toBe(200);
  });

  it('takes two adds at once on the last free place one after the other: one gets in', async () => {
    const ana = await signedInUser(ctx);
    await fill(ana, DAY, MAX_ENTRIES_PER_DAY - 2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => quick(ana)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201, 201, 400, 400, 400, 400, 400, 400,
    ]);
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY);
  });
});

describe('copying', () => {
  it('never brings a day over the bound, and says how many would fit', async () => {
    const ana = await signedInUser(ctx);
    await fill(ana, OTHER_DAY, 5, 'comida');
    await fill(ana, DAY, MAX_ENTRIES_PER_DAY - 3);

    const tooMany = await copy(ana, { from_date: OTHER_DAY, to_date: DAY });
    expect(tooMany.body).toEqual({
      status: 400,
      data: { ...FULL, message: `${FULL.message}: caben 3 más y la copia tiene 5` },
    });
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY - 3);

    await fill(ana, DAY, 3);
    const full = await copy(ana, {
      from_date: OTHER_DAY,
      to_date: DAY,
      from_meal: 'comida',
      to_meal: 'cena',
    });
    expect(full.body).toEqual({
      status: 400,
      data: { ...FULL, message: `${FULL.message} y ese día ya está completo` },
    });
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY);
    expect(await entriesOn(ana, OTHER_DAY)).toBe(5);
  });

  it('takes two copies at once onto the same day one after the other', async () => {
    const ana = await signedInUser(ctx);
    await fill(ana, OTHER_DAY, 3, 'comida');
    await fill(ana, DAY, MAX_ENTRIES_PER_DAY - 5);
    const answers = await Promise.all([
      copy(ana, { from_date: OTHER_DAY, to_date: DAY }),
      copy(ana, { from_date: OTHER_DAY, to_date: DAY }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY - 2);
    // Copies both ways between two days at once do not wait for each other for ever.
    const crossed = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        index % 2 === 0
          ? copy(ana, { from_date: OTHER_DAY, to_date: '2026-03-03', from_meal: 'comida' })
          : copy(ana, { from_date: '2026-03-03', to_date: OTHER_DAY, from_meal: 'comida' }),
      ),
    );
    expect(crossed.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it(`copies a whole full day (${MAX_ENTRIES_PER_DAY} entries) in its order`, async () => {
    const ana = await signedInUser(ctx);
    await fill(ana, OTHER_DAY, MAX_ENTRIES_PER_DAY);
    const copied = await copy(ana, { from_date: OTHER_DAY, to_date: DAY });
    expect(copied.status).toBe(200);
    const names = copied.data.meals.flatMap((meal) => meal.entries.map((entry) => entry.name));
    expect(names).toEqual(
      Array.from({ length: MAX_ENTRIES_PER_DAY }, (_, index) => `Picoteo ${index + 1}`),
    );
    expect(copied.data.totals.kcal).toBe(10 * MAX_ENTRIES_PER_DAY);
    // A second copy onto the now full day is refused whole.
    expect((await copy(ana, { from_date: OTHER_DAY, to_date: DAY })).status).toBe(400);
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY);
  });

  it('refuses a copy naming one entry more than once, and the day limit holds', async () => {
    const ana = await signedInUser(ctx);
    await fill(ana, OTHER_DAY, 1, 'comida');
    await fill(ana, DAY, MAX_ENTRIES_PER_DAY - 1);
    const [entry] = await ctx.database.db
      .select({ id: diaryEntries.id })
      .from(diaryEntries)
      .where(and(eq(diaryEntries.user_id, ana.user.id), eq(diaryEntries.date, OTHER_DAY)));
    const body = (copies: { entry_id: string; id: string }[]) => ({
      from_date: OTHER_DAY,
      to_date: DAY,
      copies,
    });
    const repeated = await ana.call('POST', '/v0/diary/copy/', {
      ...body(
        Array.from({ length: MAX_ENTRIES_PER_DAY }, () => ({
          entry_id: entry?.id ?? '',
          id: randomUUID(),
        })),
      ),
    });
    expect(repeated.status).toBe(400);
    expect(JSON.stringify(repeated.data)).toContain(
      'Cada alimento solo puede copiarse una vez: quita los repetidos',
    );
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY - 1);

    // One identifier for two copies: a 400 too.
    const sameId = randomUUID();
    const twice = await ana.call('POST', '/v0/diary/copy/', {
      ...body([
        { entry_id: entry?.id ?? '', id: sameId },
        { entry_id: randomUUID(), id: sameId },
      ]),
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.data)).toContain('Cada copia necesita su propio identificador');
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY - 1);

    // Named once, the entry fills the day's last place, and no more.
    const once = await ana.call('POST', '/v0/diary/copy/', {
      ...body([{ entry_id: entry?.id ?? '', id: randomUUID() }]),
    });
    expect(once.status).toBe(200);
    expect(await entriesOn(ana, DAY)).toBe(MAX_ENTRIES_PER_DAY);
  });

  it('refuses copying a day or a meal onto itself, and nothing is written', async () => {
    const ana = await signedInUser(ctx);
    await fill(ana, DAY, 2, 'comida');
    const ontoItself = {
      status: 400,
      data: {
        error: 'copy onto itself',
        message: 'Elige otro día u otra comida: no se puede copiar algo sobre sí mismo',
      },
    };
    expect((await copy(ana, { from_date: DAY, to_date: DAY })).body).toEqual(ontoItself);
    expect((await copy(ana, { from_date: DAY, to_date: DAY, from_meal: 'comida' })).body).toEqual(
      ontoItself,
    );
    expect(
      (await copy(ana, { from_date: DAY, to_date: DAY, from_meal: 'comida', to_meal: 'comida' }))
        .body,
    ).toEqual(ontoItself);
    expect(await entriesOn(ana, DAY)).toBe(2);
    // Into another meal of the same day is a copy like any other.
    const intoDinner = await copy(ana, {
      from_date: DAY,
      to_date: DAY,
      from_meal: 'comida',
      to_meal: 'cena',
    });
    expect(intoDinner.status).toBe(200);
    expect(await entriesOn(ana, DAY)).toBe(4);
  });
});

describe('training', () => {
  async function library(who: SignedInUser) {
    return (await who.call<Exercise[]>('GET', '/v0/exercises/')).data;
  }

  it(`holds at most ${MAX_WORKOUTS_PER_DAY} sessions a day`, async () => {
    const ana = await signedInUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: MAX_WORKOUTS_PER_DAY + 3 }, () =>
        ana.call('POST', '/v0/diary/workouts/', { date: DAY, name: 'Doble sesión' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_WORKOUTS_PER_DAY);
    expect(answers.find((answer) => answer.status === 400)?.body).toEqual({
      status: 400,
      data: {
        error: 'too many workouts on the day',
        message: `Un día admite como máximo ${MAX_WORKOUTS_PER_DAY} entrenamientos`,
      },
    });
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(workouts)
      .where(eq(workouts.user_id, ana.user.id));
    expect(row?.n).toBe(MAX_WORKOUTS_PER_DAY);
  });

  it(`holds at most ${MAX_EXERCISES_PER_WORKOUT} exercises a session and ${MAX_SETS_PER_EXERCISE} sets an exercise`, async () => {
    const ana = await signedInUser(ctx);
    const [squat] = await library(ana);
    const session = (
      await ana.call<Workout>('POST', '/v0/diary/workouts/', { date: DAY, name: 'Pierna' })
    ).data;
    const added = await Promise.all(
      Array.from({ length: MAX_EXERCISES_PER_WORKOUT + 3 }, () =>
        ana.call<Workout>('POST', `/v0/diary/workouts/${session.id}/exercises/`, {
          exercise_id: squat?.id,
        }),
      ),
    );
    expect(added.filter((answer) => answer.status === 200)).toHaveLength(MAX_EXERCISES_PER_WORKOUT);
    expect(added.find((answer) => answer.status === 400)?.body).toEqual({
      status: 400,
      data: {
        error: 'too many exercises in the workout',
        message: `Un entrenamiento admite como máximo ${MAX_EXERCISES_PER_WORKOUT} ejercicios`,
      },
    });
    const [items] = await ctx.database.db
      .select({ n: count() })
      .from(workoutExercises)
      .where(eq(workoutExercises.workout_id, session.id));
    expect(items?.n).toBe(MAX_EXERCISES_PER_WORKOUT);

    const item = added.find((answer) => answer.status === 200)?.data.exercises[0];
    const sets = await Promise.all(
      Array.from({ length: MAX_SETS_PER_EXERCISE + 3 }, () =>
        ana.call('POST', `/v0/diary/workout-exercises/${item?.id ?? ''}/sets/`, {
          reps: 5,
          weight_kg: 100,
        }),
      ),
    );
    expect(sets.filter((answer) => answer.status === 200)).toHaveLength(MAX_SETS_PER_EXERCISE);
    expect(sets.find((answer) => answer.status === 400)?.body).toEqual({
      status: 400,
      data: {
        error: 'too many sets in the exercise',
        message: `Un ejercicio admite como máximo ${MAX_SETS_PER_EXERCISE} series`,
      },
    });
    const [setRows] = await ctx.database.db
      .select({ n: count() })
      .from(workoutSets)
      .where(eq(workoutSets.workout_exercise_id, item?.id ?? ''));
    expect(setRows?.n).toBe(MAX_SETS_PER_EXERCISE);
  });
});

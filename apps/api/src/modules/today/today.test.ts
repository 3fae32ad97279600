import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { userPreferences } from '#db/schema/users';
import { createTestContext, type TestContext } from '#test/context';
import { premiumUser, userWithoutSubscription } from '#test/premium';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /v0/today/', () => {
  it('counts the day in the trainee’s timezone, with nothing recorded yet', async () => {
    const { user, headers } = await premiumUser(ctx);
    // 23:30 in UTC on 1 March is already 2 March in Madrid and still 1 March in Mexico City.
    ctx.clock.set(new Date('2026-03-01T23:30:00.000Z'));
    const madrid = await ctx.app.inject({ method: 'GET', url: '/v0/today/', headers });
    expect(madrid.json()).toEqual({
      status: 200,
      data: {
        date: '2026-03-02',
        timezone: 'Europe/Madrid',
        intake: { energy_kcal: 0, protein_g: 0, fat_g: 0, carbohydrate_g: 0, fibre_g: 0 },
        water_l: 0,
        training: { sessions: 0, sets: 0, program: null },
        weight: { latest_kg: null, entries: [] },
      },
    });
    await ctx.database.db.insert(userPreferences).values({
      user_id: user.id,
      metric_system: 'metric',
      theme: 'system',
      language: 'es',
      timezone: 'America/Mexico_City',
    });
    const mexico = await ctx.app.inject({ method: 'GET', url: '/v0/today/', headers });
    expect(mexico.json()).toMatchObject({
      data: { date: '2026-03-01', timezone: 'America/Mexico_City' },
    });
  });

  it('gives the onboarding weight as the latest until the trainee weighs in', async () => {
    const { user, headers } = await premiumUser(ctx);
    await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${user.id}/onboarding/body/`,
      headers,
      payload: answers.body,
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/today/', headers });
    expect(res.json()).toMatchObject({ data: { weight: { latest_kg: 80, entries: [] } } });
  });

  it('gives what the diary and metrics record for the day, with the diary’s totals', async () => {
    ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
    const { headers } = await premiumUser(ctx);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    for (const kcal of [100.4, 100.4, 100.4]) {
      await call('POST', '/v0/diary/entries/', {
        kind: 'quick',
        date: '2026-03-02',
        meal: 'merienda',
        kcal,
        protein_g: 10,
      });
    }
    await call('PUT', '/v0/diary/days/2026-03-02/water/', { water_ml: 750 });
    const workout = (await call('POST', '/v0/diary/workouts/', { date: '2026-03-02' })).json<{
      data: { id: string };
    }>().data;
    const [exercise] = (await call('GET', '/v0/exercises/')).json<{ data: { id: string }[] }>()
      .data;
    const item = (
      await call('POST', `/v0/diary/workouts/${workout.id}/exercises/`, {
        exercise_id: exercise?.id,
      })
    ).json<{ data: { exercises: { id: string }[] } }>().data.exercises[0];
    for (let set = 0; set < 3; set += 1) {
      await call('POST', `/v0/diary/workout-exercises/${item?.id ?? ''}/sets/`, {
        reps: 5,
        weight_kg: 60,
      });
    }
    await call('PUT', '/v0/metrics/weights/2026-02-28/', { weight_kg: 79.5 });
    await call('PUT', '/v0/metrics/weights/2026-03-02/', { weight_kg: 79.1 });
    // Yesterday's entries are not today's.
    await call('POST', '/v0/diary/entries/', {
      kind: 'quick',
      date: '2026-03-01',
      meal: 'cena',
      kcal: 900,
    });

    const res = await call('GET', '/v0/today/');
    expect(res.json()).toMatchObject({
      data: {
        date: '2026-03-02',
        intake: { energy_kcal: 301, protein_g: 30, fat_g: 0, carbohydrate_g: 0, fibre_g: 0 },
        water_l: 0.75,
        training: { sessions: 1, sets: 3 },
        weight: {
          latest_kg: 79.1,
          entries: [
            { date: '2026-02-28', kg: 79.5 },
            { date: '2026-03-02', kg: 79.1 },
          ],
        },
      },
    });
  });

  it('needs a session (401) and a subscription (402)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v0/today/' })).statusCode).toBe(401);
    const { headers } = await userWithoutSubscription(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/v0/today/', headers })).statusCode).toBe(
      402,
    );
  });
});

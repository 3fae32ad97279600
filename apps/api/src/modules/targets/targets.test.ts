import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { answers } from '../../../test/onboarding';
import { premiumUser, userWithoutSubscription } from '../../../test/premium';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /v0/targets/', () => {
  it('answers 404 with what to do until goal, body and activity are answered', async () => {
    const { user, headers } = await premiumUser(ctx);
    await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${user.id}/onboarding/goal/`,
      headers,
      payload: answers.goal,
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/targets/', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      data: {
        error: 'targets not available',
        message: 'Responde a los tres primeros pasos para calcular tus objetivos',
      },
    });
  });

  it("gives the caller's own targets, computed on the server from their answers", async () => {
    const { user, headers } = await premiumUser(ctx);
    const other = await premiumUser(ctx);
    for (const step of ['goal', 'body', 'activity'] as const) {
      await ctx.app.inject({
        method: 'PUT',
        url: `/v0/users/${user.id}/onboarding/${step}/`,
        headers,
        payload: answers[step],
      });
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/targets/', headers });
    expect(res.statusCode).toBe(200);
    // Man of 30, 180 cm, 80 kg: BMR 800 + 1125 − 150 + 5 = 1780; × 1.55 = 2759; − 550 = 2209
    expect(res.json()).toMatchObject({
      status: 200,
      data: {
        formula: 'mifflin-st-jeor',
        bmr_kcal: 1780,
        tdee_kcal: 2759,
        energy_kcal: 2209,
        protein_g: 160,
        protein_g_per_kg: 2,
        fat_g: 61,
        carbohydrate_g: 255,
        fibre_g: 31,
        water_l: 2.5,
        weekly_change_kg: -0.5,
        goal_date: '2026-05-11',
      },
    });
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/v0/targets/',
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('needs a session (401) and a subscription (402)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v0/targets/' })).statusCode).toBe(401);
    const { headers } = await userWithoutSubscription(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/targets/', headers });
    expect(res.statusCode).toBe(402);
  });
});

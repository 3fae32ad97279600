import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { Targets } from '@forja/shared/schemas/targets';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { premiumUser, subscribe, userWithoutSubscription } from '#test/premium';
import { ALL_AREAS, linkToTrainer, NO_AREAS } from '#test/trainers';

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
    // Man of 30, 180 cm, 80 kg: BMR 800 + 1125 − 150 + 5 = 1780; × 1.4 + 4 h of strength
    // training (182.9) = 2675; − 550 = 2125
    expect(res.json()).toMatchObject({
      status: 200,
      data: {
        formula: 'mifflin-st-jeor',
        bmr_kcal: 1780,
        tdee_kcal: 2675,
        energy_kcal: 2125,
        protein_g: 160,
        protein_g_per_kg: 2,
        fat_g: 59,
        carbohydrate_g: 239,
        fibre_g: 30,
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

/**
 * A trainee linked to `trainerId` with a subscription and goal, body, activity and health
 * answered, sharing every area and their health answers, or nothing.
 */
async function traineeOf(trainerId: string | null, options: { consents?: boolean } = {}) {
  const user = await createUser(ctx);
  const areas = options.consents === false ? NO_AREAS : ALL_AREAS;
  if (trainerId) await linkToTrainer(ctx, user.id, trainerId, areas);
  await subscribe(ctx, user.id);
  const headers = auth((await signIn(ctx, user.id)).access_token);
  for (const step of ['goal', 'body', 'activity', 'health'] as const) {
    const payload =
      step === 'health'
        ? { ...answers.health, share_with_trainer: options.consents ?? true }
        : answers[step];
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${user.id}/onboarding/${step}/`,
      headers,
      payload,
    });
    expect(res.statusCode, step).toBe(200);
  }
  return { user, headers };
}

async function staff(role: 'trainer' | 'admin') {
  const user = await createUser(ctx, { role });
  return { user, headers: auth((await signIn(ctx, user.id)).access_token) };
}

function call(
  method: 'GET' | 'PUT' | 'DELETE',
  userId: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url: `/v0/users/${userId}/targets/`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ownTargets(headers: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'GET', url: '/v0/targets/', headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Targets }>().data;
}

describe('targets a trainer sets: /v0/users/{id}/targets/', () => {
  it('lets a trainer set 1600 kcal, below the floor of 1780 (the BMR), once confirmed, and the trainee is given it', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);

    const before = await call('GET', trainee.user.id, trainer.headers);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      data: {
        user_id: trainee.user.id,
        override: null,
        targets: { energy_kcal: 2125, notes: [] },
        formula_targets: { energy_kcal: 2125 },
      },
    });

    const unconfirmed = await call('PUT', trainee.user.id, trainer.headers, { energy_kcal: 1600 });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({
      status: 400,
      data: {
        error: 'energy below the minimum needs confirmation',
        message:
          '1600 kcal está por debajo del mínimo que daría la fórmula a esta persona (1780 kcal): confírmalo para guardarlo',
        fields: {
          confirm_below_minimum:
            '1600 kcal está por debajo del mínimo que daría la fórmula a esta persona (1780 kcal): confírmalo para guardarlo',
        },
      },
    });
    expect((await call('GET', trainee.user.id, trainer.headers)).json()).toMatchObject({
      data: { override: null, history: [] },
    });

    const res = await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1600,
      confirm_below_minimum: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      data: {
        user_id: trainee.user.id,
        override: {
          energy_kcal: 1600,
          protein_g: null,
          fat_g: null,
          set_by: trainer.user.id,
          set_at: ctx.clock.now().toISOString(),
        },
        targets: {
          energy_kcal: 1600,
          bmr_kcal: 1780,
          energy_floor_kcal: 1780,
          notes: ['set_by_trainer'],
        },
        formula_targets: { energy_kcal: 2125, notes: [] },
      },
    });

    expect(await ownTargets(trainee.headers)).toMatchObject({
      bmr_kcal: 1780,
      tdee_kcal: 2675,
      energy_kcal: 1600,
      // min(2.0 × 80 = 160, 35 % × 1600 / 4 = 140) = 140 g
      protein_g: 140,
      // max(0.25 × 1600 / 9 = 44.4, 0.6 × 80 = 48) = 48 g
      fat_g: 48,
      // (1600 − 560 − 432) / 4 = 152 g
      carbohydrate_g: 152,
      // 14 × 1.6 = 22.4 g, under the floor of 25 g
      fibre_g: 25,
      // (1600 − 2674.9) × 7 / 7700 = −0.977 kg a week
      weekly_change_kg: -0.98,
      // 5 kg / 0.97714 kg a week × 7 = 35.8 days, so 36 days after 2 March 2026
      goal_date: '2026-04-07',
      notes: ['set_by_trainer'],
    });
    // The diary's totals are held against the same numbers.
    const day = await ctx.app.inject({
      method: 'GET',
      url: '/v0/diary/days/2026-03-02/',
      headers: trainee.headers,
    });
    expect(day.json()).toMatchObject({
      data: { targets: { kcal: 1600, protein_g: 140, fat_g: 48, carbohydrate_g: 152 } },
    });
  });

  it('takes prescribed protein and fat, and replaces an earlier override', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);
    await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1600,
      confirm_below_minimum: true,
    });
    ctx.clock.advance(60_000);

    const res = await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1900,
      protein_g: 180,
      fat_g: 60,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        override: { energy_kcal: 1900, protein_g: 180, fat_g: 60 },
        targets: { energy_kcal: 1900, protein_g: 180, fat_g: 60, carbohydrate_g: 160 },
      },
    });
    expect(await ownTargets(trainee.headers)).toMatchObject({
      energy_kcal: 1900,
      protein_g: 180,
      fat_g: 60,
      // (1900 − 720 − 540) / 4
      carbohydrate_g: 160,
      fibre_g: 27,
    });
  });

  it('never lets a trainee below the BMR by their own answers: only through the override', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);
    for (const [step, payload] of [
      ['goal', { goal: 'lose', weekly_rate_kg: 0.8, goal_weight_kg: 75 }],
      [
        'activity',
        {
          activity_level: 'sedentary',
          training_days_per_week: 0,
          training_hours_per_week: 0,
          training_kind: 'strength',
        },
      ],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/v0/users/${trainee.user.id}/onboarding/${step}/`,
        headers: trainee.headers,
        payload,
      });
      expect(res.statusCode, step).toBe(200);
    }
    // 1780 × 1.2 = 2136 − 0.8 × 1100 = 1256 would be below the BMR of 1780.
    expect(await ownTargets(trainee.headers)).toMatchObject({
      energy_kcal: 1780,
      notes: ['limited_by_bmr'],
    });

    await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1500,
      confirm_below_minimum: true,
    });
    const targets = await ownTargets(trainee.headers);
    expect(targets).toMatchObject({ energy_kcal: 1500, notes: ['set_by_trainer'] });
    expect(targets.notes).not.toContain('limited_by_bmr');
  });

  it('goes back to the formula on DELETE', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);
    await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1600,
      confirm_below_minimum: true,
    });

    const res = await call('DELETE', trainee.user.id, trainer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { override: null, targets: { energy_kcal: 2125, notes: [] } },
    });
    expect(await ownTargets(trainee.headers)).toMatchObject({
      energy_kcal: 2125,
      carbohydrate_g: 239,
      weekly_change_kg: -0.5,
      goal_date: '2026-05-11',
      notes: [],
    });
    const again = await call('DELETE', trainee.user.id, trainer.headers);
    expect(again.statusCode).toBe(200);
  });

  it('answers 404 to another trainer, on every method, and changes nothing', async () => {
    const trainer = await staff('trainer');
    const other = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);
    await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1600,
      confirm_below_minimum: true,
    });

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, trainee.user.id, other.headers, { energy_kcal: 1000 });
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({
        status: 404,
        data: { error: 'not found', message: 'Recurso no encontrado' },
      });
    }
    expect(await ownTargets(trainee.headers)).toMatchObject({ energy_kcal: 1600 });
  });

  it('answers 404 to the trainee, for themselves as for anyone', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);
    const classmate = await traineeOf(trainer.user.id);

    for (const id of [trainee.user.id, classmate.user.id]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(method, id, trainee.headers, { energy_kcal: 1000 });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
      }
    }
    expect(await ownTargets(trainee.headers)).toMatchObject({ energy_kcal: 2125, notes: [] });
    expect(await ownTargets(classmate.headers)).toMatchObject({ energy_kcal: 2125, notes: [] });
  });

  it('answers 404 to the trainer of a trainee who has not consented to share their data', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id, { consents: false });
    const unknown = '00000000-0000-4000-8000-000000000000';

    for (const id of [trainee.user.id, unknown, 'not-an-id', trainer.user.id]) {
      const res = await call('PUT', id, trainer.headers, { energy_kcal: 1600 });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toMatchObject({ data: { message: 'Recurso no encontrado' } });
    }
    expect(await ownTargets(trainee.headers)).toMatchObject({ energy_kcal: 2125 });
  });

  it('drops the override when the trainee withdraws their consent', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);
    await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1600,
      confirm_below_minimum: true,
    });

    const withdrawn = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${trainee.user.id}/trainer/consent/`,
      headers: trainee.headers,
      payload: NO_AREAS,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await ownTargets(trainee.headers)).toMatchObject({ energy_kcal: 2125, notes: [] });
    expect((await call('GET', trainee.user.id, trainer.headers)).statusCode).toBe(404);

    // Consenting again does not bring the old override back.
    await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${trainee.user.id}/trainer/consent/`,
      headers: trainee.headers,
      payload: ALL_AREAS,
    });
    expect((await call('GET', trainee.user.id, trainer.headers)).json()).toMatchObject({
      data: { override: null },
    });
  });

  it('answers 404 on every method as soon as the trainee withdraws their consent', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);
    expect((await call('GET', trainee.user.id, trainer.headers)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${trainee.user.id}/trainer/consent/`,
      headers: trainee.headers,
      payload: NO_AREAS,
    });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, trainee.user.id, trainer.headers, { energy_kcal: 1600 });
      expect(res.statusCode, method).toBe(404);
    }
    expect(await ownTargets(trainee.headers)).toMatchObject({ energy_kcal: 2125, notes: [] });
  });

  it('lets an admin set any trainee’s targets, and nobody else’s', async () => {
    const admin = await staff('admin');
    const trainee = await traineeOf(null, { consents: false });
    const res = await call('PUT', trainee.user.id, admin.headers, { energy_kcal: 2000 });
    expect(res.statusCode).toBe(200);
    expect(await ownTargets(trainee.headers)).toMatchObject({
      energy_kcal: 2000,
      notes: ['set_by_trainer'],
    });

    const trainer = await staff('trainer');
    expect((await call('GET', trainer.user.id, admin.headers)).statusCode).toBe(404);
  });

  it('refuses bad numbers with a 400 in Spanish and keeps the targets as they were', async () => {
    const trainer = await staff('trainer');
    const trainee = await traineeOf(trainer.user.id);
    await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1600,
      confirm_below_minimum: true,
    });

    const cases: [unknown, string][] = [
      [{ energy_kcal: 799 }, 'La energía debe estar entre 800 y 6000 kcal'],
      [{ energy_kcal: 6001 }, 'La energía debe estar entre 800 y 6000 kcal'],
      [{ energy_kcal: 1500.5 }, 'La energía debe ser un número entero'],
      [{ energy_kcal: '1500' }, 'La energía debe ser un número válido'],
      [{}, 'La energía debe ser un número válido'],
      [{ energy_kcal: 1500, protein_g: 10 }, 'La proteína debe estar entre 20 y 500 g'],
      [{ energy_kcal: 1500, fat_g: 301 }, 'La grasa debe estar entre 10 y 300 g'],
      [
        { energy_kcal: 1000, protein_g: 200, fat_g: 50 },
        'La proteína y la grasa superan el objetivo de energía',
      ],
      // 105 g of protein from the formula (2 g × 80 kg = 160, capped at 35 % × 1200 / 4) and
      // 100 g of fat are 420 + 900 = 1320 kcal.
      [
        { energy_kcal: 1200, fat_g: 100 },
        'La proteína (105 g) y la grasa (100 g) suman 1320 kcal, más que el objetivo de energía (1200 kcal)',
      ],
      [
        { energy_kcal: 1500 },
        '1500 kcal está por debajo del mínimo que daría la fórmula a esta persona (1780 kcal): confírmalo para guardarlo',
      ],
      [
        { energy_kcal: 1500, confirm_below_minimum: 'sí' },
        'La confirmación debe ser un valor booleano válido',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', trainee.user.id, trainer.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ data: { message: string } }>().data.message).toBe(message);
    }
    const extra = await call('PUT', trainee.user.id, trainer.headers, {
      energy_kcal: 1500,
      user_id: trainer.user.id,
    });
    expect(extra.statusCode).toBe(400);

    expect((await call('GET', trainee.user.id, trainer.headers)).json()).toMatchObject({
      data: { override: { energy_kcal: 1600, protein_g: null, fat_g: null } },
    });
    expect(await ownTargets(trainee.headers)).toMatchObject({ energy_kcal: 1600 });
  });

  it('needs a session (401)', async () => {
    const trainee = await traineeOf(null);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({
        method,
        url: `/v0/users/${trainee.user.id}/targets/`,
        ...(method === 'PUT' ? { payload: { energy_kcal: 1600 } } : {}),
      });
      expect(res.statusCode, method).toBe(401);
    }
  });

  it('is described in the OpenAPI document with its request schema', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const { paths } = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const path = paths['/v0/users/{id}/targets/'];
    expect(Object.keys(path ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(path?.put).toMatchObject({
      requestBody: {
        content: {
          'application/json': {
            schema: {
              properties: { energy_kcal: {}, protein_g: {}, fat_g: {} },
              required: ['energy_kcal'],
            },
          },
        },
      },
    });
  });
});

describe('targets over time', () => {
  it('keep the goal date from one day to the next, and count on the trend weight once there are weighings', async () => {
    const started = ctx.clock.now();
    const { user, headers: first } = await traineeOf(null);
    let headers = first;
    // Answered on 2 March 2026: 5 kg at 0.5 kg a week is 70 days, 11 May.
    expect(await ownTargets(headers)).toMatchObject({ weight_kg: 80, goal_date: '2026-05-11' });
    try {
      ctx.clock.advance(86_400_000);
      headers = auth((await signIn(ctx, user.id)).access_token);
      expect(await ownTargets(headers)).toMatchObject({ weight_kg: 80, goal_date: '2026-05-11' });

      const weigh = await ctx.app.inject({
        method: 'PUT',
        url: '/v0/metrics/weights/2026-03-03/',
        headers,
        payload: { weight_kg: 79 },
      });
      expect(weigh.statusCode).toBe(200);
      // The trend starts at the first weighing, 79 kg: BMR 790 + 1125 − 150 + 5 = 1770;
      // × 1.4 = 2478, + 4 × 4 × 79 / 7 = 180.6 of training; − 550 = 2108.6; 4 kg at 0.5 kg a
      // week is 56 days after 3 March.
      expect(await ownTargets(headers)).toMatchObject({
        weight_kg: 79,
        energy_kcal: 2109,
        goal_date: '2026-04-28',
      });
      const day = await ctx.app.inject({
        method: 'GET',
        url: '/v0/diary/days/2026-03-03/',
        headers,
      });
      expect(day.json()).toMatchObject({ data: { targets: { kcal: 2109 } } });

      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: '/v0/metrics/weights/2026-03-03/',
        headers,
      });
      expect(removed.statusCode).toBe(200);
      expect(await ownTargets(headers)).toMatchObject({ weight_kg: 80, goal_date: '2026-05-11' });
    } finally {
      ctx.clock.set(started);
    }
  });

  it('find a weighing logged before the answers: the same day counts, earlier ones do not', async () => {
    const { user, headers } = await premiumUser(ctx);
    // Before any answer: one weighing yesterday, one today (2 March 2026).
    for (const [date, weight_kg] of [
      ['2026-03-01', 90],
      ['2026-03-02', 79],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/v0/metrics/weights/${date}/`,
        headers,
        payload: { weight_kg },
      });
      expect(res.statusCode, date).toBe(200);
    }
    for (const step of ['training', 'goal', 'body', 'activity'] as const) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/v0/users/${user.id}/onboarding/${step}/`,
        headers,
        payload: answers[step],
      });
      expect(res.statusCode, step).toBe(200);
    }
    // The trend: 90, then 10 % of the way to 79 = 88.9 kg, dated today, the day of the start.
    expect(await ownTargets(headers)).toMatchObject({ weight_kg: 88.9 });
  });
});

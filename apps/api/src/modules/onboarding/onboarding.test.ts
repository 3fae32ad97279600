import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { createTestContext, type TestContext } from '#test/context';
import { premiumUser, userWithoutSubscription } from '#test/premium';
import { ALL_AREAS, linkToTrainer, signedInTrainer } from '#test/trainers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: unknown, headers: Headers = {}) =>
  ctx.app.inject({ method: 'PUT', url, headers, payload: payload as object });
const post = (url: string, headers: Headers = {}) =>
  ctx.app.inject({ method: 'POST', url, headers });

const steps = Object.keys(answers) as (keyof typeof answers)[];

describe('the onboarding calls', () => {
  it('start a new trainee at the first step with nothing answered', async () => {
    const { user, headers } = await premiumUser(ctx);
    const res = await get(`/v0/users/${user.id}/onboarding/`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      data: {
        user_id: user.id,
        answers: {
          goal: null,
          body: null,
          activity: null,
          training: null,
          eating: null,
          health: null,
        },
        next_step: 'first-step',
        finished_at: null,
      },
    });
  });

  it('save each step as it is answered and read it back, continuing where the trainee left', async () => {
    const { user, headers } = await premiumUser(ctx);
    const base = `/v0/users/${user.id}/onboarding`;
    expect((await get(`${base}/goal/`, headers)).json()).toEqual({ status: 200, data: null });

    const saved = await put(`${base}/goal/`, answers.goal, headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ data: { next_step: 'second-step' } });
    expect((await get(`${base}/goal/`, headers)).json()).toEqual({
      status: 200,
      data: answers.goal,
    });

    const expectedNext = ['third-step', 'fourth-step', 'fifth-step', 'sixth-step', 'resume'];
    for (const [index, step] of steps.slice(1).entries()) {
      const res = await put(`${base}/${step}/`, answers[step], headers);
      expect(res.statusCode, step).toBe(200);
      expect(res.json()).toMatchObject({ data: { next_step: expectedNext[index] } });
    }
    const state = (await get(`${base}/`, headers)).json<{ data: { answers: unknown } }>();
    expect(state.data.answers).toEqual(answers);
  });

  it('turn an empty number into 0: an empty body-fat percentage means not known', async () => {
    const { user, headers } = await premiumUser(ctx);
    const res = await put(
      `/v0/users/${user.id}/onboarding/body/`,
      { ...answers.body, body_fat_percent: '' },
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { answers: { body: { body_fat_percent: 0 } } } });
  });

  it('refuse bad numbers with the Spanish message of the field', async () => {
    const { user, headers } = await premiumUser(ctx);
    const base = `/v0/users/${user.id}/onboarding`;
    const cases: [string, unknown, string, string][] = [
      [
        'body',
        { ...answers.body, weight_kg: -80 },
        'weight_kg',
        'El peso debe ser un número positivo',
      ],
      [
        'body',
        { ...answers.body, height_cm: 'ciento ochenta' },
        'height_cm',
        'La altura debe ser un número válido',
      ],
      [
        'goal',
        { ...answers.goal, weekly_rate_kg: 3 },
        'weekly_rate_kg',
        'El ritmo semanal no puede superar 1 kg',
      ],
      [
        'activity',
        { ...answers.activity, training_days_per_week: 9 },
        'training_days_per_week',
        'Los días de entrenamiento deben estar entre 0 y 7',
      ],
      [
        'eating',
        { ...answers.eating, meals_per_day: -1 },
        'meals_per_day',
        'Las comidas al día deben ser un número positivo',
      ],
    ];
    for (const [step, payload, field, message] of cases) {
      const res = await put(`${base}/${step}/`, payload, headers);
      expect(res.statusCode, `${step}.${field}`).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        data: { error: 'validation failed', message, fields: { [field]: message } },
      });
    }
    const state = (await get(`${base}/`, headers)).json<{ data: { answers: object } }>();
    expect(state.data.answers).toMatchObject({ goal: null, body: null, activity: null });
  });

  it('keep the training hours and kind, and refuse them out of range with a Spanish message', async () => {
    const { user, headers } = await premiumUser(ctx);
    const base = `/v0/users/${user.id}/onboarding`;
    const cases: [unknown, string, string][] = [
      [
        { ...answers.activity, training_hours_per_week: 31 },
        'training_hours_per_week',
        'Las horas de entrenamiento deben estar entre 0 y 30 horas',
      ],
      [
        { ...answers.activity, training_hours_per_week: 3.2 },
        'training_hours_per_week',
        'Las horas de entrenamiento van de media en media hora: 1, 1,5, 2…',
      ],
      [
        { ...answers.activity, training_kind: 'yoga' },
        'training_kind',
        'El tipo de entrenamiento debe ser uno de los valores: strength, endurance, mixed',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(`${base}/activity/`, payload, headers);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        data: { error: 'validation failed', message, fields: { [field]: message } },
      });
    }
    expect((await get(`${base}/activity/`, headers)).json()).toEqual({ status: 200, data: null });

    const athlete = {
      ...answers.activity,
      training_hours_per_week: 10.5,
      training_kind: 'endurance',
    };
    expect((await put(`${base}/activity/`, athlete, headers)).statusCode).toBe(200);
    expect((await get(`${base}/activity/`, headers)).json()).toEqual({
      status: 200,
      data: athlete,
    });
  });

  it('keep the week of pregnancy and breastfeeding with its date, and refuse bad ones in Spanish', async () => {
    const { user, headers } = await premiumUser(ctx);
    const base = `/v0/users/${user.id}/onboarding`;
    const feeding = {
      ...answers.health,
      breastfeeding: 'partial',
      breastfeeding_since: '2025-11-20',
    };
    const cases: [unknown, string, string][] = [
      [
        { ...answers.health, pregnancy_week: 43 },
        'pregnancy_week',
        'La semana de embarazo debe estar entre 1 y 42',
      ],
      [
        { ...feeding, breastfeeding_since: null },
        'breastfeeding_since',
        'Indica desde qué fecha das el pecho (la del nacimiento, si no la recuerdas)',
      ],
      // The test clock is on 2 March 2026.
      [
        { ...feeding, breastfeeding_since: '2026-03-03' },
        'breastfeeding_since',
        'La fecha desde la que das el pecho no puede ser posterior a hoy',
      ],
      [
        { ...answers.health, breastfeeding: 'sometimes' },
        'breastfeeding',
        'La lactancia debe ser uno de los valores: no, exclusive, partial',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(`${base}/health/`, payload, headers);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        data: { error: 'validation failed', message, fields: { [field]: message } },
      });
    }
    expect((await get(`${base}/health/`, headers)).json()).toEqual({ status: 200, data: null });

    const pregnantAndFeeding = { ...feeding, pregnancy_week: 14 };
    expect((await put(`${base}/health/`, pregnantAndFeeding, headers)).statusCode).toBe(200);
    expect((await get(`${base}/health/`, headers)).json()).toEqual({
      status: 200,
      data: pregnantAndFeeding,
    });
    // Without the consent to process health data, none of it may be sent.
    const unconsented = await put(
      `${base}/health/`,
      { health_data_consent: false, share_with_trainer: false, pregnancy_week: 14 },
      headers,
    );
    expect(unconsented.statusCode).toBe(400);
    expect(unconsented.json()).toMatchObject({
      data: { fields: { health_data_consent: expect.any(String) as string } },
    });
  });

  it('refuse a goal weight below a BMI of 18.5 and a pace above 1 % of the weight, once the body is known', async () => {
    const { user, headers } = await premiumUser(ctx);
    const base = `/v0/users/${user.id}/onboarding`;
    const woman = {
      sex: 'female',
      birth_date: '1994-01-15',
      height_cm: 165,
      weight_kg: 65,
      body_fat_percent: 0,
    };
    // Before the body is answered the goal step cannot know the height: it is accepted.
    const early = { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 38 };
    expect((await put(`${base}/goal/`, early, headers)).statusCode).toBe(200);
    expect((await put(`${base}/body/`, woman, headers)).statusCode).toBe(200);

    const underweight =
      'Ese peso objetivo quedaría por debajo de un índice de masa corporal de 18,5, que es bajo peso para tu altura: elige uno más alto';
    // 38 / 1.65² = 13.96; 50 / 1.65² = 18.37, still under 18.5
    for (const goal_weight_kg of [38, 50]) {
      const res = await put(`${base}/goal/`, { ...early, goal_weight_kg }, headers);
      expect(res.statusCode, String(goal_weight_kg)).toBe(400);
      expect(res.json()).toMatchObject({
        data: {
          error: 'validation failed',
          message: underweight,
          fields: { goal_weight_kg: underweight },
        },
      });
    }
    // 1 % of 65 kg is 0.65 kg a week.
    const tooFast = await put(
      `${base}/goal/`,
      { goal: 'lose', weekly_rate_kg: 0.7, goal_weight_kg: 60 },
      headers,
    );
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json()).toMatchObject({
      data: {
        fields: {
          weekly_rate_kg: 'El ritmo semanal no puede superar el 1 % de tu peso: como mucho 0,65 kg',
        },
      },
    });
    const state = (await get(`${base}/`, headers)).json<{ data: { answers: object } }>();
    expect(state.data.answers).toMatchObject({ goal: early });

    // 51 / 1.65² = 18.73 and 0.65 kg a week are fine.
    const fine = { goal: 'lose', weekly_rate_kg: 0.65, goal_weight_kg: 51 };
    expect((await put(`${base}/goal/`, fine, headers)).statusCode).toBe(200);
  });

  it('refuse fields a step does not have', async () => {
    const { user, headers } = await premiumUser(ctx);
    const res = await put(
      `/v0/users/${user.id}/onboarding/health/`,
      { ...answers.health, user_id: user.id },
      headers,
    );
    expect(res.statusCode).toBe(400);
  });

  it('finish only when every step is answered', async () => {
    const { user, headers } = await premiumUser(ctx);
    const base = `/v0/users/${user.id}/onboarding`;
    await put(`${base}/goal/`, answers.goal, headers);
    const early = await post(`${base}/finish/`, headers);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      data: {
        error: 'onboarding incomplete',
        message: 'Completa todos los pasos antes de terminar',
      },
    });
    for (const step of steps) await put(`${base}/${step}/`, answers[step], headers);
    const finished = await post(`${base}/finish/`, headers);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({
      data: { next_step: 'resume', finished_at: ctx.clock.now().toISOString() },
    });
  });

  it("answer 404 for another trainee's onboarding, and change nothing of theirs", async () => {
    const owner = await premiumUser(ctx);
    const other = await premiumUser(ctx);
    const base = `/v0/users/${owner.user.id}/onboarding`;
    await put(`${base}/goal/`, answers.goal, owner.headers);

    const attempts = [
      await get(`${base}/`, other.headers),
      await get(`${base}/goal/`, other.headers),
      await put(`${base}/goal/`, { ...answers.goal, goal: 'gain' }, other.headers),
      await post(`${base}/finish/`, other.headers),
      await get('/v0/users/not-an-id/onboarding/', other.headers),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, data: { error: 'not found' } });
    }
    const mine = await get(`${base}/goal/`, owner.headers);
    expect(mine.json()).toMatchObject({ data: { goal: 'lose' } });
  });

  it('need a session (401) and a subscription (402)', async () => {
    const anonymous = await get('/v0/users/00000000-0000-4000-8000-000000000000/onboarding/');
    expect(anonymous.statusCode).toBe(401);

    const { user, headers } = await userWithoutSubscription(ctx);
    const base = `/v0/users/${user.id}/onboarding`;
    for (const res of [
      await get(`${base}/`, headers),
      await get(`${base}/goal/`, headers),
      await put(`${base}/goal/`, answers.goal, headers),
      await post(`${base}/finish/`, headers),
    ]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ status: 402, data: { error: 'subscription required' } });
    }
  });

  it('answer 402 to a caller without a subscription before checking the body', async () => {
    const { user, headers } = await userWithoutSubscription(ctx);
    const res = await put(`/v0/users/${user.id}/onboarding/goal/`, { goal: 42 }, headers);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: 402, data: { error: 'subscription required' } });
  });

  it('never change the areas the trainee shares: the health step shares the health answers alone', async () => {
    const coach = await signedInTrainer(ctx);
    const sharedAreas = async (headers: Headers, userId: string) =>
      (await get(`/v0/users/${userId}/trainer/`, headers)).json<{
        data: { consent: Record<string, boolean> };
      }>().data.consent;
    const finish = async (areas: Partial<typeof ALL_AREAS>, shareHealth: boolean) => {
      const { user, headers } = await premiumUser(ctx);
      await linkToTrainer(ctx, user.id, coach.user.id, areas);
      const base = `/v0/users/${user.id}/onboarding`;
      for (const step of steps) {
        const payload =
          step === 'health'
            ? { ...answers.health, share_with_trainer: shareHealth }
            : answers[step];
        expect((await put(`${base}/${step}/`, payload, headers)).statusCode, step).toBe(200);
      }
      expect((await post(`${base}/finish/`, headers)).statusCode).toBe(200);
      return sharedAreas(headers, user.id);
    };

    // Everything shared, the box left unticked: everything still shared.
    expect(await finish(ALL_AREAS, false)).toEqual(ALL_AREAS);
    // Only the diary shared, the box ticked: still only the diary.
    expect(await finish({ diary: true }, true)).toEqual({
      diary: true,
      training: false,
      body: false,
      check_ins: false,
    });
  });
});

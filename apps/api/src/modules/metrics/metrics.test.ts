import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { DiaryDay, Exercise, Workout } from '@forja/shared/schemas/diary';
import type { Food } from '@forja/shared/schemas/foods';
import type { CsvExport, Measurement, Metrics } from '@forja/shared/schemas/metrics';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // The test clock: 2026-03-02 09:00 UTC, 10:00 in Madrid.
});

afterAll(async () => {
  await ctx.close();
});

const metricsOf = async (who: SignedInUser, months = 1) => {
  const res = await who.call<Metrics>('GET', `/v0/metrics/?months=${months}`);
  expect(res.status).toBe(200);
  return res.data;
};
const weigh = (who: SignedInUser, date: string, weight_kg: unknown) =>
  who.call('PUT', `/v0/metrics/weights/${date}/`, { weight_kg });

describe('weight', () => {
  it('is one entry per day, editable, with a smoothed trend and a weekly rate', async () => {
    const ana = await signedInUser(ctx);
    expect(await metricsOf(ana)).toMatchObject({
      weights: [],
      trend_kg: null,
      weekly_rate_kg: null,
    });

    expect((await weigh(ana, '2026-02-28', 80)).data).toEqual({
      date: '2026-02-28',
      weight_kg: 80,
    });
    await weigh(ana, '2026-03-01', 79);
    await weigh(ana, '2026-03-02', 79.5);
    // A second weighing the same day replaces the first.
    await weigh(ana, '2026-03-02', 78.9);

    const metrics = await metricsOf(ana);
    expect(metrics.from).toBe('2026-02-02');
    expect(metrics.to).toBe('2026-03-02');
    expect(metrics.weights.map((point) => [point.date, point.weight_kg])).toEqual([
      ['2026-02-28', 80],
      ['2026-03-01', 79],
      ['2026-03-02', 78.9],
    ]);
    const trend = metrics.weights.map((point) => point.trend_kg);
    expect(trend[0]).toBe(80);
    expect(trend[1]).toBeCloseTo(79.9, 10);
    expect(trend[2]).toBeCloseTo(79.9 + 0.1 * (78.9 - 79.9), 10);
    expect(metrics.trend_kg).toBeCloseTo(trend[2] ?? 0, 10);
    // Fewer than 14 days of weighings: no rate yet.
    expect(metrics.weekly_rate_kg).toBeNull();

    expect((await ana.call('DELETE', '/v0/metrics/weights/2026-03-01/')).status).toBe(200);
    expect((await ana.call('DELETE', '/v0/metrics/weights/2026-03-01/')).status).toBe(404);
    expect((await metricsOf(ana)).weights).toHaveLength(2);
  });

  it('is never in the future where the person lives', async () => {
    const ana = await signedInUser(ctx);
    const future = await weigh(ana, '2026-03-03', 80);
    expect(future.status).toBe(400);
    expect(future.body.data).toMatchObject({ error: 'date in the future' });
    // In Auckland it is already 3 March.
    await ana.call('POST', '/v0/users/preferences/', { timezone: 'Pacific/Auckland' });
    const before = ctx.clock.now();
    ctx.clock.set(new Date('2026-03-02T11:05:00.000Z'));
    const luis = await signedInUser(ctx);
    await luis.call('POST', '/v0/users/preferences/', { timezone: 'Pacific/Auckland' });
    expect((await weigh(luis, '2026-03-03', 80)).status).toBe(200);
    expect((await metricsOf(luis)).to).toBe('2026-03-03');
    ctx.clock.set(before);
  });

  it('refuses weights that are not weights', async () => {
    const ana = await signedInUser(ctx);
    for (const weight of [0, -70, 19.9, 400.1, 'setenta', null]) {
      expect((await weigh(ana, '2026-03-01', weight)).status, String(weight)).toBe(400);
    }
    expect(
      (await ana.call('PUT', '/v0/metrics/weights/2026-13-01/', { weight_kg: 70 })).status,
    ).toBe(400);
    expect(
      (
        await ana.call('PUT', '/v0/metrics/weights/2026-03-01/', {
          weight_kg: 70,
          user_id: ana.user.id,
        })
      ).status,
    ).toBe(400);
  });

  it('shows the range asked for, with the trend warmed up by what came before', async () => {
    const ana = await signedInUser(ctx);
    await weigh(ana, '2025-06-01', 90);
    await weigh(ana, '2026-01-15', 85);
    await weigh(ana, '2026-03-01', 84);
    expect((await metricsOf(ana, 1)).weights.map((point) => point.date)).toEqual(['2026-03-01']);
    expect((await metricsOf(ana, 3)).weights.map((point) => point.date)).toEqual([
      '2026-01-15',
      '2026-03-01',
    ]);
    expect((await metricsOf(ana, 12)).weights).toHaveLength(3);
    const [march] = (await metricsOf(ana, 1)).weights;
    expect(march?.trend_kg).not.toBe(84);
    for (const months of [2, 0, 'doce']) {
      expect((await ana.call('GET', `/v0/metrics/?months=${months}`)).status, String(months)).toBe(
        400,
      );
    }
  });
});

describe('body measurements', () => {
  it('are a set per day in cm, replaced as a whole, deleted by day', async () => {
    const ana = await signedInUser(ctx);
    const put = await ana.call<Measurement>('PUT', '/v0/metrics/measurements/2026-03-01/', {
      waist_cm: 82.5,
      hip_cm: 98,
    });
    expect(put.data).toEqual({
      date: '2026-03-01',
      waist_cm: 82.5,
      hip_cm: 98,
      chest_cm: null,
      arm_cm: null,
      thigh_cm: null,
      neck_cm: null,
    });
    await ana.call('PUT', '/v0/metrics/measurements/2026-03-01/', { waist_cm: 82, neck_cm: 36 });
    expect((await metricsOf(ana)).measurements).toEqual([
      {
        date: '2026-03-01',
        waist_cm: 82,
        hip_cm: null,
        chest_cm: null,
        arm_cm: null,
        thigh_cm: null,
        neck_cm: 36,
      },
    ]);
    for (const bad of [{}, { waist_cm: -1 }, { waist_cm: 0 }, { arm_cm: 301 }, { knee_cm: 40 }]) {
      expect(
        (await ana.call('PUT', '/v0/metrics/measurements/2026-03-01/', bad)).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect((await ana.call('DELETE', '/v0/metrics/measurements/2026-03-01/')).status).toBe(200);
    expect((await ana.call('DELETE', '/v0/metrics/measurements/2026-03-01/')).status).toBe(404);
  });
});

describe('energy and adherence', () => {
  it('sum each logged day; without targets there is no adherence percentage', async () => {
    const ana = await signedInUser(ctx);
    const quick = (date: string, kcal: number) =>
      ana.call('POST', '/v0/diary/entries/', { kind: 'quick', date, meal: 'comida', kcal });
    await quick('2026-02-20', 1000.4);
    await quick('2026-02-20', 999.7);
    await quick('2026-03-01', 1500);
    await quick('2025-10-01', 1800);
    const metrics = await metricsOf(ana);
    expect(metrics.energy).toEqual([
      { date: '2026-02-20', kcal: 2000 },
      { date: '2026-03-01', kcal: 1500 },
    ]);
    const day = await ana.call<DiaryDay>('GET', '/v0/diary/days/2026-02-20/');
    expect(day.data.totals.kcal).toBe(2000);
    expect(metrics.adherence).toEqual({
      target_kcal: null,
      days_logged: 2,
      days_within: 0,
      percent: null,
    });
  });
});

describe('adherence against the energy target', () => {
  it('counts the logged days within ±10 % of the target from the onboarding', async () => {
    const ana = await signedInUser(ctx);
    for (const step of ['goal', 'body', 'activity'] as const) {
      await ana.call('PUT', `/v0/users/${ana.user.id}/onboarding/${step}/`, answers[step]);
    }
    // The target is 2125 kcal: within 212.5 of it counts.
    for (const [date, kcal] of [
      ['2026-02-25', 2000],
      ['2026-02-26', 2337],
      ['2026-02-27', 1500],
      ['2026-02-28', 2125],
    ] as const) {
      await ana.call('POST', '/v0/diary/entries/', { kind: 'quick', date, meal: 'comida', kcal });
    }
    expect((await metricsOf(ana)).adherence).toEqual({
      target_kcal: 2125,
      days_logged: 4,
      days_within: 3,
      percent: 75,
    });
  });
});

describe('the CSV export', () => {
  it('holds all of one’s diary, water, training, weights and measurements, and nobody else’s', async () => {
    const ana = await signedInUser(ctx);
    const [egg] = (await ana.call<Food[]>('GET', '/v0/foods/?q=huevo')).data;
    await ana.call('POST', '/v0/diary/entries/', {
      kind: 'food',
      date: '2026-03-01',
      meal: 'desayuno',
      food_id: egg?.id,
      quantity: 2,
      unit: '1 huevo',
    });
    await ana.call('POST', '/v0/diary/entries/', {
      kind: 'quick',
      date: '2026-03-01',
      meal: 'merienda',
      name: '=Tarta, de "la abuela"',
      kcal: 300,
    });
    await ana.call('PUT', '/v0/diary/days/2026-03-01/water/', { water_ml: 1500 });
    await ana.call('PUT', '/v0/diary/days/2026-03-01/notes/', { notes: 'Buen día' });
    const library = (await ana.call<Exercise[]>('GET', '/v0/exercises/')).data;
    const bench = library.find((exercise) => exercise.name === 'Press de banca');
    const session = (
      await ana.call<Workout>('POST', '/v0/diary/workouts/', { date: '2026-03-01', name: 'Torso' })
    ).data;
    const item = (
      await ana.call<Workout>('POST', `/v0/diary/workouts/${session.id}/exercises/`, {
        exercise_id: bench?.id,
      })
    ).data.exercises[0];
    await ana.call('POST', `/v0/diary/workout-exercises/${item?.id}/sets/`, {
      reps: 8,
      weight_kg: 60,
    });
    await ana.call('POST', `/v0/diary/workout-exercises/${item?.id}/sets/`, {
      reps: 6,
      weight_kg: 65,
    });
    const running = library.find((exercise) => exercise.name === 'Correr');
    const run = (
      await ana.call<Workout>('POST', `/v0/diary/workouts/${session.id}/exercises/`, {
        exercise_id: running?.id,
      })
    ).data.exercises[1];
    await ana.call('POST', `/v0/diary/workout-exercises/${run?.id}/sets/`, {
      duration_s: 1530,
      distance_m: 5250,
    });
    await weigh(ana, '2026-02-28', 70.25);
    await ana.call('PUT', '/v0/metrics/measurements/2026-03-01/', { waist_cm: 75 });
    const other = await signedInUser(ctx);
    await other.call('POST', '/v0/diary/entries/', {
      kind: 'quick',
      date: '2026-03-01',
      meal: 'cena',
      name: 'Secreto',
      kcal: 1,
    });

    const res = await ana.call<CsvExport>('GET', '/v0/metrics/export/');
    expect(res.status).toBe(200);
    expect(res.data.filename).toBe('forja-2026-03-02.csv');
    const lines = res.data.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'registro,fecha,comida,nombre,cantidad,unidad,gramos,kcal,proteinas_g,carbohidratos_g,grasas_g,fibra_g,agua_ml,ejercicio,serie,repeticiones,peso_kg,duracion_min,distancia_km,cintura_cm,cadera_cm,pecho_cm,brazo_cm,muslo_cm,cuello_cm,notas',
    );
    expect(lines.slice(1)).toEqual([
      'peso,2026-02-28,,,,,,,,,,,,,,,70.25,,,,,,,,,',
      'alimento,2026-03-01,Desayuno,Huevo,2,1 huevo,100,143,12.56,0.72,9.51,0,,,,,,,,,,,,,,',
      'añadido rápido,2026-03-01,Merienda,"\'=Tarta, de ""la abuela""",,,,300,0,0,0,0,,,,,,,,,,,,,,',
      'agua,2026-03-01,,,,,,,,,,,1500,,,,,,,,,,,,,',
      'serie,2026-03-01,,Torso,,,,,,,,,,Press de banca,1,8,60,,,,,,,,,',
      'serie,2026-03-01,,Torso,,,,,,,,,,Press de banca,2,6,65,,,,,,,,,',
      // A cardio set is time and distance, not 0 × 0: 1530 s = 25.5 min, 5250 m = 5.25 km.
      'serie,2026-03-01,,Torso,,,,,,,,,,Correr,1,,,25.5,5.25,,,,,,,',
      'medidas,2026-03-01,,,,,,,,,,,,,,,,,,75,,,,,,',
      'nota,2026-03-01,,,,,,,,,,,,,,,,,,,,,,,,Buen día',
      '',
    ]);
    expect(res.data.content).not.toContain('Secreto');
  });

  it('is in pounds, inches and fluid ounces for a person who prefers imperial units', async () => {
    const joe = await signedInUser(ctx);
    expect(
      (await joe.call('POST', '/v0/users/preferences/', { metric_system: 'imperial' })).status,
    ).toBe(201);
    const [milk] = (await joe.call<Food[]>('GET', '/v0/foods/?q=leche%20entera')).data;
    await joe.call('POST', '/v0/diary/entries/', {
      kind: 'food',
      date: '2026-03-01',
      meal: 'desayuno',
      food_id: milk?.id,
      quantity: 250,
      unit: 'ml',
    });
    await joe.call('PUT', '/v0/diary/days/2026-03-01/water/', { water_ml: 500 });
    await weigh(joe, '2026-03-01', 80);
    await joe.call('PUT', '/v0/metrics/measurements/2026-03-01/', { waist_cm: 81.28 });
    const running = (await joe.call<Exercise[]>('GET', '/v0/exercises/')).data.find(
      (exercise) => exercise.name === 'Correr',
    );
    const session = (
      await joe.call<Workout>('POST', '/v0/diary/workouts/', { date: '2026-03-01', name: 'Rodaje' })
    ).data;
    const run = (
      await joe.call<Workout>('POST', `/v0/diary/workouts/${session.id}/exercises/`, {
        exercise_id: running?.id,
      })
    ).data.exercises[0];
    await joe.call('POST', `/v0/diary/workout-exercises/${run?.id}/sets/`, { distance_m: 5000 });

    const res = await joe.call<CsvExport>('GET', '/v0/metrics/export/');
    const lines = res.data.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'registro,fecha,comida,nombre,cantidad,unidad,gramos,kcal,proteinas_g,carbohidratos_g,grasas_g,fibra_g,agua_fl_oz,ejercicio,serie,repeticiones,peso_lb,duracion_min,distancia_mi,cintura_in,cadera_in,pecho_in,brazo_in,muslo_in,cuello_in,notas',
    );
    // 250 ml = 8.45 fl oz; 500 ml = 16.91 fl oz; 80 kg = 176.37 lb; 81.28 cm = 32 in.
    expect(lines[1]).toMatch(/^alimento,2026-03-01,Desayuno,Leche entera,8\.45,fl oz,257\.5,/);
    // 5000 m = 3.11 mi.
    expect(lines.slice(2)).toEqual([
      'agua,2026-03-01,,,,,,,,,,,16.91,,,,,,,,,,,,,',
      'serie,2026-03-01,,Rodaje,,,,,,,,,,Correr,1,,,,3.11,,,,,,,',
      'peso,2026-03-01,,,,,,,,,,,,,,,176.37,,,,,,,,,',
      'medidas,2026-03-01,,,,,,,,,,,,,,,,,,32,,,,,,',
      '',
    ]);
  });
});

describe('the metrics calls', () => {
  const calls: [string, string, object?][] = [
    ['GET', '/v0/metrics/?months=3'],
    ['PUT', '/v0/metrics/weights/2026-03-01/', { weight_kg: 70 }],
    ['DELETE', '/v0/metrics/weights/2026-03-01/'],
    ['PUT', '/v0/metrics/measurements/2026-03-01/', { waist_cm: 70 }],
    ['DELETE', '/v0/metrics/measurements/2026-03-01/'],
    ['GET', '/v0/metrics/export/'],
  ];

  it('need a signed-in user (401) with a subscription (402)', async () => {
    const unsubscribed = await signedInUser(ctx, { subscribed: false });
    for (const [method, url, payload] of calls) {
      const anonymous = await ctx.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await unsubscribed.call(method as 'GET', url, payload)).status,
        `${method} ${url}`,
      ).toBe(402);
    }
  });
});

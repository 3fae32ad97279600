import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metrics } from '@forja/shared/schemas/metrics';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { ALL_AREAS, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-10T12:00:00.000Z'));
});

afterAll(async () => {
  await ctx.close();
});

type Headers = Record<string, string>;

async function read(headers: Headers, traineeId: string, query = '') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v0/trainers/trainees/${traineeId}/metrics/${query}`,
    headers,
  });
  type Answer = Metrics & { error?: string; message?: string };
  return { status: res.statusCode, data: res.json<{ data: Answer }>().data, body: res.body };
}

/** A trainee with three weighings, a day's measurements and a logged day of water-free food. */
async function traineeWithData(): Promise<SignedInUser> {
  const trainee = await signedInUser(ctx);
  for (const [date, weight_kg] of [
    ['2026-03-01', 80],
    ['2026-03-05', 79.4],
    ['2026-03-09', 79],
  ] as const) {
    expect((await trainee.call('PUT', `/v0/metrics/weights/${date}/`, { weight_kg })).status).toBe(
      200,
    );
  }
  const measured = await trainee.call('PUT', '/v0/metrics/measurements/2026-03-09/', {
    waist_cm: 84,
    hip_cm: 98,
  });
  expect(measured.status).toBe(200);
  return trainee;
}

describe("GET /v0/trainers/trainees/{id}/metrics/: a trainee's body, as their trainer sees it", () => {
  it('answers what the trainee sees of their own weight and measurements', async () => {
    const trainer = await signedInTrainer(ctx);
    const trainee = await traineeWithData();
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, ALL_AREAS);

    const own = await trainee.call<Metrics>('GET', '/v0/metrics/?months=1');
    const theirs = await read(trainer.headers, trainee.user.id, '?months=1');
    expect(theirs.status, theirs.body).toBe(200);
    expect(theirs.data).toEqual(own.data);
    expect(theirs.data.weights).toHaveLength(3);
    expect(theirs.data.measurements).toMatchObject([{ date: '2026-03-09', waist_cm: 84 }]);
  });

  it('without the diary shared, leaves the energy eaten and the adherence out', async () => {
    const trainer = await signedInTrainer(ctx);
    const trainee = await traineeWithData();
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, { ...NO_AREAS, body: true });
    const res = await read(trainer.headers, trainee.user.id);
    expect(res.status).toBe(200);
    expect(res.data.weights).toHaveLength(3);
    expect(res.data.energy).toEqual([]);
    expect(res.data.adherence).toEqual({
      target_kcal: null,
      days_logged: 0,
      days_within: 0,
      percent: null,
    });
  });

  it('is a 404 without the body area, for another trainer, for the trainee and for no one linked', async () => {
    const trainer = await signedInTrainer(ctx);
    const other = await signedInTrainer(ctx);
    const trainee = await traineeWithData();
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, { ...ALL_AREAS, body: false });
    expect((await read(trainer.headers, trainee.user.id)).status).toBe(404);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, ALL_AREAS);
    expect((await read(trainer.headers, trainee.user.id)).status).toBe(200);
    expect((await read(other.headers, trainee.user.id)).status).toBe(404);
    const self = await trainee.call('GET', `/v0/trainers/trainees/${trainee.user.id}/metrics/`);
    expect(self.status).toBe(404);
    expect((await read(trainer.headers, 'no-es-un-id')).status).toBe(404);
    expect((await read(trainer.headers, crypto.randomUUID())).status).toBe(404);
  });

  it('answers a bad period with a Spanish 400', async () => {
    const trainer = await signedInTrainer(ctx);
    const trainee = await traineeWithData();
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, ALL_AREAS);
    const res = await read(trainer.headers, trainee.user.id, '?months=2');
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('El periodo debe ser de 1, 3, 6 o 12 meses');
  });

  it('is in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, { summary?: string }>> }>().paths;
    expect(paths['/v0/trainers/trainees/{id}/metrics/']?.get?.summary).toMatch(/weight/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type {
  MetricsScreen,
  TraineeBodyScreen,
  TraineeTargetsScreen,
} from '@forja/shared/schemas/metrics-screens';
import { auth } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { linkToTrainer, signedInTrainer, type Areas } from '#test/trainers';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-04T12:00:00.000Z'));
});

afterAll(async () => {
  await ctx.close();
});

type Trainer = Awaited<ReturnType<typeof signedInTrainer>>;

async function finishOnboarding(trainee: SignedInUser) {
  const id = trainee.user.id;
  for (const step of Object.keys(answers) as (keyof typeof answers)[]) {
    const res = await trainee.call('PUT', `/v0/users/${id}/onboarding/${step}/`, answers[step]);
    expect(res.status, step).toBe(200);
  }
  expect((await trainee.call('POST', `/v0/users/${id}/onboarding/finish/`)).status).toBe(200);
}

/**
 * A trainee who finished the onboarding, weighed themselves twice and logged a day, linked to
 * a trainer who set their energy target, sharing what is asked.
 */
async function coachedTrainee(areas: Areas) {
  const trainer = await signedInTrainer(ctx);
  const trainee = await signedInUser(ctx);
  const id = trainee.user.id;
  await linkToTrainer(ctx, id, trainer.user.id, { diary: true, body: true });
  await finishOnboarding(trainee);
  for (const [date, weight_kg] of [
    ['2026-02-20', 80.4],
    ['2026-03-03', 79.6],
  ] as const) {
    const res = await trainee.call('PUT', `/v0/metrics/weights/${date}/`, { weight_kg });
    expect(res.status).toBe(200);
  }
  const logged = await trainee.call('POST', '/v0/diary/entries/', {
    kind: 'quick',
    date: '2026-03-03',
    meal: 'desayuno',
    kcal: 450,
  });
  expect(logged.status).toBe(201);
  const set = await trainerCall(trainer, `/v0/users/${id}/targets/`, 'PUT', { energy_kcal: 2100 });
  expect(set.statusCode, set.body).toBe(200);
  await linkToTrainer(ctx, id, trainer.user.id, areas);
  return { trainer, trainee, id };
}

function trainerCall(
  trainer: Trainer,
  url: string,
  method: 'GET' | 'PUT' = 'GET',
  payload?: object,
) {
  return ctx.app.inject({ method, url, headers: trainer.headers, ...(payload ? { payload } : {}) });
}

/** What one of the trainee's own calls answers. */
async function own(trainee: SignedInUser, url: string) {
  const res = await trainee.call('GET', url);
  expect(res.status, url).toBe(200);
  return res.data;
}

/** What one of the trainer's own calls answers. */
async function trainerOwn(trainer: Trainer, url: string) {
  const res = await trainerCall(trainer, url);
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: unknown }>().data;
}

/** A screen as the trainer reads it (or a refusal, with its status). */
async function trainerScreen(trainer: Trainer, url: string) {
  const res = await trainerCall(trainer, url);
  return { status: res.statusCode, data: res.json<{ data: unknown }>().data };
}

const bodyScreen = async (trainer: Trainer, url: string) => {
  const res = await trainerScreen(trainer, url);
  return { ...res, data: res.data as TraineeBodyScreen };
};

const targetsScreen = async (trainer: Trainer, url: string) => {
  const res = await trainerScreen(trainer, url);
  return { ...res, data: res.data as TraineeTargetsScreen };
};

const messageOf = (data: unknown) => (data as { message: string }).message;

describe('GET /v0/screens/metrics/', () => {
  it('answers the metrics, the expenditure and the targets’ changes as their own calls', async () => {
    const { trainee } = await coachedTrainee({ diary: true, body: true });
    const res = await trainee.call<MetricsScreen>('GET', '/v0/screens/metrics/?months=6');
    expect(res.status).toBe(200);
    const screen = res.data;
    expect(screen.metrics.weights.map((weight) => weight.weight_kg)).toEqual([80.4, 79.6]);
    expect(screen.expenditure).not.toBeNull();
    expect(screen.target_history?.map((change) => change.energy_kcal)).toEqual([2100]);
    expect(screen).toEqual({
      metrics: await own(trainee, '/v0/metrics/?months=6'),
      expenditure: await own(trainee, '/v0/targets/expenditure/'),
      target_history: await own(trainee, '/v0/targets/history/'),
    });
  });

  it('reads the period the metrics’ own call reads when none is asked for', async () => {
    const { trainee } = await coachedTrainee({ diary: true, body: true });
    const res = await trainee.call<MetricsScreen>('GET', '/v0/screens/metrics/');
    expect(res.status).toBe(200);
    expect(res.data.metrics).toEqual(await own(trainee, '/v0/metrics/'));
  });

  it('has no expenditure before there are targets, as its own call refuses it', async () => {
    const trainee = await signedInUser(ctx);
    const res = await trainee.call<MetricsScreen>('GET', '/v0/screens/metrics/?months=1');
    expect(res.status).toBe(200);
    expect(res.data.expenditure).toBeNull();
    expect((await trainee.call('GET', '/v0/targets/expenditure/')).status).toBe(404);
    expect(res.data.target_history).toEqual([]);
    expect(res.data.metrics).toEqual(await own(trainee, '/v0/metrics/?months=1'));
  });

  it('refuses a period that is not one, in Spanish', async () => {
    const trainee = await signedInUser(ctx);
    const res = await trainee.call('GET', '/v0/screens/metrics/?months=2');
    expect(res.status).toBe(400);
    expect(messageOf(res.data)).toMatch(/periodo/i);
  });

  it('asks for a subscription and a session, as the screen’s own calls do', async () => {
    const unsubscribed = await signedInUser(ctx, { subscribed: false });
    expect((await unsubscribed.call('GET', '/v0/screens/metrics/')).status).toBe(402);
    expect((await unsubscribed.call('GET', '/v0/metrics/')).status).toBe(402);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v0/screens/metrics/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /v0/screens/trainer-clients/{id}/body/', () => {
  const url = (id: string, search = '') => `/v0/screens/trainer-clients/${id}/body/${search}`;

  it('answers the file, the metrics and the expenditure as their own calls, in one read', async () => {
    const { trainer, id } = await coachedTrainee({ diary: true, body: true });
    const res = await bodyScreen(trainer, url(id, '?months=3'));
    expect(res.status).toBe(200);
    const screen = res.data;
    expect(screen.metrics?.weights).toHaveLength(2);
    expect(screen.expenditure).not.toBeNull();
    expect(screen).toEqual({
      file: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`),
      metrics: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/metrics/?months=3`),
      expenditure: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/expenditure/`),
    });
  });

  it('reads no expenditure without the diary shared, and holds the metrics to what is', async () => {
    const { trainer, id } = await coachedTrainee({ diary: false, body: true });
    const res = await bodyScreen(trainer, url(id));
    expect(res.status).toBe(200);
    expect(res.data.expenditure).toBeNull();
    expect(res.data.metrics?.weights).toHaveLength(2);
    expect(res.data.metrics).toEqual(
      await trainerOwn(trainer, `/v0/trainers/trainees/${id}/metrics/`),
    );
    const expenditure = await trainerCall(trainer, `/v0/trainers/trainees/${id}/expenditure/`);
    expect(expenditure.statusCode).toBe(404);
  });

  it('reads nothing of a body the trainee does not share', async () => {
    const { trainer, id } = await coachedTrainee({ diary: true, body: false });
    const res = await bodyScreen(trainer, url(id));
    expect(res.status).toBe(200);
    expect(res.data.metrics).toBeNull();
    expect(res.data.expenditure).toBeNull();
    expect(res.data.file.shares.body).toBe(false);
    expect(res.data.file).toEqual(await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`));
    const metrics = await trainerCall(trainer, `/v0/trainers/trainees/${id}/metrics/`);
    expect(metrics.statusCode).toBe(404);
  });

  it('is a 404 for another trainer’s trainee, for a trainee and for no id', async () => {
    const { trainee, id } = await coachedTrainee({ diary: true, body: true });
    const other = await signedInTrainer(ctx);
    expect((await trainerScreen(other, url(id))).status).toBe(404);
    expect((await trainerScreen(other, url('no-es-un-id'))).status).toBe(404);
    expect((await trainee.call('GET', url(id))).status).toBe(404);
  });

  it('refuses a period that is not one, in Spanish', async () => {
    const { trainer, id } = await coachedTrainee({ diary: true, body: true });
    const res = await trainerScreen(trainer, url(id, '?months=24'));
    expect(res.status).toBe(400);
    expect(messageOf(res.data)).toMatch(/periodo/i);
  });
});

describe('GET /v0/screens/trainer-clients/{id}/targets/', () => {
  const url = (id: string) => `/v0/screens/trainer-clients/${id}/targets/`;

  it('answers the file, the targets and the proposals as their own calls, in one read', async () => {
    const { trainer, id } = await coachedTrainee({ diary: true, body: true });
    const res = await targetsScreen(trainer, url(id));
    expect(res.status).toBe(200);
    const screen = res.data;
    expect(screen.targets?.override?.energy_kcal).toBe(2100);
    expect(screen.proposals?.reviewer).toBe('trainer');
    expect(screen).toEqual({
      file: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`),
      targets: await trainerOwn(trainer, `/v0/users/${id}/targets/`),
      proposals: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/proposals/`),
    });
  });

  it('reads no proposals without the body shared, and holds the targets to what is', async () => {
    const { trainer, id } = await coachedTrainee({ diary: true, body: false });
    const res = await targetsScreen(trainer, url(id));
    expect(res.status).toBe(200);
    expect(res.data.proposals).toBeNull();
    expect(res.data.targets?.targets?.energy_kcal).toBe(2100);
    expect(res.data.targets?.targets?.weight_kg).toBeNull();
    expect(res.data.targets).toEqual(await trainerOwn(trainer, `/v0/users/${id}/targets/`));
    const proposals = await trainerCall(trainer, `/v0/trainers/trainees/${id}/proposals/`);
    expect(proposals.statusCode).toBe(404);
  });

  it('reads nothing of the targets when the diary is not shared', async () => {
    const { trainer, id } = await coachedTrainee({ diary: false, body: true });
    const res = await targetsScreen(trainer, url(id));
    expect(res.status).toBe(200);
    expect(res.data.targets).toBeNull();
    expect(res.data.proposals).toBeNull();
    expect(res.data.file).toEqual(await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`));
  });

  it('is a 404 for another trainer’s trainee, for a trainee and for no id', async () => {
    const { trainee, id } = await coachedTrainee({ diary: true, body: true });
    const other = await signedInTrainer(ctx);
    expect((await trainerScreen(other, url(id))).status).toBe(404);
    expect((await trainerScreen(other, url('no-es-un-id'))).status).toBe(404);
    expect((await trainee.call('GET', url(id))).status).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: url(id) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is in the OpenAPI document, with Métricas and Cuerpo', async () => {
    const trainee = await signedInUser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v0/openapi.json',
      headers: auth(trainee.token),
    });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v0/screens/metrics/',
        '/v0/screens/trainer-clients/{id}/body/',
        '/v0/screens/trainer-clients/{id}/targets/',
      ]),
    );
  });
});

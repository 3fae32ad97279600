import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckIn } from '@forja/shared/schemas/check-ins';
import type { Program } from '@forja/shared/schemas/programs';
import type {
  CheckInReviewScreen,
  ProgramBuilderScreen,
  TraineeCheckInsScreen,
} from '@forja/shared/schemas/screens';
import { FULL_CHECK_IN_ANSWERS } from '#test/check-in-answers';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import {
  ALL_AREAS,
  type Areas,
  linkedPair,
  linkToTrainer,
  NO_AREAS,
  signedInTrainer,
} from '#test/trainers';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;

// Sunday 8 March 2026 in Madrid: the default form's due day of the week of 2 March.
const SUNDAY = new Date('2026-03-08T09:00:00.000Z');
const WEEK = '2026-03-02';

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(SUNDAY);
});

type Trainer = Awaited<ReturnType<typeof signedInTrainer>>;
const own = (trainee: SignedInUser) => ({ authorization: `Token ${trainee.token}` });

/** A trainer and an onboarded trainee sharing `areas`, who sent this week's check-in. */
async function pairWithCheckIn(areas: Areas = ALL_AREAS) {
  const { trainer, trainee } = await linkedPair(ctx, {
    areas: { ...areas, check_ins: true },
    onboarded: true,
  });
  const sent = await call<CheckIn>(ctx, own(trainee), 'PUT', `/v0/check-ins/${WEEK}/`, {
    answers: FULL_CHECK_IN_ANSWERS,
    health_data_consent: true,
  });
  expect(sent.status, sent.body).toBe(200);
  // What they share from now on, the check-in sent.
  await linkToTrainer(ctx, trainee.user.id, trainer.user.id, { ...NO_AREAS, ...areas });
  return { trainer, trainee, checkInId: sent.data.id };
}

/** What one of the trainer's own calls answers. */
async function trainerOwn(trainer: Trainer, url: string) {
  const res = await call(ctx, trainer.headers, 'GET', url);
  expect(res.status, url).toBe(200);
  return res.data;
}

describe('GET /v0/screens/check-in-reviews/{id}/', () => {
  const url = (id: string) => `/v0/screens/check-in-reviews/${id}/`;

  it('answers the check-in, the file, the check-ins and the targets as their own calls', async () => {
    const { trainer, trainee, checkInId } = await pairWithCheckIn();
    const id = trainee.user.id;
    const res = await call<CheckInReviewScreen>(ctx, trainer.headers, 'GET', url(checkInId));
    expect(res.status, res.body).toBe(200);
    expect(res.data.review.answers.semana).toBe('Bien, aunque el jueves cené fuera');
    expect(res.data.review.trainee.id).toBe(id);
    expect(res.data.check_ins.map((item) => item.id)).toEqual([checkInId]);
    expect(res.data.targets?.targets?.energy_kcal).toBeGreaterThan(0);
    expect(res.data).toEqual({
      review: await trainerOwn(trainer, `/v0/trainers/check-ins/${checkInId}/`),
      file: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`),
      check_ins: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/check-ins/`),
      targets: await trainerOwn(trainer, `/v0/users/${id}/targets/`),
    });
  });

  it('reads no targets of a trainee who does not share the diary, and withholds as its parts', async () => {
    const { trainer, trainee, checkInId } = await pairWithCheckIn({ check_ins: true });
    const id = trainee.user.id;
    const res = await call<CheckInReviewScreen>(ctx, trainer.headers, 'GET', url(checkInId));
    expect(res.status, res.body).toBe(200);
    expect(res.data.targets).toBeNull();
    expect(res.data.file.shares.diary).toBe(false);
    expect(res.data.review.figures.energy).toBeNull();
    expect(res.data.review.figures.weight).toBeNull();
    expect(res.data).toEqual({
      review: await trainerOwn(trainer, `/v0/trainers/check-ins/${checkInId}/`),
      file: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`),
      check_ins: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/check-ins/`),
      targets: null,
    });
    const targets = await call(ctx, trainer.headers, 'GET', `/v0/users/${id}/targets/`);
    expect(targets.status).toBe(404);
  });

  it('is the check-in’s own 404 to another trainer, a trainee, and once check-ins are not shared', async () => {
    const { trainer, trainee, checkInId } = await pairWithCheckIn();
    const ownCall = await call(ctx, trainer.headers, 'GET', `/v0/trainers/check-ins/not-an-id/`);
    const other = await signedInTrainer(ctx);
    for (const [headers, id] of [
      [other.headers, checkInId],
      [trainer.headers, 'not-an-id'],
      [own(trainee), checkInId],
    ] as const) {
      const res = await call(ctx, headers, 'GET', url(id));
      expect(res.status).toBe(404);
    }
    expect((await call(ctx, trainer.headers, 'GET', url('not-an-id'))).data).toEqual(ownCall.data);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, { ...ALL_AREAS, check_ins: false });
    expect((await call(ctx, trainer.headers, 'GET', url(checkInId))).status).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: url(checkInId) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an id longer than its own call takes, in Spanish, as that call', async () => {
    const trainer = await signedInTrainer(ctx);
    const long = 'a'.repeat(65);
    const res = await call(ctx, trainer.headers, 'GET', url(long));
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(/demasiado grande|caracteres/i);
    const ownCall = await call(ctx, trainer.headers, 'GET', `/v0/trainers/check-ins/${long}/`);
    expect(res.data).toEqual(ownCall.data);
  });
});

describe('GET /v0/screens/trainer-clients/{id}/check-ins/', () => {
  const url = (id: string) => `/v0/screens/trainer-clients/${id}/check-ins/`;

  it('answers the file, the check-ins and the form as their own calls, in one read', async () => {
    const { trainer, trainee, checkInId } = await pairWithCheckIn();
    const id = trainee.user.id;
    const res = await call<TraineeCheckInsScreen>(ctx, trainer.headers, 'GET', url(id));
    expect(res.status, res.body).toBe(200);
    expect(res.data.check_ins?.map((item) => item.id)).toEqual([checkInId]);
    expect(res.data.form?.source).toBeDefined();
    expect(res.data).toEqual({
      file: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`),
      check_ins: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/check-ins/`),
      form: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/check-in-form/`),
    });
  });

  it('holds the check-ins’ figures to what is shared now, as their own call', async () => {
    const { trainer, trainee } = await pairWithCheckIn({ check_ins: true, training: true });
    const id = trainee.user.id;
    const res = await call<TraineeCheckInsScreen>(ctx, trainer.headers, 'GET', url(id));
    expect(res.status, res.body).toBe(200);
    const [item] = res.data.check_ins ?? [];
    expect(item?.figures.energy).toBeNull();
    expect(item?.figures.weight).toBeNull();
    expect(res.data.check_ins).toEqual(
      await trainerOwn(trainer, `/v0/trainers/trainees/${id}/check-ins/`),
    );
  });

  it('reads nothing of the check-ins nor the form when the trainee does not share them', async () => {
    const { trainer, trainee } = await pairWithCheckIn({ ...ALL_AREAS, check_ins: false });
    const id = trainee.user.id;
    const res = await call<TraineeCheckInsScreen>(ctx, trainer.headers, 'GET', url(id));
    expect(res.status, res.body).toBe(200);
    expect(res.data).toEqual({
      file: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`),
      check_ins: null,
      form: null,
    });
    expect(res.data.file.shares.check_ins).toBe(false);
    const list = await call(ctx, trainer.headers, 'GET', `/v0/trainers/trainees/${id}/check-ins/`);
    expect(list.status).toBe(404);
  });

  it('is a 404 for another trainer’s trainee, for a trainee and without an id', async () => {
    const { trainee } = await pairWithCheckIn();
    const other = await signedInTrainer(ctx);
    expect((await call(ctx, other.headers, 'GET', url(trainee.user.id))).status).toBe(404);
    expect((await call(ctx, other.headers, 'GET', url('no-es-un-id'))).status).toBe(404);
    expect((await call(ctx, own(trainee), 'GET', url(trainee.user.id))).status).toBe(404);
  });

  it('refuses an id longer than its own call takes, in Spanish, as that call', async () => {
    const trainer = await signedInTrainer(ctx);
    const long = 'a'.repeat(65);
    const res = await call(ctx, trainer.headers, 'GET', url(long));
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(/demasiado grande|caracteres/i);
    const ownCall = await call(ctx, trainer.headers, 'GET', `/v0/trainers/trainees/${long}/`);
    expect(res.data).toEqual(ownCall.data);
  });
});

describe('GET /v0/screens/program-builder/{id}/', () => {
  const url = (id: string) => `/v0/screens/program-builder/${id}/`;

  async function trainerWithProgram() {
    const trainer = await signedInTrainer(ctx);
    const created = await call<Program>(ctx, trainer.headers, 'POST', '/v0/trainers/programs/', {
      name: 'Fuerza',
    });
    expect(created.status, created.body).toBe(201);
    return { trainer, programId: created.data.id };
  }

  it('answers the program, the exercises and the first trainees as their own calls', async () => {
    const { trainer, programId } = await trainerWithProgram();
    const shares = await signedInUser(ctx);
    const keeps = await signedInUser(ctx);
    await linkToTrainer(ctx, shares.user.id, trainer.user.id, ALL_AREAS);
    await linkToTrainer(ctx, keeps.user.id, trainer.user.id, NO_AREAS);
    const res = await call<ProgramBuilderScreen>(ctx, trainer.headers, 'GET', url(programId));
    expect(res.status, res.body).toBe(200);
    expect(res.data.program.name).toBe('Fuerza');
    expect(res.data.trainees.total).toBe(2);
    const kept = res.data.trainees.items.find((item) => item.id === keeps.user.id);
    expect(kept?.shares).toEqual(NO_AREAS);
    expect(kept?.last_7_days.sessions_done).toBeNull();
    expect(res.data).toEqual({
      program: await trainerOwn(trainer, `/v0/trainers/programs/${programId}/`),
      exercises: await trainerOwn(trainer, '/v0/trainers/exercises/'),
      trainees: await trainerOwn(trainer, '/v0/trainers/trainees/?q=&limit=50'),
    });
  });

  it('is the program’s own 404 to another trainer, a trainee, and for an id that is none', async () => {
    const { trainer, programId } = await trainerWithProgram();
    const other = await signedInTrainer(ctx);
    const trainee = await signedInUser(ctx);
    const ownCall = await call(ctx, other.headers, 'GET', `/v0/trainers/programs/${programId}/`);
    expect(ownCall.status).toBe(404);
    const res = await call(ctx, other.headers, 'GET', url(programId));
    expect(res.status).toBe(404);
    expect(res.data).toEqual(ownCall.data);
    expect((await call(ctx, trainer.headers, 'GET', url('no-es-un-id'))).status).toBe(404);
    expect((await call(ctx, own(trainee), 'GET', url(programId))).status).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: url(programId) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is in the OpenAPI document, beside the other screens', async () => {
    const trainer = await signedInTrainer(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v0/openapi.json',
      headers: trainer.headers,
    });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v0/screens/check-in-reviews/{id}/',
        '/v0/screens/trainer-clients/{id}/check-ins/',
        '/v0/screens/program-builder/{id}/',
      ]),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { DiaryScreen, HomeScreen } from '@forja/shared/schemas/screens';
import { auth } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/context';
import { linkToTrainer, signedInTrainer } from '../../../test/trainers';
import { signedInUser, type SignedInUser } from '../../../test/subscribed';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-04T12:00:00.000Z'));
});

afterAll(async () => {
  await ctx.close();
});

const DAY = '2026-03-04';

/** A trainee who finished the onboarding, linked to a trainer sharing what is asked. */
async function coachedTrainee(shared: { diary: boolean; check_ins: boolean }) {
  const trainer = await signedInTrainer(ctx);
  const trainee = await signedInUser(ctx);
  const id = trainee.user.id;
  await linkToTrainer(ctx, id, trainer.user.id, { ...shared, training: true, body: true });
  for (const step of Object.keys(answers) as (keyof typeof answers)[]) {
    const res = await trainee.call('PUT', `/v0/users/${id}/onboarding/${step}/`, answers[step]);
    expect(res.status, step).toBe(200);
  }
  expect((await trainee.call('POST', `/v0/users/${id}/onboarding/finish/`)).status).toBe(200);
  return { trainer, trainee };
}

async function logBreakfast(trainee: SignedInUser, date: string, kcal: number) {
  const res = await trainee.call('POST', '/v0/diary/entries/', {
    kind: 'quick',
    date,
    meal: 'desayuno',
    kcal,
  });
  expect(res.status).toBe(201);
}

async function commentOn(trainer: { headers: Record<string, string> }, traineeId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v0/trainers/trainees/${traineeId}/comments/?date=${DAY}`,
    headers: trainer.headers,
    payload: { target: 'day', body: 'Buen desayuno' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** What one of the part's own calls answers. */
async function own(trainee: SignedInUser, url: string) {
  const res = await trainee.call('GET', url);
  expect(res.status, url).toBe(200);
  return res.data;
}

describe('GET /v0/screens/home/', () => {
  it('answers each part as its own call does, in one read', async () => {
    const { trainer, trainee } = await coachedTrainee({ diary: true, check_ins: true });
    await logBreakfast(trainee, DAY, 420);
    await commentOn(trainer, trainee.user.id);
    const res = await trainee.call<HomeScreen>('GET', '/v0/screens/home/');
    expect(res.status).toBe(200);
    const screen = res.data;
    expect(screen.today.intake.energy_kcal).toBe(420);
    expect(screen.unread_comments.count).toBe(1);
    expect(screen.check_in).not.toBeNull();
    expect(screen.targets).not.toBeNull();
    expect(screen.onboarding.finished_at).not.toBeNull();
    expect(screen).toEqual({
      today: await own(trainee, '/v0/today/'),
      onboarding: await own(trainee, `/v0/users/${trainee.user.id}/onboarding/`),
      targets: await own(trainee, '/v0/targets/'),
      proposals: await own(trainee, '/v0/targets/proposals/'),
      unread_comments: await own(trainee, '/v0/comments/unread/'),
      check_in: await own(trainee, '/v0/check-ins/current/'),
      training_plan: await own(trainee, `/v0/training/plan/?date=${DAY}`),
    });
  });

  it('leaves out the check-in its trainer is not shared, as its own call does', async () => {
    const { trainee } = await coachedTrainee({ diary: true, check_ins: false });
    const res = await trainee.call<HomeScreen>('GET', '/v0/screens/home/');
    expect(res.status).toBe(200);
    expect(res.data.check_in).toBeNull();
    expect(await own(trainee, '/v0/check-ins/current/')).toBeNull();
  });

  it('has no targets nor proposal before the onboarding is finished', async () => {
    const trainee = await signedInUser(ctx);
    const res = await trainee.call<HomeScreen>('GET', '/v0/screens/home/');
    expect(res.status).toBe(200);
    expect(res.data.onboarding.finished_at).toBeNull();
    expect(res.data.targets).toBeNull();
    expect(res.data.proposals).toBeNull();
    expect(res.data.check_in).toBeNull();
    expect(res.data.unread_comments).toEqual({ count: 0, latest: [] });
  });

  it('asks for a subscription and a session, as the screen’s own calls do', async () => {
    const unsubscribed = await signedInUser(ctx, { subscribed: false });
    expect((await unsubscribed.call('GET', '/v0/screens/home/')).status).toBe(402);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v0/screens/home/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /v0/screens/diary/{date}/', () => {
  it('answers the day, the day before, its comments and its session as their own calls', async () => {
    const { trainer, trainee } = await coachedTrainee({ diary: true, check_ins: true });
    await logBreakfast(trainee, DAY, 300);
    await logBreakfast(trainee, '2026-03-03', 510);
    await commentOn(trainer, trainee.user.id);
    const res = await trainee.call<DiaryScreen>('GET', `/v0/screens/diary/${DAY}/`);
    expect(res.status).toBe(200);
    const screen = res.data;
    expect(screen.day.totals.kcal).toBe(300);
    expect(screen.previous_day.totals.kcal).toBe(510);
    expect(screen.comments).toHaveLength(1);
    // Read as with the day's own call: the trainer's comment is now read.
    expect(screen.comments[0]?.read_at).not.toBeNull();
    expect(screen).toEqual({
      date: DAY,
      day: await own(trainee, `/v0/diary/days/${DAY}/`),
      previous_day: await own(trainee, '/v0/diary/days/2026-03-03/'),
      comments: await own(trainee, `/v0/diary/days/${DAY}/comments/`),
      training_plan: await own(trainee, `/v0/training/plan/?date=${DAY}`),
    });
    const unread = await trainee.call<{ count: number }>('GET', '/v0/comments/unread/');
    expect(unread.data.count).toBe(0);
  });

  it('shows only the caller’s own day', async () => {
    const { trainee: other } = await coachedTrainee({ diary: true, check_ins: true });
    await logBreakfast(other, DAY, 800);
    const trainee = await signedInUser(ctx);
    const res = await trainee.call<DiaryScreen>('GET', `/v0/screens/diary/${DAY}/`);
    expect(res.status).toBe(200);
    expect(res.data.day.totals.kcal).toBe(0);
    expect(res.data.day.meals.flatMap((meal) => meal.entries)).toEqual([]);
    expect(res.data.comments).toEqual([]);
  });

  it('refuses a date that is not one, in Spanish', async () => {
    const trainee = await signedInUser(ctx);
    const res = await trainee.call<{ message: string }>('GET', '/v0/screens/diary/2026-02-30/');
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(/fecha/i);
  });

  it('is in the OpenAPI document', async () => {
    const trainee = await signedInUser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v0/openapi.json',
      headers: auth(trainee.token),
    });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/v0/screens/home/', '/v0/screens/diary/{date}/']),
    );
  });
});

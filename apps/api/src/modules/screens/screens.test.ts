import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type {
  DiaryScreen,
  HomeScreen,
  TraineeDiaryScreen,
  TrainerClientsScreen,
} from '@forja/shared/schemas/screens';
import { auth } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';
import { signedInUser, type SignedInUser } from '#test/subscribed';

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

/** What one of the trainer's own calls answers. */
async function trainerOwn(trainer: { headers: Record<string, string> }, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: trainer.headers });
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: unknown }>().data;
}

async function trainerScreen(trainer: { headers: Record<string, string> }, search = '') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: search.startsWith('/v0/') ? search : `/v0/screens/trainer-clients/${search}`,
    headers: trainer.headers,
  });
  return {
    status: res.statusCode,
    body: res.json<{ data: TrainerClientsScreen }>(),
  };
}

/** The Spanish message of a refusal. */
const messageOf = (res: { body: { data: unknown } }) =>
  (res.body.data as { message: string }).message;

describe('GET /v0/screens/trainer-clients/', () => {
  /** A trainer with a coached trainee sharing everything, who wrote them two messages. */
  async function trainerWithClients() {
    const { trainer, trainee } = await coachedTrainee({ diary: true, check_ins: true });
    await logBreakfast(trainee, DAY, 450);
    for (const body of ['Hola', '¿Qué tal?']) {
      expect((await trainee.call('POST', '/v0/messages/', { body })).status).toBe(201);
    }
    return { trainer, trainee };
  }

  it('answers the roster and the unread messages as their own calls, in one read', async () => {
    const { trainer, trainee } = await trainerWithClients();
    const res = await trainerScreen(trainer);
    expect(res.status).toBe(200);
    const screen = res.body.data;
    expect(screen.roster.items.map((item) => item.id)).toEqual([trainee.user.id]);
    expect(screen.roster.items[0]?.last_7_days.days_logged).toBe(1);
    expect(screen.unread_messages.count).toBe(2);
    expect(screen).toEqual({
      roster: await trainerOwn(trainer, '/v0/trainers/trainees/'),
      unread_messages: await trainerOwn(trainer, '/v0/trainers/messages/unread/'),
    });
  });

  it('honours the roster’s search, order and page as its own call does', async () => {
    const trainer = await signedInTrainer(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const trainee = await signedInUser(ctx);
      await linkToTrainer(ctx, trainee.user.id, trainer.user.id);
      ids.push(trainee.user.id);
    }
    const search = '?sort=last_activity&order=desc&limit=2&offset=1';
    const res = await trainerScreen(trainer, search);
    expect(res.status).toBe(200);
    expect(res.body.data.roster.total).toBe(3);
    expect(res.body.data.roster.items).toHaveLength(2);
    expect(res.body.data.roster).toEqual(
      await trainerOwn(trainer, `/v0/trainers/trainees/${search}`),
    );
    const none = await trainerScreen(trainer, '?q=nadie-se-llama-asi');
    expect(none.body.data.roster).toMatchObject({ items: [], total: 0 });
  });

  it('shows a client who shares nothing by name only, as the roster’s own call', async () => {
    const trainer = await signedInTrainer(ctx);
    const trainee = await signedInUser(ctx);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, NO_AREAS);
    await logBreakfast(trainee, DAY, 600);
    const res = await trainerScreen(trainer);
    expect(res.status).toBe(200);
    const [item] = res.body.data.roster.items;
    expect(item?.id).toBe(trainee.user.id);
    expect(item?.shares).toEqual(NO_AREAS);
    for (const figures of [item?.last_7_days, item?.last_30_days]) {
      expect(figures).toEqual({
        days_logged: null,
        adherence_percent: null,
        sessions_done: null,
        sessions_planned: null,
        weigh_ins: null,
      });
    }
    expect(item?.last_activity).toBeNull();
    expect(item?.weekly_rate_kg).toBeNull();
    expect(res.body.data.roster).toEqual(await trainerOwn(trainer, '/v0/trainers/trainees/'));
  });

  it('shows only the trainer’s own clients and messages', async () => {
    await trainerWithClients();
    const trainer = await signedInTrainer(ctx);
    const res = await trainerScreen(trainer);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      roster: { items: [], total: 0, tags: [] },
      unread_messages: { count: 0, trainees: [] },
    });
  });

  it('is a 404 to a trainee and a 401 without a session, as its parts', async () => {
    const trainee = await signedInUser(ctx);
    expect((await trainee.call('GET', '/v0/screens/trainer-clients/')).status).toBe(404);
    expect((await trainee.call('GET', '/v0/trainers/trainees/')).status).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v0/screens/trainer-clients/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the roster’s bounds, in Spanish', async () => {
    const trainer = await signedInTrainer(ctx);
    const tooMany = await trainerScreen(trainer, '?limit=201');
    expect(tooMany.status).toBe(400);
    expect(messageOf(tooMany)).toMatch(/tamaño de página/i);
    const tooLong = await trainerScreen(trainer, `?q=${'a'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(messageOf(tooLong)).toMatch(/búsqueda/i);
    const unknown = await trainerScreen(trainer, '?sort=peso');
    expect(unknown.status).toBe(400);
    expect(messageOf(unknown)).toMatch(/orden/i);
  });

  it('is in the OpenAPI document', async () => {
    const trainer = await signedInTrainer(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v0/openapi.json',
      headers: trainer.headers,
    });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain('/v0/screens/trainer-clients/');
  });
});

describe('GET /v0/screens/trainer-clients/{id}/diary/', () => {
  const url = (id: string, search = '') => `/v0/screens/trainer-clients/${id}/diary/${search}`;

  it('answers the file, the day and its comments as their own calls, in one read', async () => {
    const { trainer, trainee } = await coachedTrainee({ diary: true, check_ins: true });
    const id = trainee.user.id;
    await logBreakfast(trainee, DAY, 380);
    const written = await trainee.call('POST', `/v0/diary/days/${DAY}/comments/`, {
      target: 'day',
      body: '¿Voy bien?',
    });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const res = await trainerScreen(trainer, url(id));
    expect(res.status).toBe(200);
    const screen = res.body.data as unknown as TraineeDiaryScreen;
    expect(screen.date).toBe(DAY);
    expect(screen.day?.totals.kcal).toBe(380);
    expect(screen.comments).toHaveLength(1);
    // Read as with their own call: the trainee's comment is now read.
    expect(screen.comments?.[0]?.read_at).not.toBeNull();
    expect(screen).toEqual({
      file: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`),
      date: DAY,
      day: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/diary/days/${DAY}/`),
      comments: await trainerOwn(trainer, `/v0/trainers/trainees/${id}/comments/?date=${DAY}`),
    });
  });

  it('reads the day asked for', async () => {
    const { trainer, trainee } = await coachedTrainee({ diary: true, check_ins: true });
    await logBreakfast(trainee, '2026-03-01', 700);
    const res = await trainerScreen(trainer, url(trainee.user.id, '?date=2026-03-01'));
    expect(res.status).toBe(200);
    const screen = res.body.data as unknown as TraineeDiaryScreen;
    expect(screen.date).toBe('2026-03-01');
    expect(screen.day?.totals.kcal).toBe(700);
  });

  it('reads nothing of a diary the trainee does not share, and withholds the file as its own call', async () => {
    const { trainer, trainee } = await coachedTrainee({ diary: false, check_ins: false });
    const id = trainee.user.id;
    await logBreakfast(trainee, DAY, 900);
    const res = await trainerScreen(trainer, url(id));
    expect(res.status).toBe(200);
    const screen = res.body.data as unknown as TraineeDiaryScreen;
    expect(screen.day).toBeNull();
    expect(screen.comments).toBeNull();
    expect(screen.file.shares.diary).toBe(false);
    expect(screen.file.last_7_days.days_logged).toBeNull();
    expect(screen.file).toEqual(await trainerOwn(trainer, `/v0/trainers/trainees/${id}/`));
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/v0/trainers/trainees/${id}/diary/days/${DAY}/`,
      headers: trainer.headers,
    });
    expect(own.statusCode).toBe(404);
  });

  it('is a 404 for another trainer’s trainee, for a trainee and without an id', async () => {
    const { trainee } = await coachedTrainee({ diary: true, check_ins: true });
    const other = await signedInTrainer(ctx);
    expect((await trainerScreen(other, url(trainee.user.id))).status).toBe(404);
    expect((await trainerScreen(other, url('no-es-un-id'))).status).toBe(404);
    expect((await trainee.call('GET', url(trainee.user.id))).status).toBe(404);
  });

  it('refuses a date that is not one, in Spanish', async () => {
    const { trainer, trainee } = await coachedTrainee({ diary: true, check_ins: true });
    const res = await trainerScreen(trainer, url(trainee.user.id, '?date=2026-02-30'));
    expect(res.status).toBe(400);
    expect(messageOf(res)).toMatch(/fecha/i);
  });
});

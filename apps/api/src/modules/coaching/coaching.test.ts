import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@forja/shared/calendar';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { QueueItem, Roster, RosterItem } from '@forja/shared/schemas/trainer-workspace';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { trainerLinks } from '#db/schema/coaching';
import { diaryEntries, workouts } from '#db/schema/diary';
import { weightEntries } from '#db/schema/metrics';
import { onboardingAnswers } from '#db/schema/onboarding';
import { queueItemStates, traineeTags } from '#db/schema/trainer-workspace';

let ctx: TestContext;
const DAY_MS = 86_400_000;
// The test clock's 2 March 2026 at 10:00 in Madrid, a Monday.
const TODAY = '2026-03-02';

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
});

type Areas = { diary: boolean; training: boolean; body: boolean; check_ins: boolean };
const ALL: Areas = { diary: true, training: true, body: true, check_ins: true };
const NONE: Areas = { diary: false, training: false, body: false, check_ins: false };

async function signedIn(userId: string) {
  return auth((await signIn(ctx, userId)).access_token);
}

async function newTrainer() {
  const trainer = await createUser(ctx, {
    role: 'trainer',
    first_name: 'Pablo',
    last_name: 'Ortiz',
  });
  return { trainer, headers: await signedIn(trainer.id) };
}

/** A trainee linked to the trainer as the link does it: their trainer_id and a link row. */
async function linkedTrainee(
  trainerId: string,
  options: { names?: [string, string]; shares?: Areas; onboarded?: boolean } = {},
) {
  const [first_name, last_name] = options.names ?? ['Lucía', 'Fernández'];
  const trainee = await createUser(ctx, { trainer_id: trainerId, first_name, last_name });
  await ctx.database.db.insert(trainerLinks).values({
    trainee_id: trainee.id,
    trainer_id: trainerId,
    ...(options.shares ?? ALL),
    created_at: new Date(ctx.clock.now().getTime() - 20 * DAY_MS),
  });
  if (options.onboarded ?? true) {
    await ctx.database.db.insert(onboardingAnswers).values({
      user_id: trainee.id,
      ...answers,
      finished_at: ctx.clock.now(),
    });
  }
  return trainee;
}

async function share(traineeId: string, shares: Areas) {
  await ctx.database.db
    .update(trainerLinks)
    .set(shares)
    .where(eq(trainerLinks.trainee_id, traineeId));
}

async function logFood(userId: string, date: string, kcal: number) {
  await ctx.database.db.insert(diaryEntries).values({
    user_id: userId,
    date,
    meal: 'comida',
    kind: 'quick',
    name: 'Comida',
    quantity: 1,
    unit: 'ración',
    kcal,
    protein_g: 0,
    carbohydrate_g: 0,
    fat_g: 0,
    fibre_g: 0,
    created_at: ctx.clock.now(),
  });
}

async function weigh(userId: string, date: string, weightKg: number) {
  await ctx.database.db
    .insert(weightEntries)
    .values({ user_id: userId, date, weight_kg: weightKg, updated_at: ctx.clock.now() });
}

async function train(userId: string, date: string) {
  await ctx.database.db
    .insert(workouts)
    .values({ user_id: userId, date, created_at: ctx.clock.now() });
}

async function roster(headers: Record<string, string>, query = ''): Promise<Roster> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v0/trainers/trainees/${query}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Roster }>().data;
}

async function queue(headers: Record<string, string>): Promise<QueueItem[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/v0/trainers/queue/', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: QueueItem[] }>().data;
}

function itemOf(list: Roster, id: string): RosterItem {
  const item = list.items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`${id} not in the roster`);
  return item;
}

describe('GET /v0/trainers/trainees/', () => {
  it("lists the trainer's linked trainees with their 7- and 30-day figures", async () => {
    const { trainer, headers } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id);
    // Target 2125 kcal: today within, yesterday out, 10 days ago within.
    await logFood(trainee.id, TODAY, 2200);
    await logFood(trainee.id, addDays(TODAY, -1), 3000);
    await logFood(trainee.id, addDays(TODAY, -10), 2000);
    await train(trainee.id, addDays(TODAY, -2));
    await train(trainee.id, addDays(TODAY, -2));
    await train(trainee.id, addDays(TODAY, -8));
    for (let day = 0; day < 15; day++)
      await weigh(trainee.id, addDays(TODAY, -day), 80 + day * 0.1);
    // Future days are not yet lived: they do not count.
    await logFood(trainee.id, addDays(TODAY, 1), 2200);

    const list = await roster(headers);
    expect(list.total).toBe(1);
    expect(itemOf(list, trainee.id)).toMatchObject({
      first_name: 'Lucía',
      last_name: 'Fernández',
      tags: [],
      shares: ALL,
      last_activity: TODAY,
      last_7_days: {
        days_logged: 2,
        adherence_percent: 50,
        sessions_done: 1,
        sessions_planned: 4,
        weigh_ins: 7,
      },
      last_30_days: {
        days_logged: 3,
        adherence_percent: 67,
        sessions_done: 2,
        sessions_planned: 17,
        weigh_ins: 15,
      },
      trend: 'down',
    });
    expect(itemOf(list, trainee.id).weekly_rate_kg).toBeLessThan(-0.1);
  });

  it("leaves out other trainers' trainees and trainees whose link names another trainer", async () => {
    const { trainer, headers } = await newTrainer();
    const other = await newTrainer();
    const mine = await linkedTrainee(trainer.id);
    await linkedTrainee(other.trainer.id);
    // trainer_id says this trainer, the link row another: not theirs.
    const halfLinked = await createUser(ctx, { trainer_id: trainer.id });
    await ctx.database.db
      .insert(trainerLinks)
      .values({ trainee_id: halfLinked.id, trainer_id: other.trainer.id, ...ALL });
    const list = await roster(headers);
    expect(list.items.map((item) => item.id)).toEqual([mine.id]);
  });

  it('hides each figure whose area the trainee does not share, at once when consent changes', async () => {
    const { trainer, headers } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id, { shares: NONE });
    await logFood(trainee.id, TODAY, 2200);
    await train(trainee.id, TODAY);
    await weigh(trainee.id, TODAY, 80);
    const hidden = itemOf(await roster(headers), trainee.id);
    const nothing = {
      days_logged: null,
      adherence_percent: null,
      sessions_done: null,
      sessions_planned: null,
      weigh_ins: null,
    };
    expect(hidden).toMatchObject({
      last_activity: null,
      last_7_days: nothing,
      last_30_days: nothing,
      trend: null,
      weekly_rate_kg: null,
    });

    await share(trainee.id, { ...NONE, diary: true });
    expect(itemOf(await roster(headers), trainee.id).last_7_days).toEqual({
      ...nothing,
      days_logged: 1,
      adherence_percent: 100,
    });
    await share(trainee.id, { ...NONE, training: true });
    expect(itemOf(await roster(headers), trainee.id).last_7_days).toEqual({
      ...nothing,
      sessions_done: 1,
      sessions_planned: 4,
    });
    await share(trainee.id, { ...NONE, body: true });
    const body = itemOf(await roster(headers), trainee.id);
    expect(body.last_7_days).toEqual({ ...nothing, weigh_ins: 1 });
    expect(body).toMatchObject({ last_activity: TODAY, trend: null });
  });

  it('searches names without regard to case or accents, filters by tag, sorts and pages', async () => {
    const { trainer, headers } = await newTrainer();
    const angela = await linkedTrainee(trainer.id, { names: ['Ángela', 'Núñez'] });
    const bea = await linkedTrainee(trainer.id, { names: ['Beatriz', 'Alonso'] });
    const carla = await linkedTrainee(trainer.id, { names: ['Carla', 'Muñoz'] });
    await logFood(bea.id, TODAY, 2200);
    await logFood(carla.id, TODAY, 3000);

    expect((await roster(headers, '?q=ANGELA%20nun')).items.map((i) => i.id)).toEqual([angela.id]);
    expect((await roster(headers)).items.map((i) => i.id)).toEqual([bea.id, carla.id, angela.id]);
    expect((await roster(headers, '?sort=adherence_7d&order=asc')).items.map((i) => i.id)).toEqual([
      carla.id,
      bea.id,
      angela.id,
    ]);
    const page = await roster(headers, '?limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, items: [{ id: carla.id }] });

    await ctx.app.inject({
      method: 'PUT',
      url: `/v0/trainers/trainees/${carla.id}/tags/`,
      headers,
      payload: { tags: ['Online'] },
    });
    await ctx.app.inject({
      method: 'PUT',
      url: `/v0/trainers/trainees/${angela.id}/tags/`,
      headers,
      payload: { tags: ['online', 'Lesión'] },
    });
    const online = await roster(headers, '?tag=online&limit=1');
    expect(online.items.map((i) => i.id)).toEqual([carla.id]);
    // The filter offers every tag, not only those of the trainees on the page.
    expect(online.tags).toEqual(['Lesión', 'online']);
    expect((await roster(headers, '?q=bea')).tags).toEqual(['Lesión', 'online']);
  });

  it('refuses a page over 200 and an unknown sort with 400', async () => {
    const { headers } = await newTrainer();
    for (const query of ['?limit=201', '?limit=0', '?sort=email', '?order=up']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v0/trainers/trainees/${query}`,
        headers,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('answers 404 to trainees and admins and 401 without a session, with no subscription asked', async () => {
    const { trainer } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id);
    const admin = await createUser(ctx, { role: 'admin' });
    for (const headers of [await signedIn(trainee.id), await signedIn(admin.id)]) {
      for (const url of ['/v0/trainers/trainees/', '/v0/trainers/queue/']) {
        expect((await ctx.app.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
      }
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v0/trainers/trainees/' })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /v0/trainers/trainees/{id}/tags/', () => {
  it("replaces the trainer's tags of a trainee, once each, trimmed", async () => {
    const { trainer, headers } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id);
    const url = `/v0/trainers/trainees/${trainee.id}/tags/`;
    const res = await ctx.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { tags: [' Rodilla ', 'rodilla', 'Presencial'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: { tags: ['Rodilla', 'Presencial'] } });
    expect(itemOf(await roster(headers), trainee.id).tags).toEqual(['Rodilla', 'Presencial']);
    await ctx.app.inject({ method: 'PUT', url, headers, payload: { tags: [] } });
    expect(itemOf(await roster(headers), trainee.id).tags).toEqual([]);
  });

  it('forgets the tags and the put-away queue items when the link ends', async () => {
    const { trainer, headers } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id, { onboarded: false });
    await ctx.app.inject({
      method: 'PUT',
      url: `/v0/trainers/trainees/${trainee.id}/tags/`,
      headers,
      payload: { tags: ['Rodilla'] },
    });
    const snoozed = await ctx.app.inject({
      method: 'POST',
      url: `/v0/trainers/queue/${trainee.id}:onboarding_unfinished/snooze/`,
      headers,
      payload: { days: 3 },
    });
    expect(snoozed.statusCode).toBe(200);
    const kept = async () => [
      ...(await ctx.database.db
        .select()
        .from(traineeTags)
        .where(eq(traineeTags.trainee_id, trainee.id))),
      ...(await ctx.database.db
        .select()
        .from(queueItemStates)
        .where(eq(queueItemStates.trainee_id, trainee.id))),
    ];
    expect(await kept()).toHaveLength(2);

    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/v0/users/${trainee.id}/trainer/`,
      headers,
    });
    expect(ended.statusCode).toBe(204);
    expect(await kept()).toEqual([]);
  });

  it('refuses more than 10 tags, a tag over 30 characters and an empty one', async () => {
    const { trainer, headers } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id);
    const url = `/v0/trainers/trainees/${trainee.id}/tags/`;
    const eleven = Array.from({ length: 11 }, (_, index) => `etiqueta ${index}`);
    for (const tags of [eleven, ['x'.repeat(31)], ['  ']]) {
      const res = await ctx.app.inject({ method: 'PUT', url, headers, payload: { tags } });
      expect(res.statusCode).toBe(400);
    }
    const ten = eleven.slice(0, 10);
    const thirty = ['x'.repeat(30)];
    for (const tags of [ten, thirty]) {
      expect(
        (await ctx.app.inject({ method: 'PUT', url, headers, payload: { tags } })).statusCode,
      ).toBe(200);
    }
  });

  it("answers 404 for another trainer's trainee, an unknown id and a trainee caller", async () => {
    const { headers } = await newTrainer();
    const other = await newTrainer();
    const theirs = await linkedTrainee(other.trainer.id);
    for (const id of [theirs.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/v0/trainers/trainees/${id}/tags/`,
        headers,
        payload: { tags: ['a'] },
      });
      expect(res.statusCode).toBe(404);
    }
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/trainers/trainees/${theirs.id}/tags/`,
      headers: await signedIn(theirs.id),
      payload: { tags: ['a'] },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /v0/trainers/queue/', () => {
  it('ranks what needs the trainer, each rule bounded by what the trainee shares', async () => {
    const { trainer, headers } = await newTrainer();
    // Linked 20 days ago, nothing logged since: no food, no weighing, and not onboarded.
    const silent = await linkedTrainee(trainer.id, { names: ['Ana', 'Gil'], onboarded: false });
    const items = await queue(headers);
    expect(items.map((item) => [item.id, item.severity, item.since])).toEqual([
      [`${silent.id}:no_food_logged`, 'high', '2026-02-10'],
      [`${silent.id}:onboarding_unfinished`, 'medium', '2026-02-10'],
      [`${silent.id}:no_weigh_in`, 'low', '2026-02-10'],
    ]);
    expect(items[0]).toMatchObject({
      trainee: { id: silent.id, first_name: 'Ana', last_name: 'Gil' },
      rule: 'no_food_logged',
      detail: 'No ha registrado ninguna comida desde que empezó contigo, hace 20 días',
    });

    await share(silent.id, { ...ALL, diary: false, body: false });
    expect((await queue(headers)).map((item) => item.rule)).toEqual(['onboarding_unfinished']);
  });

  it('shows low adherence, missed sessions and a weight trend away from the goal', async () => {
    const { trainer } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id);
    ctx.clock.set(new Date('2026-03-07T09:00:00.000Z')); // Saturday
    const headers = await signedIn(trainer.id);
    const today = '2026-03-07';
    for (let day = 1; day <= 7; day++)
      await logFood(trainee.id, addDays(today, -day), day <= 3 ? 3000 : 2125);
    for (let day = 0; day <= 40; day++)
      await weigh(trainee.id, addDays(today, -day), 85 - day * 0.05);
    const rules = (await queue(headers)).map((item) => item.rule);
    // Both medium: missed sessions since Monday, low adherence since the 6th.
    expect(rules).toEqual(['weight_away_from_goal', 'sessions_missed', 'low_adherence']);
  });

  it("leaves out other trainers' trainees", async () => {
    const { headers } = await newTrainer();
    const other = await newTrainer();
    await linkedTrainee(other.trainer.id, { onboarded: false });
    expect(await queue(headers)).toEqual([]);
  });
});

describe('POST /v0/trainers/queue/{item_id}/snooze/ and done/', () => {
  it('snoozes an item for the days asked, then shows it again', async () => {
    const { trainer, headers } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id, { shares: { ...ALL, training: false } });
    await logFood(trainee.id, addDays(TODAY, -5), 2200);
    await weigh(trainee.id, TODAY, 80);
    const id = `${trainee.id}:no_food_logged`;
    expect((await queue(headers)).map((item) => item.id)).toEqual([id]);

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v0/trainers/queue/${id}/snooze/`,
      headers,
      payload: { days: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      data: { id, snoozed_until: '2026-03-05T09:00:00.000Z', done: false },
    });
    expect(await queue(headers)).toEqual([]);
    ctx.clock.advance(3 * DAY_MS - 1);
    expect(await queue(await signedIn(trainer.id))).toEqual([]);
    ctx.clock.advance(1);
    expect((await queue(await signedIn(trainer.id))).map((item) => item.id)).toEqual([id]);
  });

  it('keeps a done item away while the situation goes on, and shows it when it starts again', async () => {
    const { trainer, headers } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id, { shares: { ...ALL, training: false } });
    await logFood(trainee.id, addDays(TODAY, -5), 2200);
    await weigh(trainee.id, TODAY, 80);
    const id = `${trainee.id}:no_food_logged`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v0/trainers/queue/${id}/done/`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: { id, snoozed_until: null, done: true } });
    ctx.clock.advance(2 * DAY_MS);
    expect(await queue(await signedIn(trainer.id))).toEqual([]);
    // They log a day, then stop again: a new situation.
    await logFood(trainee.id, addDays(TODAY, 2), 2200);
    expect(await queue(await signedIn(trainer.id))).toEqual([]);
    ctx.clock.advance(4 * DAY_MS);
    await weigh(trainee.id, addDays(TODAY, 6), 80);
    const again = await queue(await signedIn(trainer.id));
    expect(again.map((item) => [item.id, item.since])).toEqual([[id, addDays(TODAY, 3)]]);
  });

  it('is shared by every instance: the state lives in the database', async () => {
    const { trainer, headers } = await newTrainer();
    await linkedTrainee(trainer.id, { onboarded: false, shares: NONE });
    const second = await createTestContext({ database: ctx.database });
    try {
      const [item] = await queue(headers);
      if (!item) throw new Error('no item');
      await second.app.inject({
        method: 'POST',
        url: `/v0/trainers/queue/${item.id}/done/`,
        headers,
      });
      expect(await queue(headers)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('refuses 0 or 15 days, and answers 404 for an item that is not in the queue or not theirs', async () => {
    const { trainer, headers } = await newTrainer();
    const trainee = await linkedTrainee(trainer.id, { onboarded: false, shares: NONE });
    const other = await newTrainer();
    const theirs = await linkedTrainee(other.trainer.id, { onboarded: false, shares: NONE });
    const url = (id: string, action: string) => `/v0/trainers/queue/${id}/${action}/`;
    const mine = `${trainee.id}:onboarding_unfinished`;
    for (const days of [0, 15, 1.5]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: url(mine, 'snooze'),
        headers,
        payload: { days },
      });
      expect(res.statusCode).toBe(400);
    }
    for (const id of [
      `${theirs.id}:onboarding_unfinished`,
      `${trainee.id}:no_food_logged`,
      `${trainee.id}:unknown`,
      'nothing',
    ]) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: url(id, 'done'), headers })).statusCode,
      ).toBe(404);
      const snooze = await ctx.app.inject({
        method: 'POST',
        url: url(id, 'snooze'),
        headers,
        payload: { days: 1 },
      });
      expect(snooze.statusCode).toBe(404);
    }
    const asTrainee = await ctx.app.inject({
      method: 'POST',
      url: url(mine, 'done'),
      headers: await signedIn(trainee.id),
    });
    expect(asTrainee.statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes every call of the workspace', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v0/trainers/trainees/',
        '/v0/trainers/trainees/{id}/tags/',
        '/v0/trainers/queue/',
        '/v0/trainers/queue/{item_id}/snooze/',
        '/v0/trainers/queue/{item_id}/done/',
      ]),
    );
  });
});

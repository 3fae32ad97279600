import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_COMMENTS_PER_DAY } from '@forja/shared/constants';
import { API_ERRORS } from '@forja/shared/errors';
import type { Comment } from '@forja/shared/schemas/comments';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import { subscribe } from '#test/premium';
import { linkedPair, ALL_AREAS, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';
import { comments } from '#db/schema/comments';
import { workouts } from '#db/schema/diary';
import { unlinkTrainee } from '#db/trainer-links';

let ctx: TestContext;
const DAY = '2026-03-02';

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
});

type Headers = Record<string, string>;

/** A subscribed trainee linked to a new trainer, sharing what is asked (everything else). */
const pair = (areas: { diary?: boolean; training?: boolean } = {}) =>
  linkedPair(ctx, { areas: { ...ALL_AREAS, ...areas } });

const trainerUrl = (traineeId: string, date = DAY) =>
  `/v0/trainers/trainees/${traineeId}/comments/?date=${date}`;
const traineeUrl = (date = DAY) => `/v0/diary/days/${date}/comments/`;

async function addWorkout(userId: string, date = DAY) {
  const [row] = await ctx.database.db
    .insert(workouts)
    .values({ user_id: userId, date, name: 'Pierna', created_at: ctx.clock.now() })
    .returning();
  if (!row) throw new Error('no workout');
  return row.id;
}

async function stored(traineeId: string) {
  return ctx.database.db.select().from(comments).where(eq(comments.trainee_id, traineeId));
}

async function unread(headers: Headers): Promise<number> {
  const res = await call<{ count: number }>(ctx, headers, 'GET', '/v0/comments/unread/');
  expect(res.status, res.body).toBe(200);
  return res.data.count;
}

describe('the trainer comments', () => {
  it('on a day, a meal and a session, and lists them in the order written', async () => {
    const { trainer, trainee } = await pair();
    const workoutId = await addWorkout(trainee.user.id);
    const url = trainerUrl(trainee.user.id);
    const day = await call<Comment>(ctx, trainer.headers, 'POST', url, {
      target: 'day',
      body: '  Buen día, sigue así  ',
    });
    expect(day.status, day.body).toBe(201);
    expect(day.data).toMatchObject({
      target: 'day',
      date: DAY,
      meal: null,
      workout_id: null,
      body: 'Buen día, sigue así',
      by: 'trainer',
      author: { id: trainer.user.id, first_name: 'Marta', last_name: 'Ruiz' },
      created_at: '2026-03-02T09:00:00.000Z',
      read_at: null,
    });
    const meal = await call<Comment>(ctx, trainer.headers, 'POST', url, {
      target: 'meal',
      meal: 'cena',
      body: 'Más verdura en la cena',
    });
    expect(meal.status, meal.body).toBe(201);
    expect(meal.data).toMatchObject({ target: 'meal', meal: 'cena' });
    const session = await call<Comment>(ctx, trainer.headers, 'POST', url, {
      target: 'workout',
      workout_id: workoutId,
      body: 'Baja el peso en la sentadilla',
    });
    expect(session.status, session.body).toBe(201);
    expect(session.data).toMatchObject({ target: 'workout', workout_id: workoutId });

    const list = await call<Comment[]>(ctx, trainer.headers, 'GET', url);
    expect(list.status, list.body).toBe(200);
    expect(list.data.map((c) => c.id)).toEqual([day.data.id, meal.data.id, session.data.id]);
    // Another day has nothing.
    const other = await call<Comment[]>(
      ctx,
      trainer.headers,
      'GET',
      trainerUrl(trainee.user.id, '2026-03-01'),
    );
    expect(other.data).toEqual([]);
  });

  it('needs the diary shared for a day or a meal and training for a session', async () => {
    const { trainer, trainee } = await pair({ diary: false });
    const workoutId = await addWorkout(trainee.user.id);
    const url = trainerUrl(trainee.user.id);
    for (const payload of [
      { target: 'day', body: 'Hola' },
      { target: 'meal', meal: 'comida', body: 'Hola' },
    ]) {
      const res = await call(ctx, trainer.headers, 'POST', url, payload);
      expect(res.status, res.body).toBe(404);
      expect(res.data.error).toBe('not found');
    }
    const session = await call(ctx, trainer.headers, 'POST', url, {
      target: 'workout',
      workout_id: workoutId,
      body: 'Bien',
    });
    expect(session.status, session.body).toBe(201);

    // The trainee's day comment is not shown to a trainer without the diary.
    await call(ctx, trainee.headers, 'POST', traineeUrl(), { target: 'day', body: 'Hoy me costó' });
    const list = await call<Comment[]>(ctx, trainer.headers, 'GET', url);
    expect(list.status).toBe(200);
    expect(list.data.map((c) => c.target)).toEqual(['workout']);

    // Without training either, the trainee's comments are not there at all.
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, NO_AREAS);
    expect((await call(ctx, trainer.headers, 'GET', url)).status).toBe(404);
    const refused = await call(ctx, trainer.headers, 'POST', url, {
      target: 'workout',
      workout_id: workoutId,
      body: 'Bien',
    });
    expect(refused.status).toBe(404);
    expect(await stored(trainee.user.id)).toHaveLength(2);
  });

  it('answers 404 for a session that is not of the trainee or of that day', async () => {
    const { trainer, trainee } = await pair();
    const otherDay = await addWorkout(trainee.user.id, '2026-03-01');
    const stranger = await createUser(ctx);
    const strangers = await addWorkout(stranger.id);
    for (const workoutId of [otherDay, strangers]) {
      const res = await call(ctx, trainer.headers, 'POST', trainerUrl(trainee.user.id), {
        target: 'workout',
        workout_id: workoutId,
        body: 'Bien',
      });
      expect(res.status, res.body).toBe(404);
      expect(res.data.error).toBe('workout not found');
    }
    expect(await stored(trainee.user.id)).toHaveLength(0);
  });

  it("answers 404 for another trainer's trainee and to anyone who is not a trainer", async () => {
    const { trainee } = await pair();
    const other = await signedInTrainer(ctx);
    const url = trainerUrl(trainee.user.id);
    const payload = { target: 'day', body: 'Hola' };
    expect((await call(ctx, other.headers, 'GET', url)).status).toBe(404);
    expect((await call(ctx, other.headers, 'POST', url, payload)).status).toBe(404);
    // The trainee themselves, even about their own id.
    expect((await call(ctx, trainee.headers, 'GET', url)).status).toBe(404);
    expect((await call(ctx, trainee.headers, 'POST', url, payload)).status).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(await stored(trainee.user.id)).toHaveLength(0);
  });

  it('refuses an empty body or one over 2000 characters in Spanish and writes nothing', async () => {
    const { trainer, trainee } = await pair();
    const url = trainerUrl(trainee.user.id);
    const empty = await call(ctx, trainer.headers, 'POST', url, { target: 'day', body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.data.message).toBe('El comentario no puede estar vacío');
    const long = await call(ctx, trainer.headers, 'POST', url, {
      target: 'day',
      body: 'a'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.data.message).toBe('El comentario no puede superar 2000 caracteres');
    const meal = await call(ctx, trainer.headers, 'POST', url, {
      target: 'meal',
      meal: 'brunch',
      body: 'x',
    });
    expect(meal.status).toBe(400);
    const date = await call(
      ctx,
      trainer.headers,
      'POST',
      trainerUrl(trainee.user.id, '2026-02-30'),
      {
        target: 'day',
        body: 'x',
      },
    );
    expect(date.status).toBe(400);
    expect(await stored(trainee.user.id)).toHaveLength(0);
    const exact = await call(ctx, trainer.headers, 'POST', url, {
      target: 'day',
      body: 'a'.repeat(2000),
    });
    expect(exact.status).toBe(201);
  });
});

describe('the trainee', () => {
  it('sees the day, replies, and each side reads the other’s', async () => {
    const { trainer, trainee } = await pair();
    await call(ctx, trainer.headers, 'POST', trainerUrl(trainee.user.id), {
      target: 'meal',
      meal: 'desayuno',
      body: 'Añade proteína al desayuno',
    });
    await call(ctx, trainer.headers, 'POST', trainerUrl(trainee.user.id, '2026-03-01'), {
      target: 'day',
      body: 'Buen domingo',
    });
    expect(await unread(trainee.headers)).toBe(2);

    ctx.clock.set(new Date('2026-03-02T09:01:00.000Z'));
    const list = await call<Comment[]>(ctx, trainee.headers, 'GET', traineeUrl());
    expect(list.status, list.body).toBe(200);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ by: 'trainer', read_at: '2026-03-02T09:01:00.000Z' });
    expect(await unread(trainee.headers)).toBe(1);

    // Reading again keeps the first reading.
    ctx.clock.set(new Date('2026-03-02T09:02:00.000Z'));
    const again = await call<Comment[]>(ctx, trainee.headers, 'GET', traineeUrl());
    expect(again.data[0]?.read_at).toBe('2026-03-02T09:01:00.000Z');

    const reply = await call<Comment>(ctx, trainee.headers, 'POST', traineeUrl(), {
      target: 'meal',
      meal: 'desayuno',
      body: 'Vale, mañana pongo huevos',
    });
    expect(reply.status, reply.body).toBe(201);
    expect(reply.data).toMatchObject({
      by: 'trainee',
      author: { id: trainee.user.id },
      read_at: null,
    });
    // Their own comment does not count for them.
    expect(await unread(trainee.headers)).toBe(1);

    ctx.clock.set(new Date('2026-03-02T09:03:00.000Z'));
    const seen = await call<Comment[]>(ctx, trainer.headers, 'GET', trainerUrl(trainee.user.id));
    expect(seen.data.map((c) => [c.by, c.read_at])).toEqual([
      ['trainer', '2026-03-02T09:01:00.000Z'],
      ['trainee', '2026-03-02T09:03:00.000Z'],
    ]);
  });

  it('needs a trainer to write, and a subscription for every call', async () => {
    const user = await createUser(ctx);
    await subscribe(ctx, user.id);
    const headers = auth((await signIn(ctx, user.id)).access_token);
    const res = await call(ctx, headers, 'POST', traineeUrl(), { target: 'day', body: 'Hola' });
    expect(res.status).toBe(404);
    expect(res.data.error).toBe('trainer not found');
    expect(await stored(user.id)).toHaveLength(0);

    const unpaid = await createUser(ctx);
    const trainer = await signedInTrainer(ctx);
    await linkToTrainer(ctx, unpaid.id, trainer.user.id);
    const unpaidHeaders = auth((await signIn(ctx, unpaid.id)).access_token);
    for (const [method, url] of [
      ['GET', traineeUrl()],
      ['POST', traineeUrl()],
      ['GET', '/v0/comments/unread/'],
    ] as const) {
      const answer = await call(
        ctx,
        unpaidHeaders,
        method,
        url,
        method === 'POST' ? { target: 'day', body: 'x' } : undefined,
      );
      expect(answer.status).toBe(402);
    }
    // The trainer's side needs none.
    const written = await call(ctx, trainer.headers, 'POST', trainerUrl(unpaid.id), {
      target: 'day',
      body: 'Hola',
    });
    expect(written.status).toBe(201);
  });

  it('keeps the history when the link ends; the former trainer and a new one see none of it', async () => {
    const { trainer, trainee } = await pair();
    await call(ctx, trainer.headers, 'POST', trainerUrl(trainee.user.id), {
      target: 'day',
      body: 'Primera',
    });
    await ctx.database.db.transaction((tx) => unlinkTrainee(tx, trainee.user.id, ctx.clock.now()));

    expect((await call(ctx, trainer.headers, 'GET', trainerUrl(trainee.user.id))).status).toBe(404);
    expect(
      (
        await call(ctx, trainer.headers, 'POST', trainerUrl(trainee.user.id), {
          target: 'day',
          body: 'x',
        })
      ).status,
    ).toBe(404);
    const kept = await call<Comment[]>(ctx, trainee.headers, 'GET', traineeUrl());
    expect(kept.data.map((c) => c.body)).toEqual(['Primera']);
    const orphan = await call(ctx, trainee.headers, 'POST', traineeUrl(), {
      target: 'day',
      body: 'x',
    });
    expect(orphan.status).toBe(404);

    const next = await signedInTrainer(ctx);
    await linkToTrainer(ctx, trainee.user.id, next.user.id);
    expect(
      (await call<Comment[]>(ctx, next.headers, 'GET', trainerUrl(trainee.user.id))).data,
    ).toEqual([]);
    await call(ctx, next.headers, 'POST', trainerUrl(trainee.user.id), {
      target: 'day',
      body: 'Segunda',
    });
    const both = await call<Comment[]>(ctx, trainee.headers, 'GET', traineeUrl());
    expect(both.data.map((c) => [c.body, c.author.id])).toEqual([
      ['Primera', trainer.user.id],
      ['Segunda', next.user.id],
    ]);
    const nextSees = await call<Comment[]>(ctx, next.headers, 'GET', trainerUrl(trainee.user.id));
    expect(nextSees.data.map((c) => c.body)).toEqual(['Segunda']);
  });

  it('loses the comments of a session deleted with it', async () => {
    const { trainer, trainee } = await pair();
    const workoutId = await addWorkout(trainee.user.id);
    await call(ctx, trainer.headers, 'POST', trainerUrl(trainee.user.id), {
      target: 'workout',
      workout_id: workoutId,
      body: 'Bien',
    });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/v0/diary/workouts/${workoutId}/`,
      headers: trainee.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(trainee.user.id)).toHaveLength(0);
  });
});

describe('a day holds at most 200 comments', () => {
  it('refuses the 201st, from either side, in Spanish', async () => {
    const { trainer, trainee } = await pair();
    await ctx.database.db.insert(comments).values(
      Array.from({ length: MAX_COMMENTS_PER_DAY - 1 }, (_, i) => ({
        trainee_id: trainee.user.id,
        trainer_id: trainer.user.id,
        author_id: i % 2 ? trainer.user.id : trainee.user.id,
        target: 'day' as const,
        date: DAY,
        body: `Comentario ${i}`,
        created_at: ctx.clock.now(),
      })),
    );
    const last = await call(ctx, trainee.headers, 'POST', traineeUrl(), {
      target: 'day',
      body: 'El 200',
    });
    expect(last.status, last.body).toBe(201);
    for (const [headers, url] of [
      [trainer.headers, trainerUrl(trainee.user.id)],
      [trainee.headers, traineeUrl()],
    ] as const) {
      const res = await call(ctx, headers, 'POST', url, { target: 'day', body: 'Uno más' });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({
        error: API_ERRORS.commentsDayFull.error,
        message: 'Un día admite como máximo 200 comentarios',
      });
    }
    // Another day has room.
    const tomorrow = await call(ctx, trainee.headers, 'POST', traineeUrl('2026-03-03'), {
      target: 'day',
      body: 'Otro día',
    });
    expect(tomorrow.status).toBe(201);
  });

  it('lets parallel writes fill the day exactly', async () => {
    const { trainer, trainee } = await pair();
    await ctx.database.db.insert(comments).values(
      Array.from({ length: MAX_COMMENTS_PER_DAY - 3 }, (_, i) => ({
        trainee_id: trainee.user.id,
        trainer_id: trainer.user.id,
        author_id: trainer.user.id,
        target: 'day' as const,
        date: DAY,
        body: `Comentario ${i}`,
        created_at: ctx.clock.now(),
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? call(ctx, trainer.headers, 'POST', trainerUrl(trainee.user.id), {
              target: 'day',
              body: `T${i}`,
            })
          : call(ctx, trainee.headers, 'POST', traineeUrl(), { target: 'day', body: `C${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    const rows = await ctx.database.db
      .select()
      .from(comments)
      .where(and(eq(comments.trainee_id, trainee.user.id), eq(comments.date, DAY)));
    expect(rows).toHaveLength(MAX_COMMENTS_PER_DAY);
  });
});

describe('the OpenAPI document', () => {
  it('describes every comments call with its answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, { responses: object }>> }>()
      .paths;
    for (const [path, methods] of [
      ['/v0/trainers/trainees/{id}/comments/', ['get', 'post']],
      ['/v0/diary/days/{date}/comments/', ['get', 'post']],
      ['/v0/comments/unread/', ['get']],
    ] as const) {
      for (const method of methods) {
        const responses = Object.keys(paths[path]?.[method]?.responses ?? {});
        expect(responses, `${method} ${path}`).toEqual(
          expect.arrayContaining([method === 'post' ? '201' : '200', '4XX']),
        );
      }
    }
  });
});

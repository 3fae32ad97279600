import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context';
import { multipartFile } from '#test/images';
import { linkedPair } from '#test/trainers';
import { comments } from '#db/schema/comments';
import { messages } from '#db/schema/messages';
import { notifications } from '#db/schema/notifications';
import { profilePictures } from '#db/schema/onboarding';
import type { RateLimits } from './rate-limit';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const roomy = { max: 10_000, windowMs: MINUTE };

/** An app whose signed-in writes allow `max` a minute (or a day), over one database. */
let base: TestContext;

beforeAll(async () => {
  base = await createTestContext();
});

afterAll(async () => {
  await base.close();
});

async function limitedApp(rateLimits: Partial<RateLimits>) {
  return createTestContext({ database: base.database, build: { rateLimits } });
}

function post(ctx: TestContext, headers: Record<string, string>, url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, headers, payload });
}

async function countOf(table: typeof messages | typeof comments, authorId: string) {
  const [row] = await base.database.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.author_id, authorId));
  return row?.n ?? 0;
}

async function notificationsOf(userId: string) {
  const [row] = await base.database.db
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.user_id, userId));
  return row?.n ?? 0;
}

const within = /Vuelve a intentarlo dentro de (\d+ segundos|1 minuto)\.$/;

describe('signed-in writes are limited per account', () => {
  it('refuses the message past the minute’s limit with 429, Retry-After and when to retry; nothing is stored; others go on', async () => {
    const ctx = await limitedApp({ messageWrite: { perAccount: { max: 3, windowMs: MINUTE } } });
    try {
      const { trainer, trainee } = await linkedPair(ctx);
      for (let n = 1; n <= 3; n += 1) {
        const sent = await post(ctx, trainee.headers, '/v0/messages/', { body: `Hola ${n}` });
        expect(sent.statusCode, `message ${n}`).toBe(201);
      }
      const notified = await notificationsOf(trainer.user.id);

      const refused = await post(ctx, trainee.headers, '/v0/messages/', { body: 'Hola 4' });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const { data } = refused.json<{ data: { error: string; message: string } }>();
      expect(data.error).toBe('too many requests');
      expect(data.message).toMatch(/^Has enviado muchos mensajes en poco tiempo\. /);
      expect(data.message).toMatch(within);
      // Nothing stored, nobody notified; with an Idempotency-Key too.
      const keyed = await ctx.app.inject({
        method: 'POST',
        url: '/v0/messages/',
        headers: { ...trainee.headers, 'idempotency-key': randomUUID() },
        payload: { body: 'Hola 5' },
      });
      expect(keyed.statusCode).toBe(429);
      expect(await countOf(messages, trainee.user.id)).toBe(3);
      expect(await notificationsOf(trainer.user.id)).toBe(notified);

      // The trainer of the pair, and another trainee, are counted apart.
      const answer = await post(
        ctx,
        trainer.headers,
        `/v0/trainers/trainees/${trainee.user.id}/messages/`,
        {
          body: 'Te leo',
        },
      );
      expect(answer.statusCode).toBe(201);
      const other = await linkedPair(ctx);
      expect(
        (await post(ctx, other.trainee.headers, '/v0/messages/', { body: 'Hola' })).statusCode,
      ).toBe(201);
    } finally {
      await ctx.close();
    }
  });

  it('keeps a daily cap, which says to come back in hours', async () => {
    const ctx = await limitedApp({
      messageWrite: { perAccount: roomy, perAccountDay: { max: 2, windowMs: DAY } },
    });
    try {
      const { trainer, trainee } = await linkedPair(ctx);
      const url = `/v0/trainers/trainees/${trainee.user.id}/messages/`;
      expect((await post(ctx, trainer.headers, url, { body: 'Uno' })).statusCode).toBe(201);
      expect((await post(ctx, trainer.headers, url, { body: 'Dos' })).statusCode).toBe(201);
      const refused = await post(ctx, trainer.headers, url, { body: 'Tres' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(refused.json<{ data: { message: string } }>().data.message).toBe(
        'Has enviado muchos mensajes en poco tiempo. Vuelve a intentarlo dentro de 24 horas.',
      );
      expect(await countOf(messages, trainer.user.id)).toBe(2);
    } finally {
      await ctx.close();
    }
  });

  it('limits comments, uploads and check-ins the same way', async () => {
    const one = { perAccount: { max: 1, windowMs: MINUTE } };
    const ctx = await limitedApp({ commentWrite: one, upload: one, checkInWrite: one });
    try {
      const { trainer, trainee } = await linkedPair(ctx);
      const message = (res: { json: () => unknown }) =>
        (res.json() as { data: { message: string } }).data.message;

      // Comments, from either side.
      const day = '/v0/diary/days/2026-03-02/comments/';
      expect(
        (await post(ctx, trainee.headers, day, { target: 'day', body: 'Hoy bien' })).statusCode,
      ).toBe(201);
      const secondComment = await post(ctx, trainee.headers, day, { target: 'day', body: 'Otra' });
      expect(secondComment.statusCode).toBe(429);
      expect(message(secondComment)).toMatch(/^Has escrito muchos comentarios en poco tiempo\. /);
      expect(await countOf(comments, trainee.user.id)).toBe(1);
      const onTrainee = `/v0/trainers/trainees/${trainee.user.id}/comments/?date=2026-03-02`;
      expect(
        (await post(ctx, trainer.headers, onTrainee, { target: 'day', body: 'Bien' })).statusCode,
      ).toBe(201);
      expect(
        (await post(ctx, trainer.headers, onTrainee, { target: 'day', body: 'Y' })).statusCode,
      ).toBe(429);

      // Uploads: a profile picture, then a progress photo, count together.
      const picture = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#2e86de' },
      })
        .jpeg()
        .toBuffer();
      const upload = (field: string, url: string, method: 'PUT' | 'POST') => {
        const body = multipartFile(picture, field);
        return ctx.app.inject({
          method,
          url,
          headers: { ...trainee.headers, ...body.headers },
          payload: body.payload,
        });
      };
      const pictureUrl = `/v0/users/${trainee.user.id}/picture/`;
      expect((await upload('picture', pictureUrl, 'PUT')).statusCode).toBe(200);
      const [stored] = await base.database.db
        .select({ id: profilePictures.id, at: profilePictures.created_at })
        .from(profilePictures)
        .where(eq(profilePictures.user_id, trainee.user.id));
      const secondPicture = await upload('picture', pictureUrl, 'PUT');
      expect(secondPicture.statusCode).toBe(429);
      expect(message(secondPicture)).toMatch(/^Has subido muchas fotos en poco tiempo\. /);
      const [unchanged] = await base.database.db
        .select({ id: profilePictures.id, at: profilePictures.created_at })
        .from(profilePictures)
        .where(eq(profilePictures.user_id, trainee.user.id));
      expect(unchanged).toEqual(stored);
      const photoUrl = `/v0/check-ins/${randomUUID()}/photos/?pose=front`;
      expect((await upload('photo', photoUrl, 'POST')).statusCode).toBe(429);
      expect((await upload('photo', '/v0/messages/photos/', 'POST')).statusCode).toBe(429);

      // Check-ins: whatever the first answered, the second within the minute is refused.
      const week = (monday: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/v0/check-ins/${monday}/`,
          headers: trainee.headers,
          payload: { answers: {}, health_data_consent: true },
        });
      expect((await week('2026-03-02')).statusCode).not.toBe(429);
      const secondCheckIn = await week('2026-03-02');
      expect(secondCheckIn.statusCode).toBe(429);
      expect(message(secondCheckIn)).toMatch(
        /^Has enviado muchas veces la revisión semanal en poco tiempo\. /,
      );
      expect(message(secondCheckIn)).toMatch(within);
    } finally {
      await ctx.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_MESSAGES_PER_PAIR,
  MAX_PHOTOS_PER_PAIR,
  MESSAGES_PAGE_SIZE,
} from '@forja/shared/constants';
import type { ConversationPage, Message } from '@forja/shared/schemas/conversation';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import { subscribe } from '#test/premium';
import { linkedPair, linkToTrainer } from '#test/trainers';
import { messageCounts, messagePhotos, messages } from '#db/schema/messages';
import { unlinkTrainee } from '#db/trainer-links';

let ctx: TestContext;

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

/** A subscribed trainee linked to a new trainer, sharing nothing: the link is enough. */
async function pair() {
  const { trainer, trainee } = await linkedPair(ctx, { areas: {} });
  const trainerUrl = `/v0/trainers/trainees/${trainee.user.id}/messages/`;
  return { trainer, trainee, trainerUrl };
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function multipart(content: Buffer, field = 'photo') {
  const boundary = `----forja${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="foto.jpg"\r\n` +
    `Content-Type: image/jpeg\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function sendPhoto(headers: Headers, url: string, content: Buffer) {
  const body = multipart(content);
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, data: res.json<{ data: Message & { error?: string } }>().data };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86de' } });

/** A PNG of a few bytes that claims to be `width` × `height`: a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function stored(traineeId: string) {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.trainee_id, traineeId));
  return row?.n ?? 0;
}

/** What the pair's kept count says the conversation holds. */
async function held(traineeId: string, trainerId: string) {
  const [row] = await ctx.database.db
    .select({ n: messageCounts.held })
    .from(messageCounts)
    .where(and(eq(messageCounts.trainee_id, traineeId), eq(messageCounts.trainer_id, trainerId)));
  return row?.n ?? 0;
}

describe('the conversation of a pair', () => {
  it('carries text both ways, in order, to both sides', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const first = await call<Message>(ctx, trainer.headers, 'POST', trainerUrl, {
      body: '  Hola Lucía, ¿qué tal la semana?  ',
    });
    expect(first.status, first.body).toBe(201);
    expect(first.data).toMatchObject({
      by: 'trainer',
      body: 'Hola Lucía, ¿qué tal la semana?',
      photo: null,
      created_at: '2026-03-02T09:00:00.000Z',
      read_at: null,
    });
    ctx.clock.set(new Date('2026-03-02T09:05:00.000Z'));
    const reply = await call<Message>(ctx, trainee.headers, 'POST', '/v0/messages/', {
      body: 'Muy bien, gracias',
    });
    expect(reply.status, reply.body).toBe(201);
    expect(reply.data.by).toBe('trainee');

    const mine = await call<ConversationPage>(ctx, trainee.headers, 'GET', '/v0/messages/');
    expect(mine.status, mine.body).toBe(200);
    expect(mine.data.with).toMatchObject({ id: trainer.user.id, first_name: 'Marta' });
    expect(mine.data.messages.map((m) => m.id)).toEqual([first.data.id, reply.data.id]);
    expect(mine.data.next_cursor).toBeNull();
    const theirs = await call<ConversationPage>(ctx, trainer.headers, 'GET', trainerUrl);
    expect(theirs.status, theirs.body).toBe(200);
    expect(theirs.data.with).toMatchObject({ id: trainee.user.id, first_name: 'Lucía' });
    expect(theirs.data.messages.map((m) => m.body)).toEqual([
      'Hola Lucía, ¿qué tal la semana?',
      'Muy bien, gracias',
    ]);
  });

  it('refuses empty, overlong or malformed text, and writes nothing', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    for (const payload of [{ body: '   ' }, { body: 'a'.repeat(2001) }, { body: 5 }, {}]) {
      const res = await call(ctx, trainer.headers, 'POST', trainerUrl, payload);
      expect(res.status, res.body).toBe(400);
    }
    const extra = await call(ctx, trainee.headers, 'POST', '/v0/messages/', { body: 'x', to: 'y' });
    expect(extra.status).toBe(400);
    expect(await stored(trainee.user.id)).toBe(0);
    const long = await call<Message>(ctx, trainee.headers, 'POST', '/v0/messages/', {
      body: 'a'.repeat(2000),
    });
    expect(long.status).toBe(201);
  });

  it('pages history 50 at a time with a cursor, newest page first', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const now = ctx.clock.now();
    await ctx.database.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        trainee_id: trainee.user.id,
        trainer_id: trainer.user.id,
        author_id: i % 2 ? trainee.user.id : trainer.user.id,
        kind: 'text' as const,
        body: `mensaje ${i}`,
        created_at: now,
      })),
    );
    const first = await call<ConversationPage>(ctx, trainer.headers, 'GET', trainerUrl);
    expect(first.data.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.data.messages[0]?.body).toBe('mensaje 70');
    expect(first.data.messages.at(-1)?.body).toBe('mensaje 119');
    const second = await call<ConversationPage>(
      ctx,
      trainer.headers,
      'GET',
      `${trainerUrl}?before=${first.data.next_cursor}`,
    );
    expect(second.data.messages[0]?.body).toBe('mensaje 20');
    const third = await call<ConversationPage>(
      ctx,
      trainee.headers,
      'GET',
      `/v0/messages/?before=${second.data.next_cursor}`,
    );
    expect(third.data.messages.map((m) => m.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `mensaje ${i}`),
    );
    expect(third.data.next_cursor).toBeNull();
    const bad = await call(ctx, trainee.headers, 'GET', '/v0/messages/?before=abc');
    expect(bad.status).toBe(400);
  });

  it("is a 404 for another pair's conversation and for a trainee who is not theirs", async () => {
    const one = await pair();
    const other = await pair();
    await call(ctx, one.trainer.headers, 'POST', one.trainerUrl, { body: 'Solo para Lucía' });
    // Another trainer reading, writing or marking one's trainee.
    for (const [method, url, payload] of [
      ['GET', one.trainerUrl, undefined],
      ['POST', one.trainerUrl, { body: 'hola' }],
      ['POST', `${one.trainerUrl}read/`, { up_to: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const res = await call(ctx, other.trainer.headers, method, url, payload);
      expect(res.status, res.body).toBe(404);
    }
    // A trainee is not a trainer: the trainer's calls do not exist for them.
    const asTrainee = await call(ctx, other.trainee.headers, 'GET', one.trainerUrl);
    expect(asTrainee.status).toBe(404);
    // Marking a message of another pair read is a 404 and marks nothing.
    const [theirs] = await ctx.database.db
      .select()
      .from(messages)
      .where(eq(messages.trainee_id, one.trainee.user.id));
    const mark = await call(ctx, other.trainee.headers, 'POST', '/v0/messages/read/', {
      up_to: theirs?.id,
    });
    expect(mark.status, mark.body).toBe(404);
    const [after] = await ctx.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, theirs?.id ?? ''));
    expect(after?.read_at).toBeNull();
    expect(await stored(other.trainee.user.id)).toBe(0);
  });

  it('is a 404 to a trainee without a trainer, and needs a session', async () => {
    const user = await createUser(ctx);
    await subscribe(ctx, user.id);
    const headers = auth((await signIn(ctx, user.id)).access_token);
    const res = await call(ctx, headers, 'GET', '/v0/messages/');
    expect(res.status).toBe(404);
    expect(res.data.error).toBe('trainer not found');
    const send = await call(ctx, headers, 'POST', '/v0/messages/', { body: 'hola' });
    expect(send.status).toBe(404);
    expect((await call(ctx, {}, 'GET', '/v0/messages/')).status).toBe(401);
    expect((await call(ctx, {}, 'GET', '/v0/trainers/messages/unread/')).status).toBe(401);
  });

  it('closes when the link ends: 404 to both, and the conversation is deleted', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    await call(ctx, trainer.headers, 'POST', trainerUrl, { body: 'Hola' });
    const sent = await sendPhoto(
      trainee.headers,
      '/v0/messages/photos/',
      await photo(40, 40).png().toBuffer(),
    );
    expect(sent.status).toBe(201);
    const photoUrl = `/v0/messages/photos/${sent.data.photo?.id}/`;
    expect((await ctx.app.inject({ url: photoUrl, headers: trainer.headers })).statusCode).toBe(
      200,
    );

    await ctx.database.db.transaction((tx) => unlinkTrainee(tx, trainee.user.id, ctx.clock.now()));
    expect((await call(ctx, trainer.headers, 'GET', trainerUrl)).status).toBe(404);
    expect((await call(ctx, trainer.headers, 'POST', trainerUrl, { body: 'hola' })).status).toBe(
      404,
    );
    expect((await call(ctx, trainee.headers, 'GET', '/v0/messages/')).status).toBe(404);
    expect((await call(ctx, trainee.headers, 'POST', '/v0/messages/', { body: 'x' })).status).toBe(
      404,
    );
    expect((await ctx.app.inject({ url: photoUrl, headers: trainer.headers })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ url: photoUrl, headers: trainee.headers })).statusCode).toBe(
      404,
    );
    expect(await stored(trainee.user.id)).toBe(0);
    expect(
      await ctx.database.db
        .select()
        .from(messagePhotos)
        .where(eq(messagePhotos.id, sent.data.photo?.id ?? '')),
    ).toEqual([]);
    // Linked again, the pair starts a new, empty conversation.
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, {});
    const again = await call<ConversationPage>(ctx, trainee.headers, 'GET', '/v0/messages/');
    expect(again.status).toBe(200);
    expect(again.data.messages).toEqual([]);
  });
});

describe('read receipts and unread counts', () => {
  it('marks the other side read up to a message, and counts what is left, in both shells', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const sent: Message[] = [];
    for (const body of ['uno', 'dos', 'tres']) {
      sent.push((await call<Message>(ctx, trainer.headers, 'POST', trainerUrl, { body })).data);
    }
    await call(ctx, trainee.headers, 'POST', '/v0/messages/', { body: 'Respuesta' });
    const unread = await call<{ count: number }>(
      ctx,
      trainee.headers,
      'GET',
      '/v0/messages/unread/',
    );
    expect(unread.data.count).toBe(3);
    const trainerUnread = await call<{ count: number; trainees: object[] }>(
      ctx,
      trainer.headers,
      'GET',
      '/v0/trainers/messages/unread/',
    );
    expect(trainerUnread.data).toEqual({
      count: 1,
      trainees: [
        { trainee_id: trainee.user.id, first_name: 'Lucía', last_name: 'Fernández', count: 1 },
      ],
    });

    ctx.clock.set(new Date('2026-03-02T09:10:00.000Z'));
    const read = await call<{ count: number }>(ctx, trainee.headers, 'POST', '/v0/messages/read/', {
      up_to: sent[1]?.id,
    });
    expect(read.status, read.body).toBe(200);
    expect(read.data.count).toBe(1);
    const page = await call<ConversationPage>(ctx, trainer.headers, 'GET', trainerUrl);
    expect(page.data.messages.map((m) => m.read_at)).toEqual([
      '2026-03-02T09:10:00.000Z',
      '2026-03-02T09:10:00.000Z',
      null,
      null,
    ]);
    // Marking again changes nothing already read.
    ctx.clock.set(new Date('2026-03-02T09:12:00.000Z'));
    await call(ctx, trainee.headers, 'POST', '/v0/messages/read/', { up_to: sent[2]?.id });
    const later = await call<ConversationPage>(ctx, trainee.headers, 'GET', '/v0/messages/');
    expect(later.data.messages.map((m) => m.read_at)).toEqual([
      '2026-03-02T09:10:00.000Z',
      '2026-03-02T09:10:00.000Z',
      '2026-03-02T09:12:00.000Z',
      null,
    ]);
    // The trainer reads the reply; their own messages are not theirs to mark.
    const reply = later.data.messages[3];
    const trainerRead = await call<{ count: number }>(
      ctx,
      trainer.headers,
      'POST',
      `${trainerUrl}read/`,
      {
        up_to: reply?.id,
      },
    );
    expect(trainerRead.data.count).toBe(0);
    const none = await call<{ count: number }>(
      ctx,
      trainer.headers,
      'GET',
      '/v0/trainers/messages/unread/',
    );
    expect(none.data).toEqual({ count: 0, trainees: [] });
    const bad = await call(ctx, trainee.headers, 'POST', '/v0/messages/read/', { up_to: 'nope' });
    expect(bad.status).toBe(400);
  });
});

describe('photos', () => {
  it('are re-encoded without metadata and served only to the pair, privately', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const upload = await photo(2400, 1200)
      .jpeg()
      .withMetadata({ exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } } })
      .toBuffer();
    const sent = await sendPhoto(trainer.headers, `${trainerUrl}photos/`, upload);
    expect(sent.status).toBe(201);
    expect(sent.data).toMatchObject({
      by: 'trainer',
      body: '',
      photo: { width: 1280, height: 640 },
    });
    const url = `/v0/messages/photos/${sent.data.photo?.id}/`;
    for (const headers of [trainee.headers, trainer.headers]) {
      const res = await ctx.app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(1280);
    }
    const stranger = await pair();
    expect((await ctx.app.inject({ url, headers: stranger.trainee.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url, headers: stranger.trainer.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    const page = await call<ConversationPage>(ctx, trainee.headers, 'GET', '/v0/messages/');
    expect(page.data.messages[0]?.photo?.id).toBe(sent.data.photo?.id);
  });

  it('are refused as profile pictures are: not a photo, SVG, a bomb, too large, not multipart', async () => {
    const { trainee } = await pair();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const upload of [Buffer.from('no soy una foto'), svg, pngClaiming(20_000, 20_000)]) {
      const res = await sendPhoto(trainee.headers, '/v0/messages/photos/', upload);
      expect(res.status).toBe(400);
      expect(res.data.error).toBe('invalid image');
    }
    const huge = await sendPhoto(
      trainee.headers,
      '/v0/messages/photos/',
      Buffer.alloc(8 * 1024 * 1024 + 1),
    );
    expect(huge.status).toBe(413);
    const json = await call(ctx, trainee.headers, 'POST', '/v0/messages/photos/', { photo: 'x' });
    expect(json.status).toBe(415);
    expect(await stored(trainee.user.id)).toBe(0);
  });
});

describe('the bounds', () => {
  it(`keep the newest ${MAX_MESSAGES_PER_PAIR} messages of a pair, trimming the oldest`, async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    await ctx.database.db.execute(sql`
      insert into messages (trainee_id, trainer_id, author_id, kind, body, created_at)
      select ${trainee.user.id}, ${trainer.user.id}, ${trainer.user.id}, 'text', 'viejo ' || n, now()
      from generate_series(1, ${MAX_MESSAGES_PER_PAIR}) as n`);
    const res = await call<Message>(ctx, trainee.headers, 'POST', '/v0/messages/', {
      body: 'nuevo',
    });
    expect(res.status).toBe(201);
    expect(await stored(trainee.user.id)).toBe(MAX_MESSAGES_PER_PAIR);
    const [oldest] = await ctx.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.trainee_id, trainee.user.id))
      .orderBy(messages.seq)
      .limit(1);
    expect(oldest?.body).toBe('viejo 2');
    const page = await call<ConversationPage>(ctx, trainer.headers, 'GET', trainerUrl);
    expect(page.data.messages.at(-1)?.body).toBe('nuevo');
  });

  it('hold the cap when sends at it arrive at once, by the count the triggers keep', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    await ctx.database.db.execute(sql`
      insert into messages (trainee_id, trainer_id, author_id, kind, body, created_at)
      select ${trainee.user.id}, ${trainer.user.id}, ${trainer.user.id}, 'text', 'viejo ' || n, now()
      from generate_series(1, ${MAX_MESSAGES_PER_PAIR - 5}) as n`);
    expect(await held(trainee.user.id, trainer.user.id)).toBe(MAX_MESSAGES_PER_PAIR - 5);
    const sends = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        n % 2
          ? call<Message>(ctx, trainee.headers, 'POST', '/v0/messages/', { body: `a la vez ${n}` })
          : call<Message>(ctx, trainer.headers, 'POST', trainerUrl, { body: `a la vez ${n}` }),
      ),
    );
    expect(sends.map((send) => send.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(await stored(trainee.user.id)).toBe(MAX_MESSAGES_PER_PAIR);
    expect(await held(trainee.user.id, trainer.user.id)).toBe(MAX_MESSAGES_PER_PAIR);
    const [oldest] = await ctx.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.trainee_id, trainee.user.id))
      .orderBy(messages.seq)
      .limit(1);
    expect(oldest?.body).toBe('viejo 16');
  });

  it('count what a conversation holds through sends, trims and its end', async () => {
    const { trainer, trainee } = await pair();
    for (const body of ['uno', 'dos', 'tres']) {
      expect((await call(ctx, trainee.headers, 'POST', '/v0/messages/', { body })).status).toBe(
        201,
      );
    }
    expect(await held(trainee.user.id, trainer.user.id)).toBe(3);
    await ctx.database.db.transaction((tx) => unlinkTrainee(tx, trainee.user.id, ctx.clock.now()));
    expect(await stored(trainee.user.id)).toBe(0);
    expect(await held(trainee.user.id, trainer.user.id)).toBe(0);
  });

  it(`keep the newest ${MAX_PHOTOS_PER_PAIR} photos of a pair`, async () => {
    const { trainer, trainee } = await pair();
    const tiny = await photo(8, 8).png().toBuffer();
    await ctx.database.db.transaction(async (tx) => {
      const rows = await tx
        .insert(messages)
        .values(
          Array.from({ length: MAX_PHOTOS_PER_PAIR }, () => ({
            trainee_id: trainee.user.id,
            trainer_id: trainer.user.id,
            author_id: trainee.user.id,
            kind: 'photo' as const,
            body: '',
            created_at: ctx.clock.now(),
          })),
        )
        .returning({ id: messages.id });
      await tx.insert(messagePhotos).values(
        rows.map((row) => ({
          message_id: row.id,
          content: tiny,
          content_type: 'image/png',
          width: 8,
          height: 8,
          sha256: 'x',
        })),
      );
    });
    await call(ctx, trainee.headers, 'POST', '/v0/messages/', { body: 'texto' });
    const sent = await sendPhoto(trainee.headers, '/v0/messages/photos/', tiny);
    expect(sent.status).toBe(201);
    const [photos] = await ctx.database.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.trainee_id, trainee.user.id), eq(messages.kind, 'photo')));
    expect(photos?.n).toBe(MAX_PHOTOS_PER_PAIR);
    expect(await stored(trainee.user.id)).toBe(MAX_PHOTOS_PER_PAIR + 1);
  });

  it('count under the pair lock: parallel messages at the bound leave exactly the bound', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    await ctx.database.db.execute(sql`
      insert into messages (trainee_id, trainer_id, author_id, kind, body, created_at)
      select ${trainee.user.id}, ${trainer.user.id}, ${trainer.user.id}, 'text', 'viejo', now()
      from generate_series(1, ${MAX_MESSAGES_PER_PAIR - 2}) as n`);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? call(ctx, trainer.headers, 'POST', trainerUrl, { body: `t${i}` })
          : call(ctx, trainee.headers, 'POST', '/v0/messages/', { body: `c${i}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await stored(trainee.user.id)).toBe(MAX_MESSAGES_PER_PAIR);
  });
});

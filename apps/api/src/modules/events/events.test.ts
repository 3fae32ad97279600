import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageEvent, MessageReadEvent } from '@forja/shared/schemas/conversation';
import { PASSWORD, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { openEventStream, streamTicket, type StreamEvent } from '#test/event-stream';
import { linkedPair } from '#test/trainers';
import { userEvents } from '#db/schema/messages';
import { unlinkTrainee } from '#db/trainer-links';
import { MAX_EVENTS_PER_USER } from '#events/publish';

let ctx: TestContext;
let other: TestContext;
let baseUrl: string;
let otherUrl: string;

async function listen(context: TestContext) {
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  ctx = await createTestContext({ build: { events: { maxStreamsPerUser: 3 } } });
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
  baseUrl = await listen(ctx);
  // A second instance of the app on the same database.
  other = await createTestContext({ database: ctx.database });
  other.clock.set(new Date('2026-03-02T09:00:00.000Z'));
  otherUrl = await listen(other);
});

afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** A subscribed trainee linked to a new trainer, sharing nothing: the link is enough. */
async function pair() {
  const { trainer, trainee } = await linkedPair(ctx, { areas: {} });
  return { trainer, trainee, trainerUrl: `/v0/trainers/trainees/${trainee.user.id}/messages/` };
}

async function post(url: string, token: string, body: object, base = baseUrl) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: string } };
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return json.data;
}

const isMessage = (body: string) => (event: StreamEvent) =>
  event.event === 'message' && (JSON.parse(event.data) as MessageEvent).message.body === body;

describe('stream tickets', () => {
  it('are asked for with the access token and open one stream, once', async () => {
    const { trainee } = await pair();
    const none = await fetch(`${baseUrl}/v0/events/tickets/`, { method: 'POST' });
    expect(none.status).toBe(401);
    const ticket = await streamTicket(baseUrl, trainee.token);
    const stream = await openEventStream(baseUrl, trainee.token, { ticket });
    await stream.next((e) => e.event === 'ready');
    const again = await fetch(`${baseUrl}/v0/events/?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(again.headers.get('content-type')).toContain('application/json');
    const forged = await fetch(`${baseUrl}/v0/events/?ticket=${'a'.repeat(43)}`);
    expect(forged.status).toBe(401);
    const missing = await fetch(`${baseUrl}/v0/events/`);
    expect(missing.status).toBe(400);
    stream.close();
  });

  it('expire after a minute', async () => {
    const { trainee } = await pair();
    const ticket = await streamTicket(baseUrl, trainee.token);
    ctx.clock.set(new Date('2026-03-02T09:01:01.000Z'));
    try {
      const late = await fetch(`${baseUrl}/v0/events/?ticket=${ticket}`);
      expect(late.status).toBe(401);
    } finally {
      ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
    }
  });
});

describe('the event stream', () => {
  it('carries messages and read receipts live to both people, and nothing to others', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const stranger = await pair();
    const traineeStream = await openEventStream(baseUrl, trainee.token);
    const trainerStream = await openEventStream(baseUrl, trainer.token);
    const strangerStream = await openEventStream(baseUrl, stranger.trainer.token);
    await traineeStream.next((e) => e.event === 'ready');
    await trainerStream.next((e) => e.event === 'ready');
    await strangerStream.next((e) => e.event === 'ready');

    const sent = await post(trainerUrl, trainer.token, { body: '¿Cómo va la rodilla?' });
    const received = await traineeStream.next(isMessage('¿Cómo va la rodilla?'));
    const data = JSON.parse(received.data) as MessageEvent;
    expect(data).toMatchObject({
      trainee_id: trainee.user.id,
      trainer_id: trainer.user.id,
      message: { id: sent.id, by: 'trainer', read_at: null },
    });
    // The writer's other tabs hear of it too.
    await trainerStream.next(isMessage('¿Cómo va la rodilla?'));

    await post('/v0/messages/read/', trainee.token, { up_to: sent.id });
    const read = await trainerStream.next((e) => e.event === 'message_read');
    expect(JSON.parse(read.data) as MessageReadEvent).toMatchObject({
      trainee_id: trainee.user.id,
      reader: 'trainee',
      up_to: sent.id,
    });
    // Event ids grow.
    expect(Number(read.id)).toBeGreaterThan(Number(received.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strangerStream.events.map((e) => e.event)).toEqual(['ready']);
    for (const stream of [traineeStream, trainerStream, strangerStream]) stream.close();
  });

  it('catches up after a reconnection from Last-Event-ID: nothing is lost', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const first = await openEventStream(baseUrl, trainee.token);
    await post(trainerUrl, trainer.token, { body: 'antes' });
    await first.next(isMessage('antes'));
    const lastId = first.lastEventId();
    first.close();
    // While nobody listens: three messages and a read receipt.
    for (const body of ['uno', 'dos', 'tres']) await post(trainerUrl, trainer.token, { body });
    const mine = await post('/v0/messages/', trainee.token, { body: 'visto' });
    await post(`${trainerUrl}read/`, trainer.token, { up_to: mine.id });

    // Reconnecting to the other instance resumes after the last event received.
    const second = await openEventStream(otherUrl, trainee.token, { lastEventId: lastId });
    await second.next((e) => e.event === 'message_read');
    const kinds = second.events.map((e) =>
      e.event === 'message' ? (JSON.parse(e.data) as MessageEvent).message.body : e.event,
    );
    expect(kinds).toEqual(['ready', 'uno', 'dos', 'tres', 'visto', 'message_read']);
    expect(second.events[0]?.id).toBe(lastId);
    second.close();
  });

  it('reaches a stream on another instance of the app', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const stream = await openEventStream(otherUrl, trainee.token);
    await stream.next((e) => e.event === 'ready');
    const started = performance.now();
    await post(trainerUrl, trainer.token, { body: 'desde la otra instancia' }, baseUrl);
    const event = await stream.next(isMessage('desde la otra instancia'), 5_000);
    expect(event.at - started).toBeLessThan(5_000);
    stream.close();
  });

  it('tells a client that was away too long to reload', async () => {
    const { trainer, trainee } = await pair();
    const stream = await openEventStream(baseUrl, trainee.token);
    const ready = await stream.next((e) => e.event === 'ready');
    stream.close();
    await ctx.database.db.insert(userEvents).values(
      Array.from({ length: MAX_EVENTS_PER_USER + 1 }, () => ({
        user_id: trainee.user.id,
        kind: 'message',
        ref_id: trainer.user.id,
        created_at: ctx.clock.now(),
      })),
    );
    // The first of them goes, as a publish would trim it.
    const [oldest] = await ctx.database.db
      .select({ seq: userEvents.seq })
      .from(userEvents)
      .where(eq(userEvents.user_id, trainee.user.id))
      .orderBy(userEvents.seq)
      .limit(1);
    await ctx.database.db.delete(userEvents).where(eq(userEvents.seq, oldest?.seq ?? 0));
    const back = await openEventStream(baseUrl, trainee.token, { lastEventId: ready.id });
    await back.next((e) => e.event === 'reset');
    // Nothing of what was kept is replayed: the client reloads instead.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(back.events.map((e) => e.event)).toEqual(['reset', 'ready']);
    back.close();
  });

  it('stops sending a conversation once the link ends', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const stream = await openEventStream(baseUrl, trainee.token);
    const ready = await stream.next((e) => e.event === 'ready');
    stream.close();
    await post(trainerUrl, trainer.token, { body: 'ya no' });
    await ctx.database.db.transaction((tx) => unlinkTrainee(tx, trainee.user.id, ctx.clock.now()));
    const back = await openEventStream(baseUrl, trainee.token, { lastEventId: ready.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(back.events.map((e) => e.event)).toEqual(['ready']);
    back.close();
  });

  it.runIf(process.env.FORJA_TEST_DB === 'postgres')(
    'listens again when its connection is cut, and sends what came meanwhile',
    async () => {
      const { trainer, trainee, trainerUrl } = await pair();
      const stream = await openEventStream(baseUrl, trainee.token);
      await stream.next((e) => e.event === 'ready');
      // Every listening connection of both instances is cut, as a database restart does.
      await ctx.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`);
      await post(trainerUrl, trainer.token, { body: 'durante el corte' });
      await stream.next(isMessage('durante el corte'), 10_000);
      await post(trainerUrl, trainer.token, { body: 'después del corte' });
      await stream.next(isMessage('después del corte'), 10_000);
      stream.close();
    },
  );

  it('ends its streams when the app closes, so clients reconnect elsewhere at once', async () => {
    const { trainee } = await pair();
    const third = await createTestContext({ database: ctx.database });
    third.clock.set(new Date('2026-03-02T09:00:00.000Z'));
    const thirdUrl = await listen(third);
    const stream = await openEventStream(thirdUrl, trainee.token);
    await stream.next((e) => e.event === 'ready');
    await third.close();
    await stream.ended;
    expect(third.app.server.listening).toBe(false);
  });

  it('keeps at most the bound of streams per person: a new one ends the oldest', async () => {
    const { trainee } = await pair();
    const streams = [];
    for (let i = 0; i < 3; i += 1) {
      const stream = await openEventStream(baseUrl, trainee.token);
      await stream.next((e) => e.event === 'ready');
      streams.push(stream);
    }
    const fourth = await openEventStream(baseUrl, trainee.token);
    await fourth.next((e) => e.event === 'ready');
    await streams[0]?.ended;
    for (const stream of [...streams, fourth]) stream.close();
  });
});

/** Resolves when the stream ends, or fails after `ms`: an ended session must close it at once. */
async function endsWithin(stream: { ended: Promise<void> }, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      resolve('late');
    }, ms);
  });
  const outcome = await Promise.race([stream.ended.then(() => 'ended' as const), late]);
  clearTimeout(timer);
  return outcome;
}

describe('a session that ends', () => {
  it('on logout closes its streams on every instance at once, and its tickets open none', async () => {
    const { trainer, trainee, trainerUrl } = await pair();
    const here = await openEventStream(baseUrl, trainee.token);
    await here.next((e) => e.event === 'ready');
    const there = await openEventStream(otherUrl, trainee.token);
    await there.next((e) => e.event === 'ready');
    const kept = await streamTicket(baseUrl, trainee.token);
    // Another session of the same person goes on.
    const other = (await signIn(ctx, trainee.user.id)).access_token;
    const unaffected = await openEventStream(baseUrl, other);
    await unaffected.next((e) => e.event === 'ready');

    const out = await fetch(`${baseUrl}/v0/auth/logout/`, {
      method: 'POST',
      headers: { authorization: `Token ${trainee.token}` },
    });
    expect(out.status).toBe(200);
    expect(await endsWithin(here, 2000)).toBe('ended');
    expect(await endsWithin(there, 2000)).toBe('ended');
    const refused = await fetch(`${baseUrl}/v0/events/?ticket=${kept}`);
    expect(refused.status).toBe(401);

    await post(trainerUrl, trainer.token, { body: 'solo a la otra sesión' });
    await unaffected.next(isMessage('solo a la otra sesión'));
    expect(here.events.some(isMessage('solo a la otra sesión'))).toBe(false);
    unaffected.close();
  });

  it('on a password change closes every stream of the person and refuses their tickets', async () => {
    const { trainee } = await pair();
    const here = await openEventStream(baseUrl, trainee.token);
    await here.next((e) => e.event === 'ready');
    const elsewhere = (await signIn(ctx, trainee.user.id)).access_token;
    const there = await openEventStream(otherUrl, elsewhere);
    await there.next((e) => e.event === 'ready');
    const kept = await streamTicket(otherUrl, elsewhere);

    const changed = await fetch(`${baseUrl}/v0/users/password-change/`, {
      method: 'POST',
      headers: { authorization: `Token ${trainee.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        current_password: PASSWORD,
        password: 'murciélago violeta sobre el tejado de Cuenca',
      }),
    });
    expect(changed.status, await changed.text()).toBe(200);
    expect(await endsWithin(here, 2000)).toBe('ended');
    expect(await endsWithin(there, 2000)).toBe('ended');
    expect((await fetch(`${otherUrl}/v0/events/?ticket=${kept}`)).status).toBe(401);
  });

  it('with the account deleted closes its streams', async () => {
    const { trainee } = await pair();
    const there = await openEventStream(otherUrl, trainee.token);
    await there.next((e) => e.event === 'ready');
    const gone = await fetch(`${baseUrl}/v0/users/${trainee.user.id}/`, {
      method: 'DELETE',
      headers: { authorization: `Token ${trainee.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: 'ELIMINAR', password: PASSWORD }),
    });
    expect(gone.status, await gone.text()).toBe(200);
    expect(await endsWithin(there, 2000)).toBe('ended');
  });
});

import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { AppError } from './app-error';
import { registerAuthentication, requireUser } from './authentication';
import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  MAX_IDEMPOTENCY_KEYS_PER_PERSON,
  purgeIdempotencyKeys,
} from './idempotency';

let ctx: TestContext;

const renamed = (name: string) => sql`update users set first_name = ${name}`;

beforeAll(async () => {
  ctx = await createTestContext({
    // Writes of the kind a handler can end in: failing or refusing after their effect,
    // made with the handle the request gives the handler.
    extend(root, deps) {
      void root.register((app) => {
        registerAuthentication(app, { db: deps.database.db, clock: deps.clock });
        const schema = { security: [{ token: [] }] };
        const userOf = (request: FastifyRequest) => requireUser(request).userId;
        app.post('/v0/pruebas/falla/', { schema }, async (request) => {
          await request.deps.db.execute(sql`${renamed('Falla')} where id = ${userOf(request)}`);
          throw new Error('falla después de escribir');
        });
        app.post('/v0/pruebas/rechaza/', { schema }, async (request) => {
          await request.deps.db.execute(sql`${renamed('Rechaza')} where id = ${userOf(request)}`);
          throw new AppError('idempotencyKeyInProgress');
        });
        return Promise.resolve();
      });
    },
  });
});

afterAll(async () => {
  await ctx.close();
});

const DAY = '2026-03-02';
const snack = { kind: 'quick', date: DAY, meal: 'merienda', name: 'Yogur', kcal: 120 };

type Method = 'POST' | 'PUT' | 'DELETE';

async function send(
  who: SignedInUser,
  method: Method,
  url: string,
  key: string | undefined,
  payload?: object,
) {
  const headers: Record<string, string> = { ...auth(who.token) };
  if (key !== undefined) headers['idempotency-key'] = key;
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function entriesOf(who: SignedInUser): Promise<number> {
  const [row] = await ctx.database.rows<{ n: number }>(
    sql`select count(*)::int as n from diary_entries where user_id = ${who.user.id}`,
  );
  return row?.n ?? 0;
}

async function keysOf(who: SignedInUser): Promise<number> {
  const [row] = await ctx.database.rows<{ n: number }>(
    sql`select count(*)::int as n from idempotency_keys where user_id = ${who.user.id}`,
  );
  return row?.n ?? 0;
}

describe('a write sent with an Idempotency-Key', () => {
  it('is applied once, and the same key with the same body answers the first answer again', async () => {
    const ana = await signedInUser(ctx);
    const first = await send(ana, 'POST', '/v0/diary/entries/', 'anadir-yogur-1', snack);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The same object with its keys in another order is the same request.
    const reordered = { meal: 'merienda', kcal: 120, name: 'Yogur', date: DAY, kind: 'quick' };
    const again = await send(ana, 'POST', '/v0/diary/entries/', 'anadir-yogur-1', reordered);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    expect(await entriesOf(ana)).toBe(1);
    expect(await keysOf(ana)).toBe(1);

    // Without a key, every call is a new write.
    expect((await send(ana, 'POST', '/v0/diary/entries/', undefined, snack)).statusCode).toBe(201);
    expect((await send(ana, 'POST', '/v0/diary/entries/', undefined, snack)).statusCode).toBe(201);
    expect(await entriesOf(ana)).toBe(3);
  });

  it('answers 422 in the envelope when the key comes back with another request', async () => {
    const ana = await signedInUser(ctx);
    await send(ana, 'POST', '/v0/diary/entries/', 'clave-1', snack);
    const other = await send(ana, 'POST', '/v0/diary/entries/', 'clave-1', { ...snack, kcal: 121 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      status: 422,
      data: {
        error: 'idempotency key reused',
        message: expect.stringContaining('ya se usó con otra petición distinta') as string,
      },
    });
    // Nor is it the same request at another address.
    const elsewhere = await send(ana, 'PUT', `/v0/diary/days/${DAY}/water/`, 'clave-1', {
      water_ml: 250,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(await entriesOf(ana)).toBe(1);
    const day = await ana.call<{ water_ml: number }>('GET', `/v0/diary/days/${DAY}/`);
    expect(day.data.water_ml).toBe(0);
  });

  it('answers 400 for a key that is empty, too long or not printable, and changes nothing', async () => {
    const ana = await signedInUser(ctx);
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'ñandú']) {
      const res = await send(ana, 'POST', '/v0/diary/entries/', key, snack);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json<{ data: { error: string; message: string } }>().data).toMatchObject({
        error: 'invalid idempotency key',
        message: expect.stringContaining('Idempotency-Key') as string,
      });
    }
    expect(await entriesOf(ana)).toBe(0);
    const longest = await send(ana, 'POST', '/v0/diary/entries/', 'x'.repeat(255), snack);
    expect(longest.statusCode).toBe(201);
    expect(await entriesOf(ana)).toBe(1);
  });

  it('applies five simultaneous requests with the same key once', async () => {
    const ana = await signedInUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(ana, 'POST', '/v0/diary/entries/', 'a-la-vez', snack)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const replayed = answers.filter((res) => res.headers['idempotent-replayed'] === 'true');
    expect(replayed).toHaveLength(4);
    const bodies = new Set(answers.map((res) => res.body));
    expect(bodies.size).toBe(1);
    expect(await entriesOf(ana)).toBe(1);
  });

  it("does not let one person's key answer for another", async () => {
    const ana = await signedInUser(ctx);
    const bea = await signedInUser(ctx);
    const anas = await send(ana, 'POST', '/v0/diary/entries/', 'misma-clave', snack);
    const beas = await send(bea, 'POST', '/v0/diary/entries/', 'misma-clave', snack);
    expect(beas.statusCode).toBe(201);
    expect(beas.headers['idempotent-replayed']).toBeUndefined();
    expect(beas.body).not.toBe(anas.body);
    expect(await entriesOf(ana)).toBe(1);
    expect(await entriesOf(bea)).toBe(1);
  });

  it('replays PUT and DELETE too, and stores a 4xx answer', async () => {
    const ana = await signedInUser(ctx);
    const water = `/v0/diary/days/${DAY}/water/`;
    const put = await send(ana, 'PUT', water, 'agua', { water_ml: 500 });
    expect(put.statusCode).toBe(200);
    // Changed in between: the replay still says what the first call answered.
    await ana.call('PUT', water, { water_ml: 750 });
    const putAgain = await send(ana, 'PUT', water, 'agua', { water_ml: 500 });
    expect(putAgain.headers['idempotent-replayed']).toBe('true');
    expect(putAgain.body).toBe(put.body);
    const day = await ana.call<{ water_ml: number }>('GET', `/v0/diary/days/${DAY}/`);
    expect(day.data.water_ml).toBe(750);

    const created = await send(ana, 'POST', '/v0/diary/entries/', undefined, snack);
    const id = created.json<{ data: { id: string } }>().data.id;
    const url = `/v0/diary/entries/${id}/`;
    const deleted = await send(ana, 'DELETE', url, 'borrar');
    expect(deleted.statusCode).toBe(200);
    const deletedAgain = await send(ana, 'DELETE', url, 'borrar');
    expect(deletedAgain.statusCode).toBe(200);
    expect(deletedAgain.body).toBe(deleted.body);
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
    // Without the key, the second delete finds nothing.
    const plain = await send(ana, 'DELETE', url, undefined);
    expect(plain.statusCode).toBe(404);
    // A 4xx is kept as well: the same key answers the same 404.
    const missing = await send(ana, 'DELETE', url, 'borrar-otra-vez');
    expect(missing.statusCode).toBe(404);
    const missingAgain = await send(ana, 'DELETE', url, 'borrar-otra-vez');
    expect(missingAgain.statusCode).toBe(404);
    expect(missingAgain.headers['idempotent-replayed']).toBe('true');
    expect(missingAgain.body).toBe(missing.body);
  });

  it('leaves reads, sign-in and calls without a person alone', async () => {
    const ana = await signedInUser(ctx);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v0/diary/days/${DAY}/`,
      headers: { ...auth(ana.token), 'idempotency-key': 'lectura' },
    });
    expect(read.statusCode).toBe(200);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/v0/diary/entries/',
      headers: { 'idempotency-key': 'sin-sesion' },
      payload: snack,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await keysOf(ana)).toBe(0);
    const [row] = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from idempotency_keys where key in ('lectura', 'sin-sesion')`,
    );
    expect(row?.n).toBe(0);
  });
});

describe('the bounds of the stored keys', () => {
  it('forgets keys after 7 days in the hourly pass, and an expired key is free again', async () => {
    const ana = await signedInUser(ctx);
    await send(ana, 'POST', '/v0/diary/entries/', 'vieja', snack);
    await send(ana, 'POST', '/v0/diary/entries/', 'nueva', snack);
    // 'vieja' was sent 7 days and a minute ago, 'nueva' a minute short of 7 days ago.
    const lifetime = `${IDEMPOTENCY_KEY_LIFETIME_MS / 1000} seconds`;
    await ctx.database.rows(sql`
      update idempotency_keys
      set created_at = created_at - ${lifetime}::interval
        + (case when key = 'vieja' then interval '-1 minute' else interval '1 minute' end)
      where user_id = ${ana.user.id}`);
    const [stillThere] = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from idempotency_keys where user_id = ${ana.user.id}`,
    );
    expect(stillThere?.n).toBe(2);

    // Expired but not yet purged: the key starts over with whatever it is sent with now.
    const reused = await send(ana, 'POST', '/v0/diary/entries/', 'vieja', { ...snack, kcal: 90 });
    expect(reused.statusCode).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(await entriesOf(ana)).toBe(3);

    // The pass deletes what is past its 7 days ('nueva' now), and only that.
    ctx.clock.advance(120_000);
    const purged = await purgeIdempotencyKeys({ db: ctx.database.db, clock: ctx.clock });
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.rows<{ key: string }>(
      sql`select key from idempotency_keys where user_id = ${ana.user.id}`,
    );
    expect(left.map((row) => row.key)).toEqual(['vieja']);
  });

  it(`keeps at most ${MAX_IDEMPOTENCY_KEYS_PER_PERSON} keys per person, the newest`, async () => {
    const ana = await signedInUser(ctx);
    const bea = await signedInUser(ctx);
    const now = ctx.clock.now().getTime();
    for (const who of [ana, bea]) {
      await ctx.database.rows(sql`
        insert into idempotency_keys (user_id, key, fingerprint, status, created_at)
        select ${who.user.id}, 'k' || n, 'POST /v0/x', 204,
               ${new Date(now - 3_600_000).toISOString()}::timestamptz + n * interval '1 second'
        from generate_series(1, ${MAX_IDEMPOTENCY_KEYS_PER_PERSON}) as n`);
    }
    const res = await send(ana, 'POST', '/v0/diary/entries/', 'la-1001', snack);
    expect(res.statusCode).toBe(201);
    expect(await keysOf(ana)).toBe(MAX_IDEMPOTENCY_KEYS_PER_PERSON);
    const oldest = await ctx.database.rows<{ key: string }>(
      sql`select key from idempotency_keys where user_id = ${ana.user.id} and key in ('k1', 'k2', 'la-1001')`,
    );
    // The oldest one went to make room.
    expect(oldest.map((row) => row.key).sort()).toEqual(['k2', 'la-1001']);
    // Another person's keys are theirs.
    expect(await keysOf(bea)).toBe(MAX_IDEMPOTENCY_KEYS_PER_PERSON);
  });
});

describe('the effect and the key together', () => {
  async function nameOf(who: SignedInUser) {
    const [row] = await ctx.database.rows<{ first_name: string; last_name: string }>(
      sql`select first_name, last_name from users where id = ${who.user.id}`,
    );
    return row;
  }

  it('keeps neither when the answer is a 5xx, so the retry runs again', async () => {
    const ana = await signedInUser(ctx);
    const before = await nameOf(ana);
    const failed = await send(ana, 'POST', '/v0/pruebas/falla/', 'falla', {});
    expect(failed.statusCode).toBe(500);
    expect(await nameOf(ana)).toEqual(before);
    expect(await keysOf(ana)).toBe(0);
    const again = await send(ana, 'POST', '/v0/pruebas/falla/', 'falla', {});
    expect(again.statusCode).toBe(500);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('undoes the effect when its answer cannot be stored, and forgets the key', async () => {
    const ana = await signedInUser(ctx);
    // Storing this key's answer fails in the database, after the handler's effect.
    await ctx.database.rows(sql`
      create or replace function pruebas_no_se_guarda() returns trigger language plpgsql as $$
      begin
        if new.key = 'no-se-guarda' and new.status is not null then
          raise exception 'la respuesta no se guarda';
        end if;
        return new;
      end $$`);
    await ctx.database.rows(sql`
      create trigger pruebas_no_se_guarda before update on idempotency_keys
      for each row execute function pruebas_no_se_guarda()`);
    try {
      const res = await send(ana, 'POST', '/v0/diary/entries/', 'no-se-guarda', snack);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(await entriesOf(ana)).toBe(0);
      expect(await keysOf(ana)).toBe(0);
    } finally {
      await ctx.database.rows(sql`drop trigger pruebas_no_se_guarda on idempotency_keys`);
    }
    const again = await send(ana, 'POST', '/v0/diary/entries/', 'no-se-guarda', snack);
    expect(again.statusCode).toBe(201);
    expect(await entriesOf(ana)).toBe(1);
  });

  it('undoes the effect of a 4xx and keeps its answer', async () => {
    const ana = await signedInUser(ctx);
    const before = await nameOf(ana);
    const refused = await send(ana, 'POST', '/v0/pruebas/rechaza/', 'rechaza', {});
    expect(refused.statusCode).toBe(409);
    expect(await nameOf(ana)).toEqual(before);
    expect(await keysOf(ana)).toBe(1);
    const again = await send(ana, 'POST', '/v0/pruebas/rechaza/', 'rechaza', {});
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

import { TERMS_VERSION } from '@forja/shared/constants';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@forja/shared/errors';
import { auth, createUser, PASSWORD, signIn, uniqueEmail } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { accessTokens, refreshTokens, sessionFamilies } from '#db/schema/auth';
import { users } from '#db/schema/users';
import { hashToken } from '#security/tokens';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

interface Tokens {
  access_token: string;
  refresh_token: string;
}

function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const login = (email: string, password: string) => post('/v0/auth/login/', { email, password });
const refresh = (refresh_token: string) => post('/v0/auth/refresh/', { refresh_token });
const me = (access: string) =>
  ctx.app.inject({ method: 'GET', url: '/v0/users/', headers: auth(access) });

describe('POST /auth/login/', () => {
  it('answers a pair of opaque tokens, stores only their hashes and sets last_login', async () => {
    const user = await createUser(ctx);
    const res = await login(user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Tokens }>();
    expect(data).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    // 256 random bits each, URL-safe.
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['cache-control']).toBe('no-store');

    const [access] = await ctx.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.user_id, user.id));
    expect(access?.token_hash).toBe(hashToken(data.access_token));
    const stored = JSON.stringify(await ctx.database.db.select().from(refreshTokens));
    expect(stored).not.toContain(data.refresh_token);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.last_login).toEqual(ctx.clock.now());
    const current = await me(data.access_token);
    expect(current.json()).toMatchObject({
      data: [{ id: user.id, last_login: ctx.clock.now().toISOString() }],
    });
  });

  it('answers a wrong password and an unknown e-mail alike: 401 invalid credentials', async () => {
    const user = await createUser(ctx);
    const wrong = await login(user.email, 'no es la contraseña');
    const unknown = await login(uniqueEmail('nadie'), PASSWORD);
    const expected = {
      status: 401,
      data: { error: 'invalid credentials', message: AUTH_MESSAGES.invalidCredentials },
    };
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(expected);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('spends a password check on an unknown e-mail too, so timing tells nothing', async () => {
    const user = await createUser(ctx);
    const time = async (email: string) => {
      const started = performance.now();
      await login(email, 'no es la contraseña');
      return performance.now() - started;
    };
    await time(user.email);
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      wrong.push(await time(user.email));
      unknown.push(await time(uniqueEmail('nadie')));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    // A verification costs tens of milliseconds; a lookup alone a fraction of one.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it('answers the right password of an unverified account with 401 user not enabled', async () => {
    const user = await createUser(ctx, { enabled: false });
    const res = await login(user.email, PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 401,
      data: { error: 'user not enabled', message: AUTH_MESSAGES.emailNotVerified },
    });
    // A wrong password does not reveal that the account exists and waits for verification.
    const wrong = await login(user.email, 'no es la contraseña');
    expect(wrong.json()).toMatchObject({ data: { error: 'invalid credentials' } });
  });

  it('accepts long Unicode passwords untruncated', async () => {
    const password = `ñandú 🏋️ ${'á'.repeat(200)}`;
    const user = await createUser(ctx, { password });
    expect((await login(user.email, password)).statusCode).toBe(200);
    expect((await login(user.email, password.slice(0, -1))).statusCode).toBe(401);
  });

  it('refuses unknown fields and NUL in the body with 400', async () => {
    const user = await createUser(ctx);
    const extra = await post('/v0/auth/login/', {
      email: user.email,
      password: PASSWORD,
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
    const nul = await ctx.app.inject({
      method: 'POST',
      url: '/v0/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${user.email}","password":"corr\\u0000ecto caballo"}`,
    });
    expect(nul.statusCode).toBe(400);
  });
});

describe('the Authorization header', () => {
  it('lets a valid access token through for 15 minutes', async () => {
    const user = await createUser(ctx);
    const { access_token } = await signIn(ctx, user.id);
    expect((await me(access_token)).statusCode).toBe(200);
    ctx.clock.advance(15 * 60_000 - 1_000);
    expect((await me(access_token)).statusCode).toBe(200);
    ctx.clock.advance(1_000);
    const expired = await me(access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ status: 401, data: { error: 'unauthorized' } });
  });

  it('answers a missing or malformed header with 401, never 500', async () => {
    const user = await createUser(ctx);
    const { access_token } = await signIn(ctx, user.id);
    const headers: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Token' },
      { authorization: 'Token ' },
      { authorization: `Bearer ${access_token}` },
      { authorization: `token ${access_token}` },
      { authorization: `Token ${access_token} extra` },
      { authorization: `Token ${access_token.slice(1)}` },
      { authorization: `Token ${'a'.repeat(5000)}` },
      { authorization: 'Token ñandú' },
      { authorization: "Token ' or 1=1 --" },
      { authorization: `Token ${access_token}\u0000` },
    ];
    for (const header of headers) {
      const res = await ctx.app.inject({ method: 'GET', url: '/v0/users/', headers: header });
      expect(res.statusCode, JSON.stringify(header)).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, data: { error: 'unauthorized' } });
    }
  });

  it('does not take a refresh token for an access token', async () => {
    const user = await createUser(ctx);
    const { refresh_token } = await signIn(ctx, user.id);
    expect((await me(refresh_token)).statusCode).toBe(401);
  });
});

describe('POST /auth/refresh/', () => {
  it('rotates: a new pair, and the old access token keeps working until it expires', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.id);
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json<{ data: Tokens }>().data;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).statusCode).toBe(200);
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is replayed after the grace window', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.id);
    const second = (await refresh(first.refresh_token)).json<{ data: Tokens }>().data;
    ctx.clock.advance(11_000);

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    const families = await ctx.database.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.user_id, user.id));
    expect(families[0]?.revoked_reason).toBe('refresh token reused');
  });

  it('returns the same child to a repeat within the grace window (two tabs)', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.id);
    const tabA = (await refresh(first.refresh_token)).json<{ data: Tokens }>().data;
    ctx.clock.advance(5_000);
    const tabB = (await refresh(first.refresh_token)).json<{ data: Tokens }>().data;
    expect(tabB.refresh_token).toBe(tabA.refresh_token);
    expect((await me(tabA.access_token)).statusCode).toBe(200);
    expect((await me(tabB.access_token)).statusCode).toBe(200);
    // The session goes on with the shared child.
    expect((await refresh(tabA.refresh_token)).statusCode).toBe(200);
  });

  it('treats a token two rotations old as theft even inside the grace window', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.id);
    const second = (await refresh(first.refresh_token)).json<{ data: Tokens }>().data;
    ctx.clock.advance(1_000);
    const third = (await refresh(second.refresh_token)).json<{ data: Tokens }>().data;
    ctx.clock.advance(1_000);

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
    expect((await me(third.access_token)).statusCode).toBe(401);
    const [family] = await ctx.database.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.user_id, user.id));
    expect(family?.revoked_reason).toBe('refresh token reused');
  });

  it('answers replays of the parent inside the window with the same pair, minting nothing', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.id);
    const child = (await refresh(first.refresh_token)).json<{ data: Tokens }>().data;
    const [login] = await ctx.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.token_hash, hashToken(first.access_token)));
    const issued = async () =>
      (
        await ctx.database.db
          .select()
          .from(accessTokens)
          .where(eq(accessTokens.family_id, login?.family_id ?? ''))
      ).length;
    expect(await issued()).toBe(2);

    for (let replay = 0; replay < 20; replay += 1) {
      const res = await refresh(first.refresh_token);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: Tokens }>().data).toEqual(child);
    }
    expect(await issued()).toBe(2);
    expect((await me(child.access_token)).statusCode).toBe(200);
  });

  it('keeps two tabs refreshing at the same moment logged in', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.id);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => refresh(first.refresh_token)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const children = new Set(answers.map((res) => res.json<{ data: Tokens }>().data.refresh_token));
    expect(children.size).toBe(1);
    for (const res of answers) {
      expect((await me(res.json<{ data: Tokens }>().data.access_token)).statusCode).toBe(200);
    }
    const rows = await ctx.database.db.select().from(refreshTokens);
    const family = rows.find((row) => row.token_hash === hashToken(first.refresh_token));
    expect(rows.filter((row) => row.family_id === family?.family_id)).toHaveLength(2);
  });

  it('expires a refresh token left unused for 14 days, and every session after 60 days', async () => {
    const user = await createUser(ctx);
    const idle = await signIn(ctx, user.id);
    ctx.clock.advance(14 * 24 * 3_600_000);
    expect((await refresh(idle.refresh_token)).statusCode).toBe(401);

    let tokens = await signIn(ctx, user.id);
    for (let day = 0; day < 60; day += 10) {
      ctx.clock.advance(10 * 24 * 3_600_000 - 1);
      const res = await refresh(tokens.refresh_token);
      if (day < 50) {
        expect(res.statusCode, `day ${day + 10}`).toBe(200);
        tokens = res.json<{ data: Tokens }>().data;
      } else {
        expect(res.statusCode).toBe(200);
      }
    }
    ctx.clock.advance(10);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('answers unknown, malformed and missing tokens with 401 or 400, never 500', async () => {
    expect((await refresh('A'.repeat(43))).statusCode).toBe(401);
    expect((await refresh('no-es-un-token')).statusCode).toBe(401);
    expect((await post('/v0/auth/refresh/', {})).statusCode).toBe(400);
    expect((await post('/v0/auth/refresh/', { refresh_token: 'x', extra: 1 })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /auth/logout/', () => {
  it('revokes the session of the access token: its refresh token dies too', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.id);
    const other = await signIn(ctx, user.id);
    const res = await post('/v0/auth/logout/', undefined, auth(session.access_token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200 });
    expect((await me(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    // Another device's session is untouched.
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('answers 200 with an expired, revoked, unknown or missing token, and with any body', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.id);
    ctx.clock.advance(20 * 60_000);
    // An expired access token still ends its session.
    expect((await post('/v0/auth/logout/', undefined, auth(session.access_token))).statusCode).toBe(
      200,
    );
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    for (const headers of [
      auth(session.access_token),
      auth('A'.repeat(43)),
      { authorization: 'Basic abc' },
      {},
    ]) {
      expect((await post('/v0/auth/logout/', undefined, headers)).statusCode).toBe(200);
    }
    const withEmptyJson = await ctx.app.inject({
      method: 'POST',
      url: '/v0/auth/logout/',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(withEmptyJson.statusCode).toBe(200);
    expect((await post('/v0/auth/logout/', {})).statusCode).toBe(200);
  });
});

describe('when the database goes away', () => {
  it('answers signed-in calls and logins with a 503 in JSON, not a 500', async () => {
    const broken = await createTestContext();
    const user = await createUser(broken);
    const { access_token } = await signIn(broken, user.id);
    await broken.database.close();
    try {
      const current = await broken.app.inject({
        method: 'GET',
        url: '/v0/users/',
        headers: auth(access_token),
      });
      expect(current.statusCode).toBe(503);
      expect(current.json()).toMatchObject({ status: 503, data: { error: 'service unavailable' } });
      const attempt = await broken.app.inject({
        method: 'POST',
        url: '/v0/auth/login/',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(attempt.statusCode).toBe(503);
    } finally {
      await broken.app.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After per account and per address on login', async () => {
    const limited = await createTestContext({
      database: ctx.database,
      build: {
        rateLimits: {
          login: {
            perIp: { max: 4, windowMs: 60_000 },
            perAccount: { max: 2, windowMs: 60_000 },
          },
        },
      },
    });
    try {
      const attempt = (email: string, remoteAddress = '203.0.113.7') =>
        limited.app.inject({
          method: 'POST',
          url: '/v0/auth/login/',
          remoteAddress,
          payload: { email, password: 'no es la contraseña' },
        });
      const email = uniqueEmail('limitada');
      expect((await attempt(email)).statusCode).toBe(401);
      expect((await attempt(email.toUpperCase())).statusCode).toBe(401);
      const blocked = await attempt(email);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(blocked.json()).toMatchObject({ status: 429, data: { error: 'too many requests' } });
      // The account stays limited from another address.
      expect((await attempt(email, '198.51.100.9')).statusCode).toBe(429);

      // Per address: different accounts from one address.
      expect((await attempt(uniqueEmail())).statusCode).toBe(401);
      expect((await attempt(uniqueEmail())).statusCode).toBe(429);
      expect((await attempt(uniqueEmail(), '198.51.100.10')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('limits registration, verification, resend and reset too, per account and per address', async () => {
    const perAccount = { max: 1, windowMs: 60_000 };
    const perIp = { max: 2, windowMs: 60_000 };
    const limits = { perIp, perAccount };
    const limited = await createTestContext({
      database: ctx.database,
      build: {
        rateLimits: {
          registration: limits,
          verification: limits,
          verificationResend: limits,
          passwordResetTrigger: limits,
          passwordReset: limits,
        },
      },
    });
    try {
      const calls: [string, (email: string) => object][] = [
        [
          '/v0/users/registrations/',
          (email) => ({
            email,
            password: 'corta pero válida',
            first_name: 'A',
            last_name: 'B',
            country: 'ES',
            terms_version: TERMS_VERSION,
          }),
        ],
        ['/v0/users/registrations/email-verifications/', (email) => ({ email, token: '123456' })],
        ['/v0/users/registrations/email-verifications/resend/', (email) => ({ email })],
        ['/v0/users/password-reset/triggers/', (email) => ({ email })],
        [
          '/v0/users/password-reset/',
          (email) => ({ email, password: 'otra clave larga', token: 'x'.repeat(43) }),
        ],
      ];
      for (const [url, payload] of calls) {
        const send = (email: string, remoteAddress: string) =>
          limited.app.inject({ method: 'POST', url, remoteAddress, payload: payload(email) });
        const email = uniqueEmail();
        expect((await send(email, '203.0.113.20')).statusCode, url).not.toBe(429);
        // The same account from another address: limited per account.
        const again = await send(email.toUpperCase(), '198.51.100.20');
        expect(again.statusCode, url).toBe(429);
        expect(Number(again.headers['retry-after']), url).toBeGreaterThan(0);
        // Other accounts from the first address: limited per address.
        expect((await send(uniqueEmail(), '203.0.113.20')).statusCode, url).not.toBe(429);
        expect((await send(uniqueEmail(), '203.0.113.20')).statusCode, url).toBe(429);
        expect((await send(uniqueEmail(), '198.51.100.21')).statusCode, url).not.toBe(429);
      }
    } finally {
      await limited.close();
    }
  });

  it('honours X-Forwarded-For only when TRUST_PROXY names the proxy hops', async () => {
    const rateLimits = {
      login: { perIp: { max: 1, windowMs: 60_000 }, perAccount: { max: 100, windowMs: 60_000 } },
    };
    const attempt = (app: TestContext['app'], forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/v0/auth/login/',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: uniqueEmail(), password: 'no es la contraseña' },
      });

    const direct = await createTestContext({ database: ctx.database, build: { rateLimits } });
    try {
      expect((await attempt(direct.app, '203.0.113.1')).statusCode).toBe(401);
      // A forged header does not buy a fresh allowance.
      expect((await attempt(direct.app, '203.0.113.2')).statusCode).toBe(429);
    } finally {
      await direct.close();
    }

    const proxied = await createTestContext({
      database: ctx.database,
      env: { TRUST_PROXY: '1' },
      build: { rateLimits },
    });
    try {
      expect((await attempt(proxied.app, '203.0.113.1')).statusCode).toBe(401);
      expect((await attempt(proxied.app, '203.0.113.2')).statusCode).toBe(401);
      expect((await attempt(proxied.app, '203.0.113.1')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('shares the counts between instances through Redis', async (test) => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const probe = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      retryStrategy: () => null,
    });
    try {
      await probe.connect();
      await probe.ping();
    } catch {
      console.warn(`Redis is not reachable at ${redisUrl}: skipping the shared rate-limit test`);
      probe.disconnect();
      test.skip();
      return;
    }
    const namespace = `forja-test:${crypto.randomUUID()}:`;
    const build = {
      rateLimitNamespace: namespace,
      rateLimits: {
        login: { perIp: { max: 100, windowMs: 60_000 }, perAccount: { max: 2, windowMs: 60_000 } },
      },
    };
    const clients = [new Redis(redisUrl), new Redis(redisUrl)];
    const [a, b] = await Promise.all(
      clients.map((redis) => createTestContext({ database: ctx.database, build, redis })),
    );
    try {
      if (!a || !b) throw new Error('instances not started');
      const email = uniqueEmail('compartida');
      const attempt = (instance: TestContext) =>
        instance.app.inject({
          method: 'POST',
          url: '/v0/auth/login/',
          payload: { email, password: 'no es la contraseña' },
        });
      expect((await attempt(a)).statusCode).toBe(401);
      expect((await attempt(b)).statusCode).toBe(401);
      const third = await attempt(a);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(b)).statusCode).toBe(429);
    } finally {
      await Promise.all([a?.close(), b?.close()]);
      const keys = await probe.keys(`${namespace}*`);
      if (keys.length > 0) await probe.del(...keys);
      await Promise.all([...clients, probe].map((redis) => redis.quit()));
    }
  });
});

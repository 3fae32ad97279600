import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@forja/shared/errors';
import { auth, createUser, PASSWORD, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { recoveryCodes, twoFactor } from '#db/schema/auth';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? auth(token) : {},
  });
}

/** The code an authenticator app shows for `secret`, `offsetSteps` steps from the test clock. */
function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: ctx.clock.now().getTime() + offsetSteps * 30_000 });
}

/** A code that is none of those accepted now (±1 step). */
function wrongCodeFor(secret: string): string {
  const near = new Set([-1, 0, 1].map((step) => codeFor(secret, step)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** A person with two-factor sign-in on: their secret and recovery codes. */
async function enrolled() {
  const user = await createUser(ctx);
  const session = await signIn(ctx, user.id);
  const base = `/v0/users/${user.id}/two-factor/`;
  const started = await call('POST', base, session.access_token);
  expect(started.statusCode).toBe(201);
  const { secret, otpauth_url } = started.json<{
    data: { secret: string; otpauth_url: string };
  }>().data;
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(otpauth_url).toContain('issuer=Forja');
  const confirmed = await call('POST', `${base}confirmation/`, session.access_token, {
    code: codeFor(secret),
  });
  expect(confirmed.statusCode).toBe(200);
  const codes = confirmed.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
  // The code that confirmed is used: the next login waits for the next step.
  ctx.clock.advance(30_000);
  return { user, session, base, secret, codes };
}

const login = (email: string, extra: object = {}) =>
  call('POST', '/v0/auth/login/', undefined, { email, password: PASSWORD, ...extra });

describe('two-factor enrolment', () => {
  it('is on only once a code confirms it, shows ten recovery codes once, never the secret again', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.id);
    const base = `/v0/users/${user.id}/two-factor/`;
    const started = await call('POST', base, session.access_token);
    const { secret } = started.json<{ data: { secret: string } }>().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Not on yet: the login is the same as without it.
    expect((await login(user.email)).statusCode).toBe(200);
    const wrong = await call('POST', `${base}confirmation/`, session.access_token, {
      code: wrongCodeFor(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      data: { error: 'wrong two factor code', message: PASSWORD_MESSAGES.twoFactorWrong },
    });
    expect((await call('GET', base, session.access_token)).json()).toEqual({
      status: 200,
      data: { enabled: false, recovery_codes_left: 0 },
    });

    const confirmed = await call('POST', `${base}confirmation/`, session.access_token, {
      code: codeFor(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await call('GET', base, session.access_token);
    expect(status.json()).toEqual({
      status: 200,
      data: { enabled: true, recovery_codes_left: 10 },
    });
    expect(status.body).not.toContain(secret);
    const again = await call('POST', base, session.access_token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ data: { error: 'two factor already enabled' } });
    const twice = await call('POST', `${base}confirmation/`, session.access_token, {
      code: codeFor(secret, 1),
    });
    expect(twice.statusCode).toBe(409);

    // Kept as hashes only.
    const stored = await ctx.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.user_id, user.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.code_hash).join(' ');
    for (const code of codes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }
  });

  it('is nobody else’s business: another person’s path is a 404', async () => {
    const { user } = await enrolled();
    const other = await createUser(ctx);
    const session = await signIn(ctx, other.id);
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(method, `/v0/users/${user.id}/two-factor/`, session.access_token);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('login with two-factor sign-in', () => {
  it('asks for the code after a right password, then takes it once', async () => {
    const { user, secret } = await enrolled();
    const bare = await login(user.email);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({
      status: 401,
      data: { error: 'two factor code required', message: PASSWORD_MESSAGES.twoFactorRequired },
    });
    // A wrong password is the same answer as ever, code or not.
    const wrongPassword = await call('POST', '/v0/auth/login/', undefined, {
      email: user.email,
      password: 'no es la contraseña',
      totp_code: codeFor(secret),
    });
    expect(wrongPassword.json()).toMatchObject({ data: { error: 'invalid credentials' } });

    const code = codeFor(secret);
    const ok = await login(user.email, { totp_code: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: { access_token: string } }>().data.access_token).toBeTruthy();

    const replayed = await login(user.email, { totp_code: code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({
      data: { error: 'invalid two factor code', message: PASSWORD_MESSAGES.twoFactorWrong },
    });
  });

  it('takes a code one step early or late, not two, and never an older step than one used', async () => {
    const { user, secret } = await enrolled();
    expect((await login(user.email, { totp_code: codeFor(secret, -2) })).statusCode).toBe(401);
    expect((await login(user.email, { totp_code: codeFor(secret, 2) })).statusCode).toBe(401);
    expect((await login(user.email, { totp_code: codeFor(secret, 1) })).statusCode).toBe(200);
    // The step after was used: the current one is now older, and refused.
    expect((await login(user.email, { totp_code: codeFor(secret, 0) })).statusCode).toBe(401);
    ctx.clock.advance(60_000);
    expect((await login(user.email, { totp_code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('locks the codes for 15 minutes after five wrong ones, with a Spanish 429', async () => {
    const { user, secret } = await enrolled();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await login(user.email, { totp_code: wrongCodeFor(secret) });
      expect(res.statusCode).toBe(401);
    }
    for (const extra of [{ totp_code: codeFor(secret) }, { recovery_code: 'aaaaa-aaaaa' }]) {
      const locked = await login(user.email, extra);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        status: 429,
        data: { error: 'too many two factor codes', message: PASSWORD_MESSAGES.twoFactorLocked },
      });
    }
    ctx.clock.advance(15 * 60_000);
    expect((await login(user.email, { totp_code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { user, base, codes } = await enrolled();
    const [first = '', second = ''] = codes;
    const ok = await login(user.email, { recovery_code: first.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const again = await login(user.email, { recovery_code: first });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ data: { error: 'invalid two factor code' } });
    expect((await login(user.email, { recovery_code: second.replace('-', '') })).statusCode).toBe(
      200,
    );
    const token = ok.json<{ data: { access_token: string } }>().data.access_token;
    expect((await call('GET', base, token)).json()).toMatchObject({
      data: { enabled: true, recovery_codes_left: 8 },
    });
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password or a code; then the login is as before', async () => {
    const { user, session, base, secret } = await enrolled();
    const wrong = await call('DELETE', base, session.access_token, { password: 'no es la mía' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ data: { error: 'wrong password' } });
    const wrongCode = await call('DELETE', base, session.access_token, {
      code: wrongCodeFor(secret),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ data: { error: 'wrong two factor code' } });
    const neither = await call('DELETE', base, session.access_token, {});
    expect(neither.statusCode).toBe(400);
    expect((await login(user.email)).statusCode).toBe(401);

    const off = await call('DELETE', base, session.access_token, { password: PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(
      await ctx.database.db.select().from(twoFactor).where(eq(twoFactor.user_id, user.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, user.id)),
    ).toEqual([]);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('is done with a current code too', async () => {
    const { user, session, base, secret } = await enrolled();
    const off = await call('DELETE', base, session.access_token, { code: codeFor(secret) });
    expect(off.statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(200);
  });
});

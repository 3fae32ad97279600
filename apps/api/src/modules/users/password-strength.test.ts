import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@forja/shared/errors';
import {
  auth,
  createUser,
  lastMailTo,
  mailsTo,
  PASSWORD,
  registrationOf,
  resetTokenIn,
  signIn,
  uniqueEmail,
} from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { passwordResetTokens } from '#db/schema/auth';
import { users } from '#db/schema/users';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

const WEAK = ['12345678', 'password', 'Password1', '        ', 'contraseña', 'tequiero123'];
/** Well over 64 characters, as a person would write one. */
const PASSPHRASE =
  'mi abuela guardaba las llaves del huerto debajo de una maceta azul en 1987, junto al pozo';

/** Lucía Fernández's own name and e-mail, in the forms people use as passwords. */
function personal(email: string): string[] {
  return [email, email.split('@')[0] ?? '', 'Lucía Fernández', 'luciafernandez', 'FernandezLucia1'];
}

function expectRefused(res: { statusCode: number; json: () => unknown }, what: string) {
  expect(res.statusCode, what).toBe(400);
  expect(res.json(), what).toEqual({
    status: 400,
    data: {
      error: 'password too guessable',
      message: PASSWORD_MESSAGES.tooGuessable,
      fields: { password: PASSWORD_MESSAGES.tooGuessable },
    },
  });
}

async function rowOf(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('common and guessable passwords', () => {
  it('are refused at registration, of trainees and trainers, and no account is made', async () => {
    for (const role of ['trainee', 'trainer'] as const) {
      const email = uniqueEmail('lucia');
      for (const password of [...WEAK, ...personal(email)]) {
        const res = await post('/v0/users/registrations/', {
          ...registrationOf(email),
          role,
          password,
        });
        expectRefused(res, `${role} ${JSON.stringify(password)}`);
      }
      expect(await rowOf(email)).toBeUndefined();
      expect(await mailsTo(ctx, email)).toHaveLength(0);
    }
  });

  it('are refused as a new password on change: nothing changes, the session lives on', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.id);
    for (const password of [...WEAK, ...personal(user.email)]) {
      const res = await post(
        '/v0/users/password-change/',
        { current_password: PASSWORD, password },
        auth(session.access_token),
      );
      expectRefused(res, JSON.stringify(password));
    }
    expect((await rowOf(user.email))?.password_hash).toBe(user.password_hash);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v0/users/',
      headers: auth(session.access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(await mailsTo(ctx, user.email)).toHaveLength(0);
  });

  it('are refused on reset: the link stays good and the password as it was', async () => {
    const user = await createUser(ctx);
    await post('/v0/users/password-reset/triggers/', { email: user.email });
    const token = resetTokenIn(await lastMailTo(ctx, user.email));
    for (const password of [...WEAK, ...personal(user.email)]) {
      const res = await post('/v0/users/password-reset/', { email: user.email, token, password });
      expectRefused(res, JSON.stringify(password));
    }
    expect((await rowOf(user.email))?.password_hash).toBe(user.password_hash);
    const [link] = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, user.id));
    expect(link?.consumed_at).toBeNull();

    const done = await post('/v0/users/password-reset/', {
      email: user.email,
      token,
      password: PASSPHRASE,
    });
    expect(done.statusCode).toBe(200);
    const login = await post('/v0/auth/login/', { email: user.email, password: PASSPHRASE });
    expect(login.statusCode).toBe(200);
  });

  it('a wrong reset link answers 403 before the password is judged', async () => {
    const user = await createUser(ctx);
    const res = await post('/v0/users/password-reset/', {
      email: user.email,
      token: 'x'.repeat(43),
      password: 'Lucía Fernández',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('long passphrases', () => {
  it('are accepted at registration, on change and at login, well beyond 64 characters', async () => {
    expect(PASSPHRASE.length).toBeGreaterThanOrEqual(64);
    const email = uniqueEmail('frase');
    const registered = await post('/v0/users/registrations/', {
      ...registrationOf(email),
      password: PASSPHRASE,
    });
    expect(registered.statusCode).toBe(201);

    const user = await createUser(ctx);
    const session = await signIn(ctx, user.id);
    const longer = `${PASSPHRASE} y otra vez: ${PASSPHRASE}`;
    expect(longer.length).toBeGreaterThanOrEqual(128);
    const changed = await post(
      '/v0/users/password-change/',
      { current_password: PASSWORD, password: longer },
      auth(session.access_token),
    );
    expect(changed.statusCode).toBe(200);
    const login = await post('/v0/auth/login/', { email: user.email, password: longer });
    expect(login.statusCode).toBe(200);
  });
});

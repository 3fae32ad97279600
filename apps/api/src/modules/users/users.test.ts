import { TERMS_VERSION } from '@forja/shared/constants';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, COACHING_MESSAGES } from '@forja/shared/errors';
import { authTokensSchema } from '@forja/shared/schemas/auth';
import type { ConsentAreas } from '@forja/shared/schemas/trainers';
import type { User } from '@forja/shared/schemas/user';
import {
  auth,
  codeIn,
  createUser,
  lastMailTo,
  mailsTo,
  PASSWORD,
  resetTokenIn,
  signIn,
  uniqueEmail,
  registrationOf,
} from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { subscribe } from '#test/premium';
import { ALL_AREAS, linkToTrainer, NO_AREAS } from '#test/trainers';
import { passwordResetTokens, sessionFamilies, verificationCodes } from '#db/schema/auth';
import { userPreferences, users } from '#db/schema/users';

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

const registration = (email: string) => registrationOf(email);

async function userRow(email: string) {
  const rows = await ctx.database.db.select().from(users);
  return rows.find((row) => row.email.toLowerCase() === email.toLowerCase());
}

describe('POST /users/registrations/', () => {
  it('creates a disabled trainee with default preferences and mails a code and a link', async () => {
    const email = uniqueEmail('registro');
    const res = await post('/v0/users/registrations/', registration(email));
    expect(res.statusCode).toBe(201);
    const body = res.json<{ status: number; data: Record<string, unknown> }>();
    expect(body).toEqual({
      status: 201,
      data: {
        id: expect.any(String),
        email,
        first_name: 'Lucía',
        last_name: 'Fernández',
        country: 'ES',
        profile_picture_url: '',
        trainer_id: '',
        role: 'trainee',
        last_login: null,
        enabled: false,
      },
    });

    const user = await userRow(email);
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    const [preferences] = await ctx.database.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.user_id, String(body.data.id)));
    expect(preferences).toMatchObject({
      metric_system: 'metric',
      theme: 'system',
      language: 'es',
      timezone: 'Europe/Madrid',
      extra: '',
    });

    const mail = await lastMailTo(ctx, email);
    expect(mail.subject).toContain('Forja');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    const link = `http://forja.test/users/email-verification?email=${encodeURIComponent(email)}&token=${code}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
    expect(mail.html).toContain('Forja');
    // The code itself is never stored.
    const [stored] = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.user_id, String(body.data.id)));
    expect(stored?.code_hash).not.toContain(code);
  });

  it('records the terms and privacy policy accepted, with their version and the date', async () => {
    const email = uniqueEmail('terminos');
    expect((await post('/v0/users/registrations/', registration(email))).statusCode).toBe(201);
    expect(await userRow(email)).toMatchObject({
      terms_version: TERMS_VERSION,
      terms_accepted_at: ctx.clock.now(),
    });
  });

  it('refuses a registration without the terms in force with a Spanish 400, and creates nothing', async () => {
    for (const terms of [undefined, '', '2020-01-01', true]) {
      const email = uniqueEmail('sinterminos');
      const res = await post('/v0/users/registrations/', {
        ...registration(email),
        terms_version: terms,
      });
      expect(res.statusCode, String(terms)).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        data: {
          error: 'validation failed',
          message: 'Debes aceptar los términos y la política de privacidad',
          fields: { terms_version: 'Debes aceptar los términos y la política de privacidad' },
        },
      });
      expect(await userRow(email)).toBeUndefined();
      expect(await mailsTo(ctx, email)).toHaveLength(0);
    }
  });

  it('registers a trainer who verifies by code like anyone, and signs in as a trainer', async () => {
    const email = uniqueEmail('entrenadora');
    const res = await post('/v0/users/registrations/', { ...registration(email), role: 'trainer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { role: 'trainer', enabled: false } });
    const code = codeIn(await lastMailTo(ctx, email));
    const verified = await post('/v0/users/registrations/email-verifications/', {
      email,
      token: code,
    });
    expect(verified.statusCode).toBe(200);
    const login = await post('/v0/auth/login/', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const { access_token } = login.json<{ data: { access_token: string } }>().data;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v0/users/',
      headers: auth(access_token),
    });
    expect(me.json()).toMatchObject({ data: [{ email, role: 'trainer', enabled: true }] });
  });

  it('sends one welcome e-mail when the address is verified, and none on a second verification', async () => {
    const email = uniqueEmail('bienvenida');
    expect((await post('/v0/users/registrations/', registration(email))).statusCode).toBe(201);
    const code = codeIn(await lastMailTo(ctx, email));
    expect((await mailsTo(ctx, email)).filter((m) => m.subject.includes('bienvenida'))).toEqual([]);

    const verify = () =>
      post('/v0/users/registrations/email-verifications/', { email, token: code });
    expect((await verify()).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(403);

    const welcomes = (await mailsTo(ctx, email)).filter(
      (m) => m.subject === 'Te damos la bienvenida a Forja',
    );
    expect(welcomes).toHaveLength(1);
    const [welcome] = welcomes;
    expect(welcome?.text).toContain('Tu correo está verificado y tu cuenta, lista.');
    expect(welcome?.text).toContain(`Iniciar sesión: ${ctx.config.publicUrl}/auth/login`);
    expect(welcome?.html).toContain('<html lang="es">');
    expect(welcome?.html).toContain('Tu correo está verificado y tu cuenta, lista.');
  });

  it('makes a trainee when the role is trainee or left out', async () => {
    for (const role of ['trainee', undefined]) {
      const email = uniqueEmail('cliente');
      const res = await post('/v0/users/registrations/', { ...registration(email), role });
      expect(res.statusCode, String(role)).toBe(201);
      expect(await userRow(email)).toMatchObject({ role: 'trainee' });
    }
  });

  it('refuses any other role, admin first of all, with a Spanish 400, and creates nothing', async () => {
    for (const role of ['admin', 'ADMIN', 'coach', '', 1, null]) {
      const email = uniqueEmail('rol');
      const res = await post('/v0/users/registrations/', { ...registration(email), role });
      expect(res.statusCode, String(role)).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        data: {
          error: 'validation failed',
          message: COACHING_MESSAGES.roleInvalid,
          fields: { role: COACHING_MESSAGES.roleInvalid },
        },
      });
      expect(await userRow(email)).toBeUndefined();
      expect(await mailsTo(ctx, email)).toHaveLength(0);
    }
  });

  it('refuses an e-mail already in use, whatever its case', async () => {
    const email = uniqueEmail('repetida');
    expect((await post('/v0/users/registrations/', registration(email))).statusCode).toBe(201);
    const res = await post('/v0/users/registrations/', registration(email.toUpperCase()));
    expect(res.statusCode).toBe(400);
    // A refused registration leaves nothing behind: no second account, no second e-mail.
    expect(await mailsTo(ctx, email)).toHaveLength(1);
    expect(res.json()).toEqual({
      status: 400,
      data: {
        error: 'email address already in use by another user',
        message: AUTH_MESSAGES.emailInUse,
      },
    });
  });

  it('lets exactly one of two simultaneous registrations of one address through', async () => {
    const email = uniqueEmail('carrera');
    const answers = await Promise.all([
      post('/v0/users/registrations/', registration(email)),
      post('/v0/users/registrations/', registration(email.toUpperCase())),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
  });

  it('refuses fields a caller may not set, and bad countries', async () => {
    for (const extra of [
      { enabled: true },
      { role: 'admin' },
      { trainer_id: '00000000-0000-4000-8000-000000000000' },
      { id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await post('/v0/users/registrations/', {
        ...registration(uniqueEmail()),
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ data: { error: 'validation failed' } });
    }
    for (const country of ['es', 'ESP', 'E', '']) {
      const res = await post('/v0/users/registrations/', {
        ...registration(uniqueEmail()),
        country,
      });
      expect(res.statusCode, country).toBe(400);
    }
  });

  it('refuses a short password with the Spanish message, and NUL in names', async () => {
    const short = await post('/v0/users/registrations/', {
      ...registration(uniqueEmail()),
      password: '1234567',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      data: { message: 'La contraseña no puede ser menor a 8 caracteres' },
    });
    const nul = await ctx.app.inject({
      method: 'POST',
      url: '/v0/users/registrations/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(registration(uniqueEmail())).replace('Lucía', 'Lu\\u0000cía'),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      data: { message: 'El nombre contiene caracteres no válidos' },
    });
  });

  it('keeps Unicode names exactly (hidden characters are refused: names.test.ts)', async () => {
    const email = uniqueEmail();
    const first_name = 'Zoë 李小龍 🏋️‍♀️';
    const last_name = 'Ñúñez-O’Brien';
    const res = await post('/v0/users/registrations/', {
      ...registration(email),
      first_name,
      last_name,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { first_name, last_name } });
    const row = await userRow(email);
    expect([row?.first_name, row?.last_name]).toEqual([first_name, last_name]);
  });
});

describe('e-mail verification', () => {
  async function registered() {
    const email = uniqueEmail('verifica');
    expect((await post('/v0/users/registrations/', registration(email))).statusCode).toBe(201);
    return { email, code: codeIn(await lastMailTo(ctx, email)) };
  }

  const verify = (email: string, token: string) =>
    post('/v0/users/registrations/email-verifications/', { email, token });

  function wrong(code: string) {
    return code === '000000' ? '000001' : '000000';
  }

  it('enables the account with the mailed code; the code works once', async () => {
    const { email, code } = await registered();
    const res = await verify(email.toUpperCase(), code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200 });
    expect((await userRow(email))?.enabled).toBe(true);

    const again = await verify(email, code);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      status: 403,
      data: { error: 'invalid verification token', message: AUTH_MESSAGES.invalidVerificationCode },
    });
  });

  it('refuses a wrong code, an unknown e-mail and an expired code with 403', async () => {
    const { email, code } = await registered();
    expect((await verify(email, wrong(code))).statusCode).toBe(403);
    expect((await verify(uniqueEmail('nadie'), code)).statusCode).toBe(403);
    ctx.clock.advance(10 * 60_000 + 1);
    const expired = await verify(email, code);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ data: { error: 'invalid verification token' } });
    expect((await userRow(email))?.enabled).toBe(false);
  });

  it('keeps a code valid for 10 minutes', async () => {
    const { email, code } = await registered();
    ctx.clock.advance(10 * 60_000 - 1_000);
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('destroys the code after five wrong tries', async () => {
    const { email, code } = await registered();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify(email, wrong(code))).statusCode).toBe(403);
    }
    expect((await verify(email, code)).statusCode).toBe(403);
    expect((await userRow(email))?.enabled).toBe(false);
  });

  it('binds a code to its account: another account’s code does not work', async () => {
    const first = await registered();
    const second = await registered();
    if (first.code === second.code) return; // one in a million: nothing to compare
    expect((await verify(second.email, first.code)).statusCode).toBe(403);
    expect((await verify(second.email, second.code)).statusCode).toBe(200);
  });

  it('binds a code to its purpose: it cannot reset the password', async () => {
    const { email, code } = await registered();
    const reset = await post('/v0/users/password-reset/', {
      email,
      password: 'una clave nueva y larga',
      token: code,
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ data: { error: 'invalid verification token' } });
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('gives exactly one success to two simultaneous verifications', async () => {
    const { email, code } = await registered();
    const answers = await Promise.all([verify(email, code), verify(email, code)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 403]);
  });

  it('answers malformed codes with 400', async () => {
    const { email } = await registered();
    for (const token of ['12345', '1234567', 'abcdef', '']) {
      expect((await verify(email, token)).statusCode, token).toBe(400);
    }
  });

  describe('resend', () => {
    const resend = (email: string) =>
      post('/v0/users/registrations/email-verifications/resend/', { email });

    it('answers the same for known, unknown and verified accounts', async () => {
      const { email, code } = await registered();
      ctx.clock.advance(61_000);
      const known = await resend(email);
      const unknown = await resend(uniqueEmail('desconocida'));
      await verify(email, codeIn(await lastMailTo(ctx, email)));
      const verified = await resend(email);
      expect(code).toMatch(/^\d{6}$/);
      for (const res of [known, unknown, verified]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(known.json());
      }
    });

    it('sends a new code only when one is due, and the new code replaces the old one', async () => {
      const { email, code } = await registered();
      await resend(email);
      expect(await mailsTo(ctx, email)).toHaveLength(1);

      ctx.clock.advance(61_000);
      await resend(email);
      const mails = await mailsTo(ctx, email);
      expect(mails).toHaveLength(2);
      const [newest] = mails;
      if (!newest) throw new Error('no mail');
      const fresh = codeIn(newest);
      if (fresh !== code) expect((await verify(email, code)).statusCode).toBe(403);
      expect((await verify(email, fresh)).statusCode).toBe(200);

      // Verified: no more codes (the one other message is the welcome).
      ctx.clock.advance(61_000);
      await resend(email);
      const codes = (await mailsTo(ctx, email)).filter((m) => /Código: \d{6}/.test(m.text));
      expect(codes).toHaveLength(2);
    });
  });
});

describe('the current user', () => {
  it('GET /users/ answers an array whose first element is the caller', async () => {
    const user = await createUser(ctx);
    const { access_token } = await signIn(ctx, user.id);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v0/users/',
      headers: auth(access_token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { id: string; email: string; enabled: boolean }[] }>();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ id: user.id, email: user.email, enabled: true });
  });

  it('GET /users/{id}/ answers oneself and 404 for anybody else', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx);
    const { access_token } = await signIn(ctx, me.id);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/v0/users/${me.id}/`,
      headers: auth(access_token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ data: { id: me.id, email: me.email } });
    for (const id of [other.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v0/users/${id}/`,
        headers: auth(access_token),
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, data: { error: 'user not found' } });
    }
  });

  it('PUT /users/{id}/ updates one’s own profile and nobody else’s', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx);
    const { access_token } = await signIn(ctx, me.id);
    const change = {
      first_name: 'María José',
      last_name: 'Álvarez',
      country: 'MX',
      profile_picture_url: '',
    };
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${me.id}/`,
      headers: auth(access_token),
      payload: change,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: me.id, ...change, email: me.email } });

    const partial = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${me.id}/`,
      headers: auth(access_token),
      payload: { last_name: 'Pérez' },
    });
    expect(partial.json()).toMatchObject({
      data: { first_name: 'María José', last_name: 'Pérez' },
    });

    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${other.id}/`,
      headers: auth(access_token),
      payload: { first_name: 'Intrusa' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await userRow(other.email))?.first_name).toBe('Lucía');
  });

  it('PUT /users/{id}/ cannot set role, enabled, trainer_id, email or id', async () => {
    const me = await createUser(ctx);
    const { access_token } = await signIn(ctx, me.id);
    for (const field of [
      { role: 'admin' },
      { enabled: false },
      { trainer_id: me.id },
      { email: 'otra@example.com' },
      { id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/v0/users/${me.id}/`,
        headers: auth(access_token),
        payload: field,
      });
      expect(res.statusCode, JSON.stringify(field)).toBe(400);
    }
    expect(await userRow(me.email)).toMatchObject({
      role: 'trainee',
      enabled: true,
      trainer_id: null,
    });
  });

  it('answers every user call without a valid token with 401', async () => {
    const me = await createUser(ctx);
    for (const [method, url] of [
      ['GET', '/v0/users/'],
      ['GET', `/v0/users/${me.id}/`],
      ['PUT', `/v0/users/${me.id}/`],
      ['POST', '/v0/users/password-change/'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, data: { error: 'unauthorized' } });
    }
  });
});

describe('what a trainer sees of a trainee: bounded by the link and what is shared', () => {
  const LAST_LOGIN = new Date('2026-03-02T08:30:00.000Z');

  /** A trainee linked to `trainerId` sharing `areas`, who last signed in at LAST_LOGIN. */
  async function traineeOf(trainerId: string, areas: Partial<ConsentAreas> = ALL_AREAS) {
    const user = await createUser(ctx, { last_login: LAST_LOGIN, country: 'MX' });
    await linkToTrainer(ctx, user.id, trainerId, areas);
    await subscribe(ctx, user.id);
    const headers = auth((await signIn(ctx, user.id)).access_token);
    return { user, headers };
  }

  async function share(userId: string, headers: Record<string, string>, shares: boolean) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${userId}/trainer/consent/`,
      headers,
      payload: shares ? ALL_AREAS : NO_AREAS,
    });
    expect(res.statusCode).toBe(200);
  }

  async function trainer() {
    const user = await createUser(ctx, { role: 'trainer' });
    return { user, headers: auth((await signIn(ctx, user.id)).access_token) };
  }

  async function reads(headers: Record<string, string>, id: string) {
    const one = await ctx.app.inject({ method: 'GET', url: `/v0/users/${id}/`, headers });
    const list = await ctx.app.inject({ method: 'GET', url: '/v0/users/', headers });
    const listed = list.json<{ data: User[] }>().data.find((user) => user.id === id);
    return { status: one.statusCode, body: one.json<{ data: User }>(), listed };
  }

  it('shows a linked trainee’s names, country and last sign-in, never their e-mail', async () => {
    const coach = await trainer();
    const trainee = await traineeOf(coach.user.id);
    const seen = await reads(coach.headers, trainee.user.id);
    expect(seen.status).toBe(200);
    const expected = {
      id: trainee.user.id,
      first_name: 'Lucía',
      last_name: 'Fernández',
      country: 'MX',
      email: '',
      last_login: LAST_LOGIN.toISOString(),
      trainer_id: coach.user.id,
      role: 'trainee',
    };
    expect(seen.body.data).toMatchObject(expected);
    expect(seen.listed).toMatchObject(expected);
    const list = await ctx.app.inject({ method: 'GET', url: '/v0/users/', headers: coach.headers });
    expect(list.json<{ data: User[] }>().data[0]).toMatchObject({
      id: coach.user.id,
      email: coach.user.email,
    });
  });

  it('keeps the first n of the list with ?limit=n, the trainer first; refuses a bad limit', async () => {
    const coach = await trainer();
    const first = await traineeOf(coach.user.id);
    await traineeOf(coach.user.id);
    const list = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/v0/users/${query}`, headers: coach.headers });
    const ids = async (query: string) =>
      (await list(query)).json<{ data: User[] }>().data.map((user) => user.id);

    expect(await ids('')).toHaveLength(3);
    expect(await ids('?limit=1')).toEqual([coach.user.id]);
    expect(await ids('?limit=2')).toEqual([coach.user.id, first.user.id]);
    expect(await ids('?limit=1000')).toHaveLength(3);
    for (const bad of ['0', '1001', '1.5', 'uno']) {
      const refused = await list(`?limit=${bad}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ data: { message: string } }>().data.message).toBe(
        'El límite debe ser un número entero entre 1 y 1000',
      );
    }
  });

  it('shows the last sign-in only while the diary is shared, switched off and on', async () => {
    const coach = await trainer();
    const trainee = await traineeOf(coach.user.id, { training: true, body: true, check_ins: true });
    const hidden = await reads(coach.headers, trainee.user.id);
    expect(hidden.body.data).toMatchObject({ first_name: 'Lucía', email: '', last_login: null });
    expect(hidden.listed).toMatchObject({ last_login: null });

    await linkToTrainer(ctx, trainee.user.id, coach.user.id, { diary: true });
    const shown = await reads(coach.headers, trainee.user.id);
    expect(shown.body.data).toMatchObject({ last_login: LAST_LOGIN.toISOString(), email: '' });
    expect(shown.listed).toMatchObject({ last_login: LAST_LOGIN.toISOString() });
  });

  it('follows the health step’s answer about the trainer: no hides the diary at once', async () => {
    const coach = await trainer();
    const trainee = await traineeOf(coach.user.id, { diary: false });
    await share(trainee.user.id, trainee.headers, true);
    expect((await reads(coach.headers, trainee.user.id)).body.data.last_login).not.toBeNull();
    await share(trainee.user.id, trainee.headers, false);
    const seen = await reads(coach.headers, trainee.user.id);
    // Still their trainee, so still their name; nothing of the diary.
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ first_name: 'Lucía', last_login: null });
  });

  it('answers 404 unless the trainee’s trainer and their link both name the trainer', async () => {
    const coach = await trainer();
    const other = await trainer();
    // Named by trainer_id alone, without a link.
    const unlinked = await createUser(ctx, { trainer_id: coach.user.id });
    // Linked to another trainer while trainer_id names this one.
    const mismatched = await traineeOf(other.user.id);
    await ctx.database.db
      .update(users)
      .set({ trainer_id: coach.user.id })
      .where(eq(users.id, mismatched.user.id));
    for (const trainee of [unlinked, mismatched.user]) {
      const seen = await reads(coach.headers, trainee.id);
      expect(seen.status).toBe(404);
      expect(seen.body).toMatchObject({ status: 404, data: { error: 'user not found' } });
      expect(seen.listed).toBeUndefined();
    }
  });

  it('answers 404 to another trainer, whatever the trainee shares with their own', async () => {
    const coach = await trainer();
    const stranger = await trainer();
    const trainee = await traineeOf(coach.user.id);
    const seen = await reads(stranger.headers, trainee.user.id);
    expect(seen.status).toBe(404);
    expect(seen.listed).toBeUndefined();
  });

  it('leaves the trainee’s own reads as they were, whatever they share', async () => {
    const coach = await trainer();
    for (const areas of [ALL_AREAS, NO_AREAS]) {
      const trainee = await traineeOf(coach.user.id, areas);
      const seen = await reads(trainee.headers, trainee.user.id);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        data: { email: trainee.user.email, last_login: LAST_LOGIN.toISOString() },
      });
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/v0/users/',
        headers: trainee.headers,
      });
      expect(list.json<{ data: { id: string }[] }>().data.map((user) => user.id)).toEqual([
        trainee.user.id,
      ]);
    }
  });
});

describe('password reset', () => {
  const trigger = (email: string) => post('/v0/users/password-reset/triggers/', { email });
  const reset = (email: string, token: string, password = 'una clave nueva y larga') =>
    post('/v0/users/password-reset/', { email, password, token });

  it('answers the trigger the same for known and unknown e-mails; mails only the known', async () => {
    const user = await createUser(ctx);
    const unknownEmail = uniqueEmail('fantasma');
    const known = await trigger(user.email);
    const unknown = await trigger(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(ctx, unknownEmail)).toHaveLength(0);
    const mail = await lastMailTo(ctx, user.email);
    expect(mail.text).toContain(
      `http://forja.test/users/password-reset?email=${encodeURIComponent(user.email)}&token=`,
    );
    const token = resetTokenIn(mail);
    expect(token.length).toBeGreaterThanOrEqual(22); // at least 128 bits
    const stored = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(token);
  });

  it('sets the new password, ends every session, mails a notice; the token works once', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.id);
    const second = await signIn(ctx, user.id);
    await trigger(user.email);
    const token = resetTokenIn(await lastMailTo(ctx, user.email));

    const res = await reset(user.email, token);
    expect(res.statusCode).toBe(200);
    for (const session of [first, second]) {
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/v0/users/',
        headers: auth(session.access_token),
      });
      expect(me.statusCode).toBe(401);
      const refreshed = await post('/v0/auth/refresh/', { refresh_token: session.refresh_token });
      expect(refreshed.statusCode).toBe(401);
    }
    const notice = await lastMailTo(ctx, user.email);
    expect(notice.subject).toMatch(/contraseña/i);
    expect(notice.subject).toContain('Forja');

    const login = await post('/v0/auth/login/', {
      email: user.email,
      password: 'una clave nueva y larga',
    });
    expect(login.statusCode).toBe(200);

    const again = await reset(user.email, token, 'otra clave distinta');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ data: { error: 'invalid verification token' } });
  });

  it('refuses a wrong token, a token for another e-mail and an expired token with 403', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await trigger(user.email);
    const token = resetTokenIn(await lastMailTo(ctx, user.email));
    expect((await reset(user.email, 'x'.repeat(43))).statusCode).toBe(403);
    expect((await reset(user.email, 'corto')).statusCode).toBe(403);
    expect((await reset(other.email, token)).statusCode).toBe(403);
    ctx.clock.advance(60 * 60_000 + 1);
    expect((await reset(user.email, token)).statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.password_hash).toBe(user.password_hash);
  });

  it('keeps a reset link valid for one hour', async () => {
    const user = await createUser(ctx);
    await trigger(user.email);
    const token = resetTokenIn(await lastMailTo(ctx, user.email));
    ctx.clock.advance(60 * 60_000 - 1_000);
    expect((await reset(user.email, token)).statusCode).toBe(200);
  });

  it('ends every outstanding code of the account: a code mailed before the reset is dead', async () => {
    const email = uniqueEmail('sin-verificar');
    expect((await post('/v0/users/registrations/', registration(email))).statusCode).toBe(201);
    const code = codeIn(await lastMailTo(ctx, email));
    ctx.clock.advance(1_000);
    await trigger(email);
    const token = resetTokenIn(await lastMailTo(ctx, email));
    expect((await reset(email, token)).statusCode).toBe(200);
    const verification = await post('/v0/users/registrations/email-verifications/', {
      email,
      token: code,
    });
    expect(verification.statusCode).toBe(403);
    const [user] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const live = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, user?.id ?? ''));
    expect(live.filter((row) => row.consumed_at === null)).toEqual([]);
  });

  it('gives exactly one winner to two simultaneous resets with one token', async () => {
    const user = await createUser(ctx);
    await trigger(user.email);
    const token = resetTokenIn(await lastMailTo(ctx, user.email));
    const answers = await Promise.all([
      reset(user.email, token, 'primera clave nueva'),
      reset(user.email, token, 'segunda clave nueva'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 403]);
  });
});

describe('POST /users/password-change/', () => {
  it('needs the current password: a wrong one is 401 invalid credentials', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.id);
    const res = await post(
      '/v0/users/password-change/',
      { current_password: 'no es la mía', password: 'una clave nueva y larga' },
      auth(session.access_token),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 401,
      data: { error: 'invalid credentials', message: AUTH_MESSAGES.invalidCredentials },
    });
  });

  it('changes it, ends every session (this one too), starts a new one here and mails a notice', async () => {
    const user = await createUser(ctx);
    const here = await signIn(ctx, user.id);
    const elsewhere = await signIn(ctx, user.id);
    const res = await post(
      '/v0/users/password-change/',
      { current_password: PASSWORD, password: 'una clave nueva y larga' },
      auth(here.access_token),
    );
    expect(res.statusCode).toBe(200);
    const fresh = authTokensSchema.parse(res.json<{ data: unknown }>().data);

    for (const session of [here, elsewhere]) {
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/v0/users/',
        headers: auth(session.access_token),
      });
      expect(me.statusCode).toBe(401);
      const refreshed = await post('/v0/auth/refresh/', { refresh_token: session.refresh_token });
      expect(refreshed.statusCode).toBe(401);
    }
    const still = await ctx.app.inject({
      method: 'GET',
      url: '/v0/users/',
      headers: auth(fresh.access_token),
    });
    expect(still.statusCode).toBe(200);
    expect(
      (await post('/v0/auth/refresh/', { refresh_token: fresh.refresh_token })).statusCode,
    ).toBe(200);

    const families = await ctx.database.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.user_id, user.id));
    expect(families).toHaveLength(3);
    expect(families.filter((family) => family.revoked_at === null)).toHaveLength(1);
    expect((await lastMailTo(ctx, user.email)).text).toContain('otras sesiones');

    const login = await post('/v0/auth/login/', {
      email: user.email,
      password: 'una clave nueva y larga',
    });
    expect(login.statusCode).toBe(200);
  });
  it('ends every reset link mailed before the change', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.id);
    await post('/v0/users/password-reset/triggers/', { email: user.email });
    const token = resetTokenIn(await lastMailTo(ctx, user.email));
    const change = await post(
      '/v0/users/password-change/',
      { current_password: PASSWORD, password: 'una clave nueva y larga' },
      auth(session.access_token),
    );
    expect(change.statusCode).toBe(200);
    const reset = await post('/v0/users/password-reset/', {
      email: user.email,
      password: 'la clave de quien robó el enlace',
      token,
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ data: { error: 'invalid verification token' } });
    const login = await post('/v0/auth/login/', {
      email: user.email,
      password: 'una clave nueva y larga',
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('any body (property)', () => {
  const fieldNames = fc.constantFrom(
    'email',
    'password',
    'token',
    'first_name',
    'last_name',
    'country',
    'profile_picture_url',
    'role',
    'enabled',
  );
  const body = fc.oneof(
    fc.dictionary(fieldNames, fc.oneof(fc.string(), fc.jsonValue()), { maxKeys: 6 }),
    fc.jsonValue(),
  );

  it('is answered in the envelope with a 2xx or 4xx, never a 500', async () => {
    const user = await createUser(ctx);
    const { access_token } = await signIn(ctx, user.id);
    const calls: { method: 'POST' | 'PUT'; url: string; headers?: Record<string, string> }[] = [
      { method: 'POST', url: '/v0/users/registrations/email-verifications/' },
      { method: 'POST', url: '/v0/users/registrations/email-verifications/resend/' },
      { method: 'POST', url: '/v0/users/password-reset/triggers/' },
      { method: 'POST', url: '/v0/users/password-reset/' },
      { method: 'PUT', url: `/v0/users/${user.id}/`, headers: auth(access_token) },
      { method: 'POST', url: '/v0/auth/refresh/' },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), body, async (call, payload) => {
        const res = await ctx.app.inject({
          ...call,
          headers: { 'content-type': 'application/json', ...call.headers },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(200);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ status: res.statusCode, data: expect.anything() });
      }),
      { numRuns: 60 },
    );
    // Whatever was sent, the account is still what it was.
    expect(await userRow(user.email)).toMatchObject({ role: 'trainee', enabled: true });
  });
});

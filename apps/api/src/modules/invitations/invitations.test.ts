import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_INVITATIONS, MAX_TRAINEES_PER_TRAINER } from '@forja/shared/constants';
import { COACHING_MESSAGES } from '@forja/shared/errors';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { Invitation, InvitationSummary } from '@forja/shared/schemas/trainers';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { call as request, type Method } from '#test/http';
import { subscribe } from '#test/premium';
import { ALL_AREAS, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';
import { trainerInvitations, trainerLinks } from '#db/schema/coaching';
import { targetOverrides } from '#db/schema/targets';
import { users } from '#db/schema/users';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

type Headers = Record<string, string>;
const DAY = 86_400_000;
const CONSENT = { diary: true, training: false, body: true, check_ins: false };

const call = <T = unknown>(method: Method, url: string, headers: Headers, payload?: object) =>
  request<T>(ctx, headers, method, url, payload);

async function trainee(options: { role?: 'trainee' | 'admin' } = {}) {
  const user = await createUser(ctx, { role: options.role ?? 'trainee' });
  return { user, headers: auth((await signIn(ctx, user.id)).access_token) };
}

async function invite(headers: Headers, payload: object = {}) {
  const res = await call<Invitation>('POST', '/v0/trainers/invitations/', headers, payload);
  expect(res.status).toBe(201);
  return res.data;
}

function accept(code: string, headers: Headers, consent: object = CONSENT) {
  return call('POST', `/v0/trainers/invitations/${code}/acceptance/`, headers, { consent });
}

function preview(code: string) {
  return call('GET', `/v0/invitations/${code}/`, {});
}

async function linkOf(traineeId: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, traineeId));
  const [link] = await ctx.database.db
    .select()
    .from(trainerLinks)
    .where(eq(trainerLinks.trainee_id, traineeId));
  return { trainer_id: user?.trainer_id ?? null, link };
}

async function invitationRow(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(trainerInvitations)
    .where(eq(trainerInvitations.id, id));
  return row;
}

const notFound = {
  status: 404,
  data: { error: 'invitation not found', message: COACHING_MESSAGES.invitationNotFound },
};

describe('a trainer’s invitations', () => {
  it('makes a one-use link valid for 7 days, with a code that cannot be guessed', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers);
    expect(invitation).toEqual({
      id: expect.any(String),
      code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: `http://forja.test/invitations/${invitation.code}`,
      expires_at: new Date(ctx.clock.now().getTime() + 7 * DAY).toISOString(),
      uses_left: 1,
      max_uses: 1,
      created_at: ctx.clock.now().toISOString(),
    });
    // Only the code's hash is kept.
    const row = await invitationRow(invitation.id);
    expect(
      Object.values(row ?? {})
        .map(String)
        .join(' '),
    ).not.toContain(invitation.code);
    const other = await invite(coach.headers);
    expect(other.code).not.toBe(invitation.code);
  });

  it('takes the number of uses (1 to 100) and the days (1 to 30)', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers, { max_uses: 100, expires_in_days: 30 });
    expect(invitation).toMatchObject({
      uses_left: 100,
      max_uses: 100,
      expires_at: new Date(ctx.clock.now().getTime() + 30 * DAY).toISOString(),
    });
    const cases: [object, string][] = [
      [{ max_uses: 0 }, 'El número de usos debe estar entre 1 y 100'],
      [{ max_uses: 101 }, 'El número de usos debe estar entre 1 y 100'],
      [{ max_uses: 1.5 }, 'El número de usos debe ser un número entero'],
      [{ max_uses: '3' }, 'El número de usos debe ser un número válido'],
      [{ expires_in_days: 0 }, 'La validez en días debe estar entre 1 y 30'],
      [{ expires_in_days: 31 }, 'La validez en días debe estar entre 1 y 30'],
      [{ code: 'elegido' }, 'Llave desconocida: "code"'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/v0/trainers/invitations/', coach.headers, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.envelope).toMatchObject({
        status: 400,
        data: { error: 'validation failed', message },
      });
    }
    const listed = await call<InvitationSummary[]>(
      'GET',
      '/v0/trainers/invitations/',
      coach.headers,
    );
    expect(listed.data).toHaveLength(1);
  });

  it('lists the invitations that can still be accepted, newest first, without their codes', async () => {
    const coach = await signedInTrainer(ctx);
    const other = await signedInTrainer(ctx);
    const first = await invite(coach.headers, { max_uses: 3 });
    ctx.clock.advance(1000);
    const second = await invite(coach.headers);
    ctx.clock.advance(1000);
    const usedUp = await invite(coach.headers);
    await accept(usedUp.code, (await trainee()).headers);
    const revoked = await invite(coach.headers);
    await call('DELETE', `/v0/trainers/invitations/${revoked.id}/`, coach.headers);
    const expired = await invite(coach.headers);
    await ctx.database.db
      .update(trainerInvitations)
      .set({ expires_at: ctx.clock.now() })
      .where(eq(trainerInvitations.id, expired.id));
    await invite(other.headers);

    const res = await call<InvitationSummary[]>('GET', '/v0/trainers/invitations/', coach.headers);
    expect(res.status).toBe(200);
    expect(res.data).toEqual([
      {
        id: second.id,
        expires_at: second.expires_at,
        uses_left: 1,
        max_uses: 1,
        created_at: second.created_at,
      },
      {
        id: first.id,
        expires_at: first.expires_at,
        uses_left: 3,
        max_uses: 3,
        created_at: first.created_at,
      },
    ]);
  });

  it('revokes an invitation with a 204: its link stops working at once', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers);
    expect((await preview(invitation.code)).status).toBe(200);
    const res = await call('DELETE', `/v0/trainers/invitations/${invitation.id}/`, coach.headers);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await preview(invitation.code)).envelope).toEqual(notFound);
    const someone = await trainee();
    expect((await accept(invitation.code, someone.headers)).envelope).toEqual(notFound);
    expect((await linkOf(someone.user.id)).trainer_id).toBeNull();
    const again = await call('DELETE', `/v0/trainers/invitations/${invitation.id}/`, coach.headers);
    expect(again.envelope).toEqual(notFound);
  });

  it('answers 404 to another trainer revoking an invitation, and keeps it', async () => {
    const coach = await signedInTrainer(ctx);
    const stranger = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers);
    for (const id of [invitation.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await call('DELETE', `/v0/trainers/invitations/${id}/`, stranger.headers);
      expect(res.envelope, id).toEqual(notFound);
    }
    expect((await preview(invitation.code)).status).toBe(200);
  });

  it(`refuses a trainer more than ${MAX_ACTIVE_INVITATIONS} open invitations, even asked at once`, async () => {
    const coach = await signedInTrainer(ctx);
    const made: Invitation[] = [];
    for (let i = 0; i < MAX_ACTIVE_INVITATIONS - 2; i += 1) made.push(await invite(coach.headers));
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/v0/trainers/invitations/', coach.headers, {})),
    );
    expect(burst.filter((res) => res.status === 201)).toHaveLength(2);
    for (const refused of burst.filter((res) => res.status !== 201)) {
      expect(refused.envelope).toEqual({
        status: 400,
        data: { error: 'too many invitations', message: COACHING_MESSAGES.tooManyInvitations },
      });
    }
    const listed = await call<unknown[]>('GET', '/v0/trainers/invitations/', coach.headers);
    expect(listed.data).toHaveLength(MAX_ACTIVE_INVITATIONS);

    // One used up or revoked makes room again.
    const first = made[0];
    if (!first) throw new Error('no invitation');
    await call('DELETE', `/v0/trainers/invitations/${first.id}/`, coach.headers);
    expect((await call('POST', '/v0/trainers/invitations/', coach.headers, {})).status).toBe(201);
    const second = made[1];
    if (!second) throw new Error('no invitation');
    expect((await accept(second.code, (await trainee()).headers)).status).toBe(200);
    expect((await call('POST', '/v0/trainers/invitations/', coach.headers, {})).status).toBe(201);
    expect((await call('POST', '/v0/trainers/invitations/', coach.headers, {})).status).toBe(400);
  });

  it('answers 404 to a trainee, an admin or anyone else calling the trainer’s calls; 401 signed out', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers);
    const subscribed = await trainee();
    await subscribe(ctx, subscribed.user.id);
    const linked = await trainee();
    await linkToTrainer(ctx, linked.user.id, coach.user.id);
    const admin = await trainee({ role: 'admin' });
    const calls: [Method, string][] = [
      ['POST', '/v0/trainers/invitations/'],
      ['GET', '/v0/trainers/invitations/'],
      ['DELETE', `/v0/trainers/invitations/${invitation.id}/`],
    ];
    for (const who of [subscribed, linked, admin]) {
      for (const [method, url] of calls) {
        const res = await call(method, url, who.headers, {});
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.envelope).toMatchObject({ status: 404, data: { error: 'not found' } });
      }
    }
    for (const [method, url] of calls) {
      expect((await call(method, url, {}, {})).status, `${method} ${url}`).toBe(401);
    }
    expect((await preview(invitation.code)).status).toBe(200);
  });
});

describe('the public preview of an invitation', () => {
  it('shows who invites and the four areas they ask about, to anyone holding the link', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers, { expires_in_days: 3 });
    const res = await preview(invitation.code);
    expect(res.status).toBe(200);
    expect(res.envelope).toEqual({
      status: 200,
      data: {
        trainer: { first_name: 'Marta', last_name: 'Ruiz' },
        areas: ['diary', 'training', 'body', 'check_ins'],
        expires_at: invitation.expires_at,
      },
    });
  });

  it('answers 404 for an unknown, malformed, expired or used-up code', async () => {
    const coach = await signedInTrainer(ctx);
    const expired = await invite(coach.headers, { expires_in_days: 1 });
    const usedUp = await invite(coach.headers);
    await accept(usedUp.code, (await trainee()).headers);
    for (const code of [
      'A'.repeat(43),
      'corto',
      expired.code.slice(0, 42),
      usedUp.code,
      `${expired.code}x`,
    ]) {
      expect((await preview(code)).envelope, code).toEqual(notFound);
    }
    expect((await preview(expired.code)).status).toBe(200);
    // One day later to the millisecond it is over.
    await ctx.database.db
      .update(trainerInvitations)
      .set({ expires_at: ctx.clock.now() })
      .where(eq(trainerInvitations.id, expired.id));
    expect((await preview(expired.code)).envelope).toEqual(notFound);
    expect((await accept(expired.code, (await trainee()).headers)).envelope).toEqual(notFound);
  });

  it('is rate-limited per address like the other lookups without a session', async () => {
    const limited = await createTestContext({
      database: ctx.database,
      build: {
        rateLimits: {
          invitationPreview: {
            perIp: { max: 3, windowMs: 60_000 },
            perAccount: { max: 100, windowMs: 60_000 },
          },
        },
      },
    });
    try {
      const coach = await signedInTrainer(ctx);
      const invitation = await invite(coach.headers);
      const look = (code: string) =>
        limited.app.inject({ method: 'GET', url: `/v0/invitations/${code}/` });
      expect((await look(invitation.code)).statusCode).toBe(200);
      expect((await look('B'.repeat(43))).statusCode).toBe(404);
      expect((await look(invitation.code)).statusCode).toBe(200);
      const refused = await look(invitation.code);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toMatchObject({ data: { error: 'too many requests' } });
    } finally {
      await limited.close();
    }
  });
});

describe('accepting an invitation', () => {
  it('links the trainee to the trainer with the areas chosen, and takes one use', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers, { max_uses: 2 });
    const ana = await trainee();
    const res = await accept(invitation.code, ana.headers);
    expect(res.status).toBe(200);
    expect(res.envelope).toEqual({
      status: 200,
      data: {
        id: coach.user.id,
        first_name: 'Marta',
        last_name: 'Ruiz',
        profile_picture_url: '',
        consent: CONSENT,
      },
    });
    expect(await linkOf(ana.user.id)).toMatchObject({
      trainer_id: coach.user.id,
      link: { trainer_id: coach.user.id, ...CONSENT },
    });
    expect((await invitationRow(invitation.id))?.uses_left).toBe(1);
    const me = await call('GET', '/v0/users/', ana.headers);
    expect(me.envelope).toMatchObject({ data: [{ trainer_id: coach.user.id }] });
    // The trainer now sees them, bounded by what they chose.
    const seen = await call('GET', `/v0/users/${ana.user.id}/`, coach.headers);
    expect(seen.status).toBe(200);

    // The second and last use, then nobody else.
    expect((await accept(invitation.code, (await trainee()).headers)).status).toBe(200);
    const late = await trainee();
    expect((await accept(invitation.code, late.headers)).envelope).toEqual(notFound);
    expect((await linkOf(late.user.id)).trainer_id).toBeNull();
  });

  it('lets exactly one of several trainees accepting the last use at once through', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers);
    const people = await Promise.all(Array.from({ length: 5 }, () => trainee()));
    const answers = await Promise.all(people.map((who) => accept(invitation.code, who.headers)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((res) => res.status !== 200)) {
      expect(refused.envelope).toEqual(notFound);
    }
    const linked = await ctx.database.db
      .select()
      .from(trainerLinks)
      .where(eq(trainerLinks.trainer_id, coach.user.id));
    expect(linked).toHaveLength(1);
    expect((await invitationRow(invitation.id))?.uses_left).toBe(0);
  });

  it(`takes no trainee past the trainer's ${MAX_TRAINEES_PER_TRAINER}, even when the last place is asked for at once`, async () => {
    const coach = await signedInTrainer(ctx);
    // The trainer's list one short of full, written directly: 499 people through the API
    // would only be slower.
    const others = await ctx.database.db
      .insert(users)
      .values(
        Array.from({ length: MAX_TRAINEES_PER_TRAINER - 1 }, (_, index) => ({
          email: `cliente-${coach.user.id}-${String(index)}@example.com`,
          password_hash: 'x',
          first_name: 'Cliente',
          last_name: String(index),
          country: 'ES',
          trainer_id: coach.user.id,
        })),
      )
      .returning({ id: users.id });
    await ctx.database.db
      .insert(trainerLinks)
      .values(others.map(({ id }) => ({ trainee_id: id, trainer_id: coach.user.id })));
    const invitation = await invite(coach.headers, { max_uses: 5 });
    const people = await Promise.all(Array.from({ length: 3 }, () => trainee()));

    const answers = await Promise.all(people.map((who) => accept(invitation.code, who.headers)));

    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((res) => res.status !== 200)) {
      expect(refused.envelope).toEqual({
        status: 409,
        data: { error: 'trainer roster full', message: COACHING_MESSAGES.rosterFull },
      });
    }
    const linked = await ctx.database.db
      .select()
      .from(trainerLinks)
      .where(eq(trainerLinks.trainer_id, coach.user.id));
    expect(linked).toHaveLength(MAX_TRAINEES_PER_TRAINER);
    expect((await invitationRow(invitation.id))?.uses_left).toBe(4);
  });

  it('changes only the consent when the trainee accepts their own trainer again, taking no use', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers, { max_uses: 5 });
    const ana = await trainee();
    await accept(invitation.code, ana.headers, ALL_AREAS);
    const again = await accept(invitation.code, ana.headers, NO_AREAS);
    expect(again.envelope).toMatchObject({ data: { id: coach.user.id, consent: NO_AREAS } });
    expect((await linkOf(ana.user.id)).link).toMatchObject(NO_AREAS);
    expect((await invitationRow(invitation.id))?.uses_left).toBe(4);
  });

  it('moves the trainee to a new trainer and deletes the old trainer’s targets', async () => {
    const before = await signedInTrainer(ctx);
    const after = await signedInTrainer(ctx);
    const ana = await trainee();
    await subscribe(ctx, ana.user.id);
    await linkToTrainer(ctx, ana.user.id, before.user.id);
    for (const step of ['goal', 'body', 'activity'] as const) {
      const url = `/v0/users/${ana.user.id}/onboarding/${step}/`;
      expect((await call('PUT', url, ana.headers, answers[step])).status).toBe(200);
    }
    const targets = `/v0/users/${ana.user.id}/targets/`;
    expect((await call('PUT', targets, before.headers, { energy_kcal: 1800 })).status).toBe(200);

    const res = await accept((await invite(after.headers)).code, ana.headers, ALL_AREAS);
    expect(res.envelope).toMatchObject({ data: { id: after.user.id } });
    expect(await linkOf(ana.user.id)).toMatchObject({
      trainer_id: after.user.id,
      link: { trainer_id: after.user.id },
    });
    const overrides = await ctx.database.db
      .select()
      .from(targetOverrides)
      .where(eq(targetOverrides.user_id, ana.user.id));
    expect(overrides).toEqual([]);
    expect((await call('GET', targets, before.headers)).status).toBe(404);
    expect((await call('GET', `/v0/users/${ana.user.id}/`, before.headers)).status).toBe(404);
    expect((await call('GET', targets, after.headers)).envelope).toMatchObject({
      data: { override: null },
    });
  });

  it('never leaves the old trainer’s targets when they are set while the trainee moves', async () => {
    const before = await signedInTrainer(ctx);
    const after = await signedInTrainer(ctx);
    for (let round = 0; round < 4; round += 1) {
      const ana = await trainee();
      await subscribe(ctx, ana.user.id);
      await linkToTrainer(ctx, ana.user.id, before.user.id);
      for (const step of ['goal', 'body', 'activity'] as const) {
        await call(
          'PUT',
          `/v0/users/${ana.user.id}/onboarding/${step}/`,
          ana.headers,
          answers[step],
        );
      }
      const code = (await invite(after.headers)).code;
      const [set, moved] = await Promise.all([
        call('PUT', `/v0/users/${ana.user.id}/targets/`, before.headers, { energy_kcal: 1800 }),
        accept(code, ana.headers, ALL_AREAS),
      ]);
      expect([200, 404]).toContain(set.status);
      expect(moved.status).toBe(200);
      const overrides = await ctx.database.db
        .select()
        .from(targetOverrides)
        .where(eq(targetOverrides.user_id, ana.user.id));
      expect(overrides, `round ${String(round)}`).toEqual([]);
    }
  });

  it('answers 404 to a trainer (their own invitation too) and to an admin, linking nobody', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers);
    const colleague = await signedInTrainer(ctx);
    const admin = await trainee({ role: 'admin' });
    for (const who of [coach, colleague, admin]) {
      const res = await accept(invitation.code, who.headers);
      expect(res.status).toBe(404);
      expect(res.envelope).toMatchObject({ data: { error: 'not found' } });
      expect(await linkOf(who.user.id)).toEqual({ trainer_id: null, link: undefined });
    }
    expect((await invitationRow(invitation.id))?.uses_left).toBe(1);
  });

  it('needs a session and all four areas, each a yes or a no', async () => {
    const coach = await signedInTrainer(ctx);
    const invitation = await invite(coach.headers);
    const ana = await trainee();
    const url = `/v0/trainers/invitations/${invitation.code}/acceptance/`;
    expect((await call('POST', url, {}, { consent: CONSENT })).status).toBe(401);
    const cases: [object, string][] = [
      [{}, 'Entrada inválida: se esperaba objeto, recibido indefinido'],
      [{ consent: { ...CONSENT, body: undefined } }, 'El cuerpo debe ser un valor booleano válido'],
      [{ consent: { ...CONSENT, diary: 'sí' } }, 'El diario debe ser un valor booleano válido'],
      [{ consent: { ...CONSENT, photos: true } }, 'Llave desconocida: "photos"'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', url, ana.headers, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.envelope).toMatchObject({ data: { error: 'validation failed', message } });
    }
    expect((await linkOf(ana.user.id)).trainer_id).toBeNull();
    expect((await invitationRow(invitation.id))?.uses_left).toBe(1);
  });
});

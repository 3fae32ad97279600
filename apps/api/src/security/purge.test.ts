import { TERMS_VERSION } from '@forja/shared/constants';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, runMailRequests, signIn, uniqueEmail } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import {
  accessTokens,
  passwordResetTokens,
  refreshTokens,
  sessionFamilies,
  verificationCodes,
} from '#db/schema/auth';
import { mailOutbox } from '#db/schema/mail';
import { users } from '#db/schema/users';
import { deliverPendingMail, enqueueMail } from '#adapters/mail/outbox';
import { createDevOutboxMailer } from '#adapters/mail/dev-outbox-mailer';
import { hashToken } from './tokens';
import { purgeDeadCredentials } from './purge';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const purge = () => purgeDeadCredentials({ db: ctx.database.db, clock: ctx.clock });

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload, headers });
}

async function familiesOf(userId: string) {
  return ctx.database.db
    .select({ id: sessionFamilies.id })
    .from(sessionFamilies)
    .where(eq(sessionFamilies.user_id, userId));
}

async function tokensOf(familyIds: string[]) {
  if (familyIds.length === 0) return { refresh: 0, access: 0 };
  const refresh = await ctx.database.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(inArray(refreshTokens.family_id, familyIds));
  const access = await ctx.database.db
    .select({ hash: accessTokens.token_hash })
    .from(accessTokens)
    .where(inArray(accessTokens.family_id, familyIds));
  return { refresh: refresh.length, access: access.length };
}

describe('purging dead credentials', () => {
  it('removes sessions a day after logout, with all their tokens, and keeps live ones working', async () => {
    const user = await createUser(ctx);
    const live = await signIn(ctx, user.id);
    const ended = await signIn(ctx, user.id);
    expect((await post('/v0/auth/logout/', {}, auth(ended.access_token))).statusCode).toBe(200);
    expect(await familiesOf(user.id)).toHaveLength(2);

    ctx.clock.advance(23 * HOUR);
    await purge();
    expect(await familiesOf(user.id), 'a day has not passed yet').toHaveLength(2);

    ctx.clock.advance(2 * HOUR);
    const counts = await purge();
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    const remaining = await familiesOf(user.id);
    expect(remaining).toHaveLength(1);
    expect(await tokensOf(remaining.map((row) => row.id))).toEqual({ refresh: 1, access: 1 });

    // The live session goes on: its refresh token still rotates.
    const refreshed = await post('/v0/auth/refresh/', { refresh_token: live.refresh_token });
    expect(refreshed.statusCode).toBe(200);
  });

  it('removes sessions a day after they expire for good (60 days after login)', async () => {
    const user = await createUser(ctx);
    await signIn(ctx, user.id);
    ctx.clock.advance(60 * DAY + 12 * HOUR);
    await purge();
    expect(await familiesOf(user.id)).toHaveLength(1);
    ctx.clock.advance(13 * HOUR);
    await purge();
    expect(await familiesOf(user.id)).toHaveLength(0);
  });

  it('drops access tokens once the refresh token issued with them is dead, and keeps rotated refresh tokens for theft detection', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.id);
    let current = first;
    // Two weeks and a bit of daily use: one refresh a day.
    for (let day = 0; day < 16; day += 1) {
      ctx.clock.advance(DAY);
      const res = await post('/v0/auth/refresh/', { refresh_token: current.refresh_token });
      expect(res.statusCode).toBe(200);
      current = res.json<{ data: typeof first }>().data;
    }
    const [family] = await familiesOf(user.id);
    expect(await tokensOf([family?.id ?? ''])).toEqual({ refresh: 17, access: 17 });

    const counts = await purge();
    // Access tokens that expired more than 14 days ago: the first two (day 0 and day 1).
    expect(counts.accessTokens).toBeGreaterThanOrEqual(2);
    expect(await tokensOf([family?.id ?? ''])).toEqual({ refresh: 17, access: 15 });
    const oldAccess = await ctx.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.token_hash, hashToken(first.access_token)));
    expect(oldAccess).toHaveLength(0);

    // The very first refresh token, replayed, is still recognised: the family is revoked.
    const replay = await post('/v0/auth/refresh/', { refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(401);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v0/users/',
      headers: auth(current.access_token),
    });
    expect(me.statusCode).toBe(401);
  });

  it('removes e-mail codes and reset links a day after they expire or are used', async () => {
    const email = uniqueEmail();
    const registration = await post('/v0/users/registrations/', {
      email,
      password: 'una contraseña larga',
      first_name: 'Ana',
      last_name: 'Ruiz',
      country: 'ES',
      terms_version: TERMS_VERSION,
    });
    expect(registration.statusCode).toBe(201);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('user not stored');
    await ctx.database.db.update(users).set({ enabled: true }).where(eq(users.id, user.id));
    expect((await post('/v0/users/password-reset/triggers/', { email })).statusCode).toBe(200);
    await runMailRequests(ctx);

    const codes = () =>
      ctx.database.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.user_id, user.id));
    const resets = () =>
      ctx.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.user_id, user.id));
    expect(await codes()).toHaveLength(1);
    expect(await resets()).toHaveLength(1);

    await purge();
    expect(await codes(), 'still valid').toHaveLength(1);
    expect(await resets(), 'still valid').toHaveLength(1);

    ctx.clock.advance(2 * DAY);
    await purge();
    expect(await codes()).toHaveLength(0);
    expect(await resets()).toHaveLength(0);
  });

  it('removes outbox messages 30 days after they were written, once sent or given up', async () => {
    const deps = { db: ctx.database.db, clock: ctx.clock };
    const to = uniqueEmail('retencion');
    const message = (subject: string) => ({
      kind: 'verification_code' as const,
      to,
      subject,
      text: 'Código: 123456',
      html: '<p>123456</p>',
    });
    const subjects = async () =>
      (
        await ctx.database.db
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(eq(mailOutbox.to_address, to))
      )
        .map((row) => row.subject)
        .sort();
    await enqueueMail(deps, message('enviado'));
    await deliverPendingMail({ ...deps, mailer: createDevOutboxMailer(() => undefined, '') });
    await enqueueMail(deps, message('pendiente'));

    ctx.clock.advance(29 * DAY);
    await purge();
    expect(await subjects()).toEqual(['enviado', 'pendiente']);

    ctx.clock.advance(2 * DAY);
    const counts = await purge();
    expect(counts.mail).toBeGreaterThanOrEqual(1);
    // A message not yet delivered stays, however old: it still has to go out.
    expect(await subjects()).toEqual(['pendiente']);
  });
});

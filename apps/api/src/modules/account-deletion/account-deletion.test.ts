import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { AUTH_MESSAGES } from '@forja/shared/errors';
import { mailsTo, PASSWORD, runMailRequests } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { FakeStripe } from '#test/fake-stripe';
import { premiumUser, userWithoutSubscription } from '#test/premium';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

/** How many rows of every table with a user_id column belong to the user, by table. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const tables = await ctx.database.rows<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'user_id'`);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = await ctx.database.rows<{ count: number }>(
      sql`select count(*)::int as count from ${sql.identifier(table)} where user_id = ${userId}`,
    );
    counts[table] = row?.count ?? 0;
  }
  const [user] = await ctx.database.rows<{ count: number }>(
    sql`select count(*)::int as count from users where id = ${userId}`,
  );
  counts.users = user?.count ?? 0;
  return counts;
}

const remove = (userId: string, headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/v0/users/${userId}/`,
    headers,
    payload: payload as object,
  });

describe('DELETE /v0/users/{id}/', () => {
  it('removes every row of the account once ELIMINAR and the password are typed, ends the session and mails a notice', async () => {
    const { user, headers } = await premiumUser(ctx);
    for (const step of Object.keys(answers) as (keyof typeof answers)[]) {
      await ctx.app.inject({
        method: 'PUT',
        url: `/v0/users/${user.id}/onboarding/${step}/`,
        headers,
        payload: answers[step],
      });
    }
    await ctx.app.inject({
      method: 'POST',
      url: '/v0/users/preferences/',
      headers,
      payload: { metric_system: 'imperial' },
    });
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    const boundary = '----forjadeletion';
    await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${user.id}/picture/`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        picture,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    // An e-mail to the account waits in the outbox.
    await ctx.app.inject({
      method: 'POST',
      url: '/v0/users/password-reset/triggers/',
      payload: { email: user.email },
    });
    await runMailRequests(ctx);
    const mails = async () => {
      const [row] = await ctx.database.rows<{ count: number }>(
        sql`select count(*)::int as count from mail_outbox where lower(to_address) = lower(${user.email})`,
      );
      return row?.count ?? 0;
    };
    expect(await mails()).toBe(1);
    const before = await rowsOf(user.id);
    expect(before).toMatchObject({
      users: 1,
      onboarding_answers: 1,
      profile_pictures: 1,
      user_preferences: 1,
      subscriptions: 1,
    });

    const res = await remove(user.id, headers, { confirmation: 'ELIMINAR', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      data: { message: 'Tu cuenta y todos tus datos se han eliminado' },
    });
    const after = await rowsOf(user.id);
    expect(
      Object.values(after).every((count) => count === 0),
      JSON.stringify(after),
    ).toBe(true);

    const again = await ctx.app.inject({ method: 'GET', url: '/v0/users/', headers });
    expect(again.statusCode).toBe(401);

    // The earlier messages are gone; the notice of the deletion is what remains.
    const [notice, ...older] = await mailsTo(ctx, user.email);
    expect(older).toEqual([]);
    expect(notice?.subject).toBe('Tu cuenta de Forja se ha eliminado');
    expect(notice?.text).toContain('hemos eliminado tu cuenta y todos tus datos');
  });

  it('needs the current password: a wrong one is 401 like a password change, and nothing goes', async () => {
    const { user, headers } = await premiumUser(ctx);
    const res = await remove(user.id, headers, {
      confirmation: 'ELIMINAR',
      password: 'no es la mía',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 401,
      data: { error: 'invalid credentials', message: AUTH_MESSAGES.invalidCredentials },
    });
    const missing = await remove(user.id, headers, { confirmation: 'ELIMINAR' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ data: { error: 'validation failed' } });
    expect((await rowsOf(user.id)).users).toBe(1);
    expect(await mailsTo(ctx, user.email)).toEqual([]);
    // The session still works: a wrong password ends nothing.
    expect((await ctx.app.inject({ method: 'GET', url: '/v0/users/', headers })).statusCode).toBe(
      200,
    );
  });

  it('counts wrong passwords with the password change: a stolen session is no password oracle', async () => {
    const limited = await createTestContext({
      database: ctx.database,
      build: {
        rateLimits: {
          passwordChange: {
            perIp: { max: 100, windowMs: 60_000 },
            perAccount: { max: 3, windowMs: 60_000 },
          },
        },
      },
    });
    try {
      const { user, headers } = await premiumUser(limited);
      const removeThere = (payload: object) =>
        limited.app.inject({ method: 'DELETE', url: `/v0/users/${user.id}/`, headers, payload });
      const changePassword = limited.app.inject({
        method: 'POST',
        url: '/v0/users/password-change/',
        headers,
        payload: { current_password: 'tampoco es', password: 'una clave nueva y larga' },
      });
      expect((await changePassword).statusCode).toBe(401);
      for (const guess of ['no es la mía', 'ni esta']) {
        const res = await removeThere({ confirmation: 'ELIMINAR', password: guess });
        expect(res.statusCode).toBe(401);
      }
      const refused = await removeThere({ confirmation: 'ELIMINAR', password: PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await rowsOf(user.id)).users).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('keeps everything when the confirmation is not ELIMINAR', async () => {
    const { user, headers } = await premiumUser(ctx);
    for (const confirmation of ['borrar', '', 'eliminar', 'Eliminar']) {
      const payload = { confirmation, password: PASSWORD };
      const res = await remove(user.id, headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        data: {
          error: 'deletion not confirmed',
          message: 'Escribe ELIMINAR para confirmar que quieres borrar tu cuenta',
        },
      });
    }
    expect((await remove(user.id, headers, {})).statusCode).toBe(400);
    expect((await rowsOf(user.id)).users).toBe(1);
  });

  it("answers 404 for someone else's account and deletes nothing", async () => {
    const owner = await premiumUser(ctx);
    const other = await premiumUser(ctx);
    const res = await remove(owner.user.id, other.headers, {
      confirmation: 'ELIMINAR',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(404);
    expect((await rowsOf(owner.user.id)).users).toBe(1);
  });

  it('needs a session but no subscription: leaving is always possible', async () => {
    const { user, headers } = await userWithoutSubscription(ctx);
    const payload = { confirmation: 'ELIMINAR', password: PASSWORD };
    expect((await remove(user.id, {}, payload)).statusCode).toBe(401);
    expect((await remove(user.id, headers, payload)).statusCode).toBe(200);
    expect((await rowsOf(user.id)).users).toBe(0);
  });
});

describe('DELETE /v0/users/{id}/ with Stripe as the provider', () => {
  let fake: FakeStripe;
  let stripe: TestContext;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    stripe = await createTestContext({
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_forja',
        STRIPE_PRICE_PREMIUM: 'price_premium_monthly',
        STRIPE_WEBHOOK_SECRET: 'whsec_stripe_test',
        STRIPE_API_BASE: fake.url,
      },
    });
  });

  afterAll(async () => {
    await stripe.close();
    await fake.close();
  });

  const subscriptionOf = async (userId: string) => {
    const [row] = await stripe.database.rows<{ id: string }>(
      sql`select stripe_subscription_id as id from subscriptions where user_id = ${userId}`,
    );
    return row?.id ?? '';
  };

  it('ends the running subscription at the provider, so nobody is charged after leaving', async () => {
    const { user, headers } = await premiumUser(stripe);
    const providerId = await subscriptionOf(user.id);
    const res = await stripe.app.inject({
      method: 'DELETE',
      url: `/v0/users/${user.id}/`,
      headers,
      payload: { confirmation: 'ELIMINAR', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toContain(
      `DELETE /v1/subscriptions/${providerId}`,
    );
  });

  it('deletes nothing and answers 502 when the provider cannot end the subscription', async () => {
    const { user, headers } = await premiumUser(stripe);
    fake.failWith = 500;
    try {
      const res = await stripe.app.inject({
        method: 'DELETE',
        url: `/v0/users/${user.id}/`,
        headers,
        payload: { confirmation: 'ELIMINAR', password: PASSWORD },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ data: { error: 'payment provider unavailable' } });
    } finally {
      fake.failWith = undefined;
    }
    const [row] = await stripe.database.rows<{ count: number }>(
      sql`select count(*)::int as count from users where id = ${user.id}`,
    );
    expect(row?.count).toBe(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { subscribe } from '#test/premium';
import { sessionFamilies } from '#db/schema/auth';
import { users } from '#db/schema/users';
import { resolveAccessToken, SESSION_LIFETIMES } from './sessions';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const deps = () => ({ db: ctx.database.db, clock: ctx.clock });

describe('the access token lookup every request runs', () => {
  it('answers the caller, their row without the password, and the subscription gate', async () => {
    const lastLogin = new Date('2026-11-20T08:15:30.123Z');
    const subscriber = await createUser(ctx, { last_login: lastLogin, foods_version: 7 });
    await subscribe(ctx, subscriber.id);
    const newcomer = await createUser(ctx, { role: 'trainer', country: 'MX' });
    const { access_token } = await signIn(ctx, subscriber.id);
    const principal = await resolveAccessToken(deps(), access_token);
    expect(principal).toMatchObject({
      role: 'trainee',
      hasAccess: true,
      user: { id: subscriber.id, email: subscriber.email, foods_version: 7, enabled: true },
    });
    expect(principal?.user.last_login).toEqual(lastLogin);
    expect(principal?.user).not.toHaveProperty('password_hash');
    const trainer = await resolveAccessToken(deps(), (await signIn(ctx, newcomer.id)).access_token);
    expect(trainer).toMatchObject({ role: 'trainer', hasAccess: false, user: { country: 'MX' } });
  });

  it('answers each column of the row as the row holds it, nulls, quotes and accents too', async () => {
    // Not yet verified: a session can still be held (the routes decide what it may do).
    const trainer = await createUser(ctx, { role: 'trainer', enabled: false });
    const trainee = await createUser(ctx, {
      first_name: 'José "Pepe"',
      last_name: 'Núñez \\ Ibáñez',
      profile_picture_url: 'https://example.com/p/ñ.png',
      trainer_id: trainer.id,
      last_login: new Date('2026-01-02T03:04:05.678Z'),
      foods_version: 123456,
    });
    for (const person of [trainee, trainer]) {
      const { access_token } = await signIn(ctx, person.id);
      const principal = await resolveAccessToken(deps(), access_token);
      expect(principal?.userId).toBe(person.id);
      expect(principal?.user).toEqual({
        id: person.id,
        email: person.email,
        first_name: person.first_name,
        last_name: person.last_name,
        country: person.country,
        profile_picture_url: person.profile_picture_url,
        trainer_id: person.trainer_id,
        role: person.role,
        enabled: person.enabled,
        last_login: person.last_login,
        foods_version: person.foods_version,
      });
    }
    expect(trainer.last_login).toBeNull();
    expect(trainee.trainer_id).toBe(trainer.id);
  });

  it('answers nobody for an unknown, expired or revoked token', async () => {
    const user = await createUser(ctx);
    expect(await resolveAccessToken(deps(), 'a'.repeat(43))).toBeNull();
    expect(await resolveAccessToken(deps(), 'not a token')).toBeNull();

    const expiring = await signIn(ctx, user.id);
    ctx.clock.advance(SESSION_LIFETIMES.accessMs + 1);
    expect(await resolveAccessToken(deps(), expiring.access_token)).toBeNull();

    const revoked = await signIn(ctx, user.id);
    expect(await resolveAccessToken(deps(), revoked.access_token)).not.toBeNull();
    await ctx.database.db
      .update(sessionFamilies)
      .set({ revoked_at: ctx.clock.now(), revoked_reason: 'test' })
      .where(eq(sessionFamilies.user_id, user.id));
    expect(await resolveAccessToken(deps(), revoked.access_token)).toBeNull();
    // The row is read again at every request: a change shows at once.
    const fresh = await signIn(ctx, user.id);
    await ctx.database.db.update(users).set({ first_name: 'Marta' }).where(eq(users.id, user.id));
    expect((await resolveAccessToken(deps(), fresh.access_token))?.user.first_name).toBe('Marta');
  });
});

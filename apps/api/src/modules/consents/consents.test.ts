import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@forja/shared/constants';
import { CONSENT_MESSAGES } from '@forja/shared/errors';
import { answers } from '@forja/shared/fixtures/onboarding';
import { HEALTH_QUESTIONS } from '@forja/shared/schemas/onboarding';
import { auth, PASSWORD, signIn, uniqueEmail } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { premiumUser } from '#test/premium';
import { onboardingAnswers } from '#db/schema/onboarding';
import { subscriptions } from '#db/schema/subscriptions';
import { users } from '#db/schema/users';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

type Headers = Record<string, string>;
const MINUTE = 60_000;
const noHealthAnswers = Object.fromEntries([
  ...HEALTH_QUESTIONS.map((question) => [question, null]),
  ['pregnancy_week', null],
  ['breastfeeding', null],
  ['breastfeeding_since', null],
  ['health_notes', null],
]) as Record<string, null>;

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) {
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function storedRow(userId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(onboardingAnswers)
    .where(eq(onboardingAnswers.user_id, userId));
  return row;
}

/** A trainee with goal, body and activity answered, so their targets can be computed. */
async function traineeWithTargets() {
  const trainee = await premiumUser(ctx);
  for (const step of ['goal', 'body', 'activity'] as const) {
    const res = await call(
      'PUT',
      `/v0/users/${trainee.user.id}/onboarding/${step}/`,
      trainee.headers,
      answers[step],
    );
    expect(res.statusCode).toBe(200);
  }
  return trainee;
}

const withHeartCondition = { ...answers.health, heart_condition: true, health_notes: 'Arritmia' };

describe('health answers need explicit consent', () => {
  it('completes the health step without consent, storing no health answer at all', async () => {
    const { user, headers } = await premiumUser(ctx);
    const res = await call('PUT', `/v0/users/${user.id}/onboarding/health/`, headers, {
      health_data_consent: false,
      share_with_trainer: true,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      health_data_consent: false,
      ...noHealthAnswers,
      share_with_trainer: true,
    };
    expect(res.json()).toMatchObject({ data: { answers: { health: expected } } });
    const row = await storedRow(user.id);
    expect(row?.health).toEqual(expected);
    expect(row?.health_consent_at).toBeNull();
  });

  it('refuses health answers sent without consent with a Spanish 400, and keeps what was there', async () => {
    const { user, headers } = await premiumUser(ctx);
    const url = `/v0/users/${user.id}/onboarding/health/`;
    for (const payload of [
      { ...withHeartCondition, health_data_consent: false },
      { ...answers.health, health_data_consent: false, health_notes: 'Tomo betabloqueantes' },
      { ...answers.health, health_data_consent: undefined },
    ]) {
      const res = await call('PUT', url, headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ data: { fields: Record<string, string> } }>().data.fields).toHaveProperty(
        'health_data_consent',
      );
    }
    const refused = await call('PUT', url, headers, {
      ...withHeartCondition,
      health_data_consent: false,
    });
    expect(refused.json()).toMatchObject({
      status: 400,
      data: { error: 'validation failed', message: CONSENT_MESSAGES.healthConsentRequired },
    });
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it('records the consent with its date, which answering again does not move', async () => {
    const { user, headers } = await premiumUser(ctx);
    const url = `/v0/users/${user.id}/onboarding/health/`;
    const given = ctx.clock.now();
    expect((await call('PUT', url, headers, withHeartCondition)).statusCode).toBe(200);
    expect((await storedRow(user.id))?.health).toEqual(withHeartCondition);

    ctx.clock.advance(MINUTE);
    expect((await call('PUT', url, headers, answers.health)).statusCode).toBe(200);
    const consents = await call('GET', `/v0/users/${user.id}/consents/`, headers);
    expect(consents.statusCode).toBe(200);
    expect(consents.json()).toMatchObject({
      data: { health_data_consent_at: given.toISOString() },
    });
  });

  it('deletes the health answers at once when the consent is withdrawn, and the targets follow', async () => {
    const { user, headers } = await traineeWithTargets();
    await call('PUT', `/v0/users/${user.id}/onboarding/health/`, headers, withHeartCondition);
    const targets = () => call('GET', '/v0/targets/', headers);
    expect((await targets()).json()).toMatchObject({ data: { notes: ['health_review'] } });

    const res = await call('DELETE', `/v0/users/${user.id}/consents/health-data/`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { health_data_consent_at: null } });
    const row = await storedRow(user.id);
    expect(row?.health).toEqual({
      health_data_consent: false,
      ...noHealthAnswers,
      share_with_trainer: true,
    });
    expect(JSON.stringify(row?.health)).not.toContain('Arritmia');
    expect(row?.health_consent_at).toBeNull();
    expect(row?.trainer_consent_at).not.toBeNull();
    expect((await targets()).json()).toMatchObject({ data: { notes: [] } });
  });

  it('answering the step again without consent is a withdrawal too', async () => {
    const { user, headers } = await premiumUser(ctx);
    const url = `/v0/users/${user.id}/onboarding/health/`;
    await call('PUT', url, headers, withHeartCondition);
    await call('PUT', url, headers, { health_data_consent: false, share_with_trainer: false });
    const row = await storedRow(user.id);
    expect(row?.health).toMatchObject({ heart_condition: null, health_notes: null });
    expect(row?.health_consent_at).toBeNull();
  });

  it('lets the consent be withdrawn without a subscription, by its owner only', async () => {
    const { user, headers } = await premiumUser(ctx);
    await call('PUT', `/v0/users/${user.id}/onboarding/health/`, headers, withHeartCondition);
    await ctx.database.db.delete(subscriptions).where(eq(subscriptions.user_id, user.id));

    const other = await premiumUser(ctx);
    for (const method of ['GET', 'DELETE'] as const) {
      const url = `/v0/users/${user.id}/consents/${method === 'DELETE' ? 'health-data/' : ''}`;
      expect((await call(method, url, other.headers)).statusCode, method).toBe(404);
      expect((await call(method, url, {})).statusCode, method).toBe(401);
    }
    expect((await storedRow(user.id))?.health).toEqual(withHeartCondition);

    const res = await call('DELETE', `/v0/users/${user.id}/consents/health-data/`, headers);
    expect(res.statusCode).toBe(200);
    expect((await storedRow(user.id))?.health).toMatchObject({ heart_condition: null });
  });
});

describe('DELETE /v0/users/{id}/consents/trainer-health/', () => {
  it('stops sharing the health answers with the trainer without a plan, keeping the answers', async () => {
    const { user, headers } = await premiumUser(ctx);
    const shared = { ...withHeartCondition, share_with_trainer: true };
    await call('PUT', `/v0/users/${user.id}/onboarding/health/`, headers, shared);
    expect((await storedRow(user.id))?.trainer_consent_at).toBeInstanceOf(Date);
    await ctx.database.db.delete(subscriptions).where(eq(subscriptions.user_id, user.id));

    const url = `/v0/users/${user.id}/consents/trainer-health/`;
    const other = await premiumUser(ctx);
    expect((await call('DELETE', url, other.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url, {})).statusCode).toBe(401);
    expect((await storedRow(user.id))?.trainer_consent_at).toBeInstanceOf(Date);

    const res = await call('DELETE', url, headers);
    expect(res.statusCode).toBe(200);
    expect(
      res.json<{ data: { trainer_consent_at: string | null } }>().data.trainer_consent_at,
    ).toBeNull();
    const row = await storedRow(user.id);
    expect(row?.trainer_consent_at).toBeNull();
    expect(row?.health).toEqual({ ...shared, share_with_trainer: false });
  });
});

describe('GET /v0/users/{id}/consents/', () => {
  it('shows the terms accepted at registration, with their version and date', async () => {
    const email = uniqueEmail('consentimientos');
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/v0/users/registrations/',
      payload: {
        email,
        password: PASSWORD,
        first_name: 'Nuria',
        last_name: 'Vidal',
        country: 'ES',
        terms_version: TERMS_VERSION,
      },
    });
    expect(registered.statusCode).toBe(201);
    const id = registered.json<{ data: { id: string } }>().data.id;
    await ctx.database.db.update(users).set({ enabled: true }).where(eq(users.id, id));
    const headers = auth((await signIn(ctx, id)).access_token);
    const res = await call('GET', `/v0/users/${id}/consents/`, headers);
    expect(res.json()).toEqual({
      status: 200,
      data: {
        terms_version: TERMS_VERSION,
        terms_accepted_at: ctx.clock.now().toISOString(),
        health_data_consent_at: null,
        trainer_consent_at: null,
        check_ins_consent_at: null,
      },
    });
  });
});

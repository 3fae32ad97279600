import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_AREAS } from '@forja/shared/constants';
import { COACHING_MESSAGES } from '@forja/shared/errors';
import { answers } from '@forja/shared/fixtures/onboarding';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { call as request, type Method } from '#test/http';
import { subscribe } from '#test/premium';
import { ALL_AREAS, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';
import { trainerLinks } from '#db/schema/coaching';
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

const call = <T = unknown>(method: Method, url: string, headers: Headers, payload?: object) =>
  request<T>(ctx, headers, method, url, payload);

/**
 * A subscribed trainee with goal, body and activity answered (so targets can be computed),
 * linked to `trainerId` sharing `areas` when given.
 */
async function trainee(trainerId?: string, areas: Record<string, boolean> = ALL_AREAS) {
  const user = await createUser(ctx, { first_name: 'Ana', last_name: 'Gil' });
  await subscribe(ctx, user.id);
  const headers = auth((await signIn(ctx, user.id)).access_token);
  for (const step of ['goal', 'body', 'activity'] as const) {
    const url = `/v0/users/${user.id}/onboarding/${step}/`;
    expect((await call('PUT', url, headers, answers[step])).status).toBe(200);
  }
  if (trainerId) await linkToTrainer(ctx, user.id, trainerId, areas);
  return { user, headers };
}

async function linkOf(traineeId: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, traineeId));
  const [link] = await ctx.database.db
    .select()
    .from(trainerLinks)
    .where(eq(trainerLinks.trainee_id, traineeId));
  const [override] = await ctx.database.db
    .select()
    .from(targetOverrides)
    .where(eq(targetOverrides.user_id, traineeId));
  return { trainer_id: user?.trainer_id ?? null, link, override };
}

const targetsUrl = (id: string) => `/v0/users/${id}/targets/`;
const consentUrl = (id: string) => `/v0/users/${id}/trainer/consent/`;
const trainerUrl = (id: string) => `/v0/users/${id}/trainer/`;
const noTrainer = {
  status: 404,
  data: { error: 'trainer not found', message: COACHING_MESSAGES.trainerNotFound },
};

describe('GET /v0/users/{id}/trainer/', () => {
  it('shows the trainee who their trainer is and what they share', async () => {
    const coach = await signedInTrainer(ctx);
    const ana = await trainee(coach.user.id, { ...NO_AREAS, body: true });
    const res = await call('GET', trainerUrl(ana.user.id), ana.headers);
    expect(res.envelope).toEqual({
      status: 200,
      data: {
        id: coach.user.id,
        first_name: 'Marta',
        last_name: 'Ruiz',
        profile_picture_url: '',
        consent: { ...NO_AREAS, body: true },
      },
    });
  });

  it('answers 404 without a trainer, and to anyone but the trainee', async () => {
    const alone = await trainee();
    expect((await call('GET', trainerUrl(alone.user.id), alone.headers)).envelope).toEqual(
      noTrainer,
    );
    const coach = await signedInTrainer(ctx);
    const ana = await trainee(coach.user.id);
    for (const who of [coach, alone]) {
      const res = await call('GET', trainerUrl(ana.user.id), who.headers);
      expect(res.status).toBe(404);
      expect(res.envelope).toMatchObject({ data: { error: 'user not found' } });
    }
    expect((await call('GET', trainerUrl(ana.user.id), {})).status).toBe(401);
  });
});

describe('what a trainer reads is bounded by each area, at once', () => {
  it('opens the targets only while the diary is shared, switched off and on', async () => {
    const coach = await signedInTrainer(ctx);
    const ana = await trainee(coach.user.id, NO_AREAS);
    const targets = targetsUrl(ana.user.id);
    expect((await call('GET', targets, coach.headers)).status).toBe(404);

    const on = await call('PUT', consentUrl(ana.user.id), ana.headers, {
      ...NO_AREAS,
      diary: true,
    });
    expect(on.envelope).toMatchObject({ data: { consent: { ...NO_AREAS, diary: true } } });
    expect((await call('GET', targets, coach.headers)).status).toBe(200);
    expect((await call('PUT', targets, coach.headers, { energy_kcal: 1800 })).status).toBe(200);

    // Off again: the trainer is out and their targets go.
    const off = await call('PUT', consentUrl(ana.user.id), ana.headers, {
      ...ALL_AREAS,
      diary: false,
    });
    expect(off.status).toBe(200);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, targets, coach.headers, { energy_kcal: 1800 });
      expect(res.status, method).toBe(404);
    }
    expect((await linkOf(ana.user.id)).override).toBeUndefined();
    const own = await call('GET', '/v0/targets/', ana.headers);
    expect(own.envelope).toMatchObject({ data: { energy_kcal: 2125, notes: [] } });
  });

  it('keeps the targets closed when every area but the diary is shared, one by one', async () => {
    const coach = await signedInTrainer(ctx);
    const ana = await trainee(coach.user.id, NO_AREAS);
    for (const area of CONSENT_AREAS.filter((name) => name !== 'diary')) {
      const res = await call('PUT', consentUrl(ana.user.id), ana.headers, {
        ...NO_AREAS,
        [area]: true,
      });
      expect(res.status, area).toBe(200);
      expect((await call('GET', targetsUrl(ana.user.id), coach.headers)).status, area).toBe(404);
      // Still their trainee: the names are there, the last sign-in is not.
      const seen = await call('GET', `/v0/users/${ana.user.id}/`, coach.headers);
      expect(seen.envelope, area).toMatchObject({
        data: { first_name: 'Ana', email: '', last_login: null },
      });
    }
  });

  it('changes the four areas at once, only for the trainee themselves, only with a trainer', async () => {
    const coach = await signedInTrainer(ctx);
    const ana = await trainee(coach.user.id, NO_AREAS);
    const chosen = { diary: false, training: true, body: false, check_ins: true };
    const res = await call('PUT', consentUrl(ana.user.id), ana.headers, chosen);
    expect(res.envelope).toEqual({
      status: 200,
      data: {
        id: coach.user.id,
        first_name: 'Marta',
        last_name: 'Ruiz',
        profile_picture_url: '',
        consent: chosen,
      },
    });
    expect((await linkOf(ana.user.id)).link).toMatchObject(chosen);

    const stranger = await trainee();
    for (const who of [coach, stranger]) {
      const refused = await call('PUT', consentUrl(ana.user.id), who.headers, ALL_AREAS);
      expect(refused.status).toBe(404);
    }
    expect((await linkOf(ana.user.id)).link).toMatchObject(chosen);
    const alone = await call('PUT', consentUrl(stranger.user.id), stranger.headers, ALL_AREAS);
    expect(alone.envelope).toEqual(noTrainer);

    const partial = await call('PUT', consentUrl(ana.user.id), ana.headers, { diary: true });
    expect(partial.status).toBe(400);
    expect(partial.envelope).toMatchObject({
      data: { message: 'El entrenamiento debe ser un valor booleano válido' },
    });
  });
});

describe('DELETE /v0/users/{id}/trainer/', () => {
  async function linkedWithTargets() {
    const coach = await signedInTrainer(ctx);
    const ana = await trainee(coach.user.id);
    const set = await call('PUT', targetsUrl(ana.user.id), coach.headers, { energy_kcal: 1800 });
    expect(set.status).toBe(200);
    return { coach, ana };
  }

  async function expectUnlinked(
    coach: { user: { id: string }; headers: Headers },
    ana: { user: { id: string } },
  ) {
    expect(await linkOf(ana.user.id)).toEqual({
      trainer_id: null,
      link: undefined,
      override: undefined,
    });
    expect((await call('GET', targetsUrl(ana.user.id), coach.headers)).status).toBe(404);
    expect((await call('GET', `/v0/users/${ana.user.id}/`, coach.headers)).status).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/v0/users/', headers: coach.headers });
    const ids = list.json<{ data: { id: string }[] }>().data.map((user) => user.id);
    expect(ids).toContain(coach.user.id);
    expect(ids).not.toContain(ana.user.id);
  }

  it('lets the trainee end the link: no trainer, nothing shared, the formula’s targets', async () => {
    const { coach, ana } = await linkedWithTargets();
    const res = await call('DELETE', trainerUrl(ana.user.id), ana.headers);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    await expectUnlinked(coach, ana);
    expect((await call('GET', trainerUrl(ana.user.id), ana.headers)).envelope).toEqual(noTrainer);
    expect((await call('DELETE', trainerUrl(ana.user.id), ana.headers)).envelope).toEqual(
      noTrainer,
    );
    const own = await call('GET', '/v0/targets/', ana.headers);
    expect(own.envelope).toMatchObject({ data: { energy_kcal: 2125, notes: [] } });
  });

  it('lets the trainer end the link, whatever the trainee shares', async () => {
    const coach = await signedInTrainer(ctx);
    const ana = await trainee(coach.user.id, NO_AREAS);
    const res = await call('DELETE', trainerUrl(ana.user.id), coach.headers);
    expect(res.status).toBe(204);
    await expectUnlinked(coach, ana);
    const again = await call('DELETE', trainerUrl(ana.user.id), coach.headers);
    expect(again.envelope).toMatchObject({ status: 404, data: { error: 'user not found' } });
  });

  it('answers 404 to anyone else and keeps the link', async () => {
    const { coach, ana } = await linkedWithTargets();
    const stranger = await signedInTrainer(ctx);
    const classmate = await trainee(coach.user.id);
    const admin = await createUser(ctx, { role: 'admin' });
    const adminHeaders = auth((await signIn(ctx, admin.id)).access_token);
    for (const headers of [stranger.headers, classmate.headers, adminHeaders]) {
      const res = await call('DELETE', trainerUrl(ana.user.id), headers);
      expect(res.status).toBe(404);
      expect(res.envelope).toMatchObject({ data: { error: 'user not found' } });
    }
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await call('DELETE', trainerUrl(id), coach.headers)).status, id).toBe(404);
    }
    expect((await call('DELETE', trainerUrl(ana.user.id), {})).status).toBe(401);
    expect(await linkOf(ana.user.id)).toMatchObject({
      trainer_id: coach.user.id,
      link: { trainer_id: coach.user.id },
      override: { energy_kcal: 1800 },
    });
  });
});

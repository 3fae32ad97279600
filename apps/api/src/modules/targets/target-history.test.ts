import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MAX_TARGET_CHANGES } from '@forja/shared/constants';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { TraineeTargets } from '@forja/shared/schemas/targets';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { subscribe } from '#test/premium';
import { ALL_AREAS, linkToTrainer } from '#test/trainers';
import { targetChanges, targetOverrides } from '#db/schema/targets';
import { unlinkTrainee } from '#db/trainer-links';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
});

afterAll(async () => {
  await ctx.close();
});

type Headers = Record<string, string>;

async function trainer(first_name = 'Marta') {
  const user = await createUser(ctx, { role: 'trainer', first_name, last_name: 'Ruiz' });
  return { user, headers: auth((await signIn(ctx, user.id)).access_token) };
}

/** A subscribed trainee of `trainerId` who answered goal, body and activity (2125 kcal). */
async function trainee(trainerId: string) {
  const user = await createUser(ctx);
  await subscribe(ctx, user.id);
  const headers = auth((await signIn(ctx, user.id)).access_token);
  for (const step of ['goal', 'body', 'activity'] as const) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${user.id}/onboarding/${step}/`,
      headers,
      payload: answers[step],
    });
    expect(res.statusCode, step).toBe(200);
  }
  await linkToTrainer(ctx, user.id, trainerId, ALL_AREAS);
  return { user, headers };
}

async function call(
  method: 'GET' | 'PUT' | 'DELETE',
  id: string,
  headers: Headers,
  payload?: object,
) {
  const res = await ctx.app.inject({
    method,
    url: `/v0/users/${id}/targets/`,
    headers,
    ...(payload ? { payload } : {}),
  });
  type Answer = TraineeTargets & { error?: string; message?: string };
  return { status: res.statusCode, data: res.json<{ data: Answer }>().data, body: res.body };
}

const rows = (userId: string) =>
  ctx.database.db.select().from(targetChanges).where(eq(targetChanges.user_id, userId));

describe('the history of a trainee’s targets', () => {
  it('records a set and a clear with who, the values and the formula’s energy, newest first', async () => {
    const coach = await trainer();
    const { user } = await trainee(coach.user.id);

    const set = await call('PUT', user.id, coach.headers, { energy_kcal: 1800, protein_g: 150 });
    expect(set.status, set.body).toBe(200);
    expect(set.data.history).toEqual([
      {
        id: expect.any(String),
        kind: 'set',
        changed_by: { id: coach.user.id, first_name: 'Marta', last_name: 'Ruiz' },
        changed_at: '2026-03-02T09:00:00.000Z',
        energy_kcal: 1800,
        protein_g: 150,
        fat_g: null,
        formula_energy_kcal: 2125,
        expenditure_kcal: null,
      },
    ]);

    // The same targets again change nothing.
    expect(
      (await call('PUT', user.id, coach.headers, { energy_kcal: 1800, protein_g: 150 })).status,
    ).toBe(200);
    expect(await rows(user.id)).toHaveLength(1);

    ctx.clock.advance(60_000);
    const cleared = await call('DELETE', user.id, coach.headers);
    expect(cleared.status).toBe(200);
    expect(cleared.data.history.map((change) => change.kind)).toEqual(['cleared', 'set']);
    expect(cleared.data.history[0]).toMatchObject({
      energy_kcal: null,
      protein_g: null,
      fat_g: null,
      formula_energy_kcal: 2125,
      expenditure_kcal: null,
      changed_at: '2026-03-02T09:01:00.000Z',
    });
    // Back on the formula already: a second clear records nothing.
    expect((await call('DELETE', user.id, coach.headers)).status).toBe(200);
    expect(await rows(user.id)).toHaveLength(2);

    const read = await call('GET', user.id, coach.headers);
    expect(read.data.history.map((change) => change.kind)).toEqual(['cleared', 'set']);
  });

  it('writes nothing on bad input: a Spanish 400, no override, no history', async () => {
    const coach = await trainer();
    const { user } = await trainee(coach.user.id);
    const bad: [object, string][] = [
      [{ energy_kcal: 500 }, 'La energía'],
      [{ energy_kcal: '1800' }, 'La energía'],
      [{ energy_kcal: 1800, extra: 1 }, 'Llave desconocida'],
    ];
    for (const [payload, message] of bad) {
      const res = await call('PUT', user.id, coach.headers, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.data.message).toContain(message);
    }
    // Protein and fat that do not fit in the energy: the service refuses, also in Spanish.
    const tooMuch = await call('PUT', user.id, coach.headers, { energy_kcal: 900, protein_g: 200 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data.message).toContain('más que el objetivo de energía');
    expect(await rows(user.id)).toEqual([]);
    const overrides = await ctx.database.db
      .select()
      .from(targetOverrides)
      .where(eq(targetOverrides.user_id, user.id));
    expect(overrides).toEqual([]);
  });

  it('is written in the same transaction as the override: when it fails, the override is not changed', async () => {
    const coach = await trainer();
    const { user } = await trainee(coach.user.id);
    expect((await call('PUT', user.id, coach.headers, { energy_kcal: 1800 })).status).toBe(200);
    await ctx.database.db.execute(
      sql`alter table target_changes add constraint target_changes_refuse_check check (energy_kcal is distinct from 1700 and kind <> 'cleared') not valid`,
    );
    try {
      const set = await call('PUT', user.id, coach.headers, {
        energy_kcal: 1700,
        confirm_below_minimum: true,
      });
      expect(set.status).toBe(500);
      const clear = await call('DELETE', user.id, coach.headers);
      expect(clear.status).toBe(500);
    } finally {
      await ctx.database.db.execute(
        sql`alter table target_changes drop constraint target_changes_refuse_check`,
      );
    }
    const after = await call('GET', user.id, coach.headers);
    expect(after.data.override).toMatchObject({ energy_kcal: 1800 });
    expect(after.data.history).toHaveLength(1);
  });

  it(`keeps the last ${MAX_TARGET_CHANGES} changes`, async () => {
    const coach = await trainer();
    const { user } = await trainee(coach.user.id);
    await ctx.database.db.insert(targetChanges).values(
      Array.from({ length: MAX_TARGET_CHANGES }, (_, i) => ({
        user_id: user.id,
        kind: 'set' as const,
        changed_by: coach.user.id,
        changed_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        energy_kcal: 2000 + i,
      })),
    );
    const res = await call('PUT', user.id, coach.headers, {
      energy_kcal: 1650,
      confirm_below_minimum: true,
    });
    expect(res.status).toBe(200);
    expect(res.data.history).toHaveLength(MAX_TARGET_CHANGES);
    expect(res.data.history[0]?.energy_kcal).toBe(1650);
    expect(res.data.history.at(-1)?.energy_kcal).toBe(2001);
    expect(await rows(user.id)).toHaveLength(MAX_TARGET_CHANGES);
  });

  it('stays with the trainee when the trainer changes; the next trainer reads it only with the diary', async () => {
    const first = await trainer('Marta');
    const { user, headers } = await trainee(first.user.id);
    expect((await call('PUT', user.id, first.headers, { energy_kcal: 1900 })).status).toBe(200);

    await ctx.database.db.transaction((tx) => unlinkTrainee(tx, user.id, ctx.clock.now()));
    expect(await rows(user.id)).toHaveLength(1);
    // The former trainer no longer reads anything; nor does the trainee here.
    expect((await call('GET', user.id, first.headers)).status).toBe(404);
    expect((await call('GET', user.id, headers)).status).toBe(404);

    const next = await trainer('Pablo');
    await linkToTrainer(ctx, user.id, next.user.id, { ...ALL_AREAS, diary: false });
    expect((await call('GET', user.id, next.headers)).status).toBe(404);
    await linkToTrainer(ctx, user.id, next.user.id, ALL_AREAS);
    const read = await call('GET', user.id, next.headers);
    expect(read.status).toBe(200);
    expect(read.data.history).toHaveLength(1);
    expect(read.data.history[0]?.changed_by).toMatchObject({ first_name: 'Marta' });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { onboardingAnswers } from '#db/schema/onboarding';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import { TestClock } from '#test/clock';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { insertUser } from '#test/users';
import { finishOnboarding, getOnboarding, saveOnboardingStep } from './onboarding.service';

let database: TestDatabase;
let clock: TestClock;
const deps = () => ({ db: database.db, clock });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(() => {
  clock = new TestClock(new Date('2026-03-02T09:00:00.000Z'));
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('onboarding answers', () => {
  it('start empty and send a new person to the first step', async () => {
    const user = await insertUser(database.db);
    expect(await getOnboarding(deps(), user.id)).toEqual({
      user_id: user.id,
      answers: {
        goal: null,
        body: null,
        activity: null,
        training: null,
        eating: null,
        health: null,
      },
      next_step: 'first-step',
      finished_at: null,
    });
  });

  it('are saved step by step, so the next read continues at the first unanswered step', async () => {
    const user = await insertUser(database.db);
    await saveOnboardingStep(deps(), user.id, 'goal', answers.goal);
    expect((await getOnboarding(deps(), user.id)).next_step).toBe('second-step');
    await saveOnboardingStep(deps(), user.id, 'body', answers.body);
    await saveOnboardingStep(deps(), user.id, 'training', answers.training);
    const state = await getOnboarding(deps(), user.id);
    expect(state.next_step).toBe('third-step');
    expect(state.answers).toMatchObject({
      goal: answers.goal,
      body: answers.body,
      activity: null,
      training: answers.training,
    });
  });

  it('replace an earlier answer of the same step and leave the others alone', async () => {
    const user = await insertUser(database.db);
    await saveOnboardingStep(deps(), user.id, 'goal', answers.goal);
    await saveOnboardingStep(deps(), user.id, 'activity', answers.activity);
    const maintain = { goal: 'maintain', weekly_rate_kg: 0, goal_weight_kg: 0 };
    const state = await saveOnboardingStep(deps(), user.id, 'goal', maintain);
    expect(state.answers.goal).toEqual(maintain);
    expect(state.answers.activity).toEqual(answers.activity);
  });

  it('belong to one person only', async () => {
    const ana = await insertUser(database.db);
    const bea = await insertUser(database.db);
    await saveOnboardingStep(deps(), ana.id, 'goal', answers.goal);
    expect((await getOnboarding(deps(), bea.id)).answers.goal).toBeNull();
  });

  it('refuse bad numbers with the Spanish message of the field, storing nothing', async () => {
    const user = await insertUser(database.db);
    const negative = await rejection(
      saveOnboardingStep(deps(), user.id, 'body', { ...answers.body, weight_kg: -80 }),
    );
    expect(negative).toMatchObject({
      status: 400,
      message: 'El peso debe ser un número positivo',
      fields: { weight_kg: 'El peso debe ser un número positivo' },
    });
    const text = await rejection(
      saveOnboardingStep(deps(), user.id, 'activity', {
        ...answers.activity,
        training_days_per_week: 'cuatro',
      }),
    );
    expect(text.fields).toEqual({
      training_days_per_week: 'Los días de entrenamiento deben ser un número válido',
    });
    expect((await getOnboarding(deps(), user.id)).answers).toMatchObject({
      body: null,
      activity: null,
    });
  });

  it('count the age on the server clock: 15 today is refused, 16 tomorrow is accepted', async () => {
    const user = await insertUser(database.db);
    const body = { ...answers.body, birth_date: '2010-03-03' };
    const tooYoung = await rejection(saveOnboardingStep(deps(), user.id, 'body', body));
    expect(tooYoung.fields).toEqual({ birth_date: 'Tu edad debe estar entre 16 y 100 años' });
    clock.advance(86_400_000);
    const state = await saveOnboardingStep(deps(), user.id, 'body', body);
    expect(state.answers.body?.birth_date).toBe('2010-03-03');
  });

  it('record when the person consented to share with their trainer, and forget it on withdrawal', async () => {
    const user = await insertUser(database.db);
    const consentAt = async () => {
      const [row] = await database.db
        .select({ at: onboardingAnswers.trainer_consent_at })
        .from(onboardingAnswers)
        .where(eq(onboardingAnswers.user_id, user.id));
      return row?.at ?? null;
    };
    await saveOnboardingStep(deps(), user.id, 'health', answers.health);
    expect(await consentAt()).toEqual(new Date('2026-03-02T09:00:00.000Z'));
    clock.advance(60_000);
    await saveOnboardingStep(deps(), user.id, 'health', answers.health);
    expect(await consentAt()).toEqual(new Date('2026-03-02T09:00:00.000Z'));
    await saveOnboardingStep(deps(), user.id, 'health', {
      ...answers.health,
      share_with_trainer: false,
    });
    expect(await consentAt()).toBeNull();
  });

  it('treat a stored answer that no longer fits its step as unanswered', async () => {
    const user = await insertUser(database.db);
    await saveOnboardingStep(deps(), user.id, 'goal', answers.goal);
    await database.db
      .update(onboardingAnswers)
      .set({ goal: { objetivo: 'perder' } })
      .where(eq(onboardingAnswers.user_id, user.id));
    const state = await getOnboarding(deps(), user.id);
    expect(state.answers.goal).toBeNull();
    expect(state.next_step).toBe('first-step');
  });

  it('go with the account when it is deleted', async () => {
    const user = await insertUser(database.db);
    await saveOnboardingStep(deps(), user.id, 'goal', answers.goal);
    await database.db.delete(users).where(eq(users.id, user.id));
    const rows = await database.db
      .select()
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.user_id, user.id));
    expect(rows).toEqual([]);
  });
});

describe('finishing the onboarding', () => {
  it('needs every step answered', async () => {
    const user = await insertUser(database.db);
    expect(await rejection(finishOnboarding(deps(), user.id))).toMatchObject({
      status: 409,
      message: 'Completa todos los pasos antes de terminar',
    });
    for (const step of ['goal', 'body', 'activity', 'training', 'eating'] as const) {
      await saveOnboardingStep(deps(), user.id, step, answers[step]);
    }
    expect((await rejection(finishOnboarding(deps(), user.id))).key).toBe('onboardingIncomplete');
  });

  it('records the moment once; later edits and finishes keep it', async () => {
    const user = await insertUser(database.db);
    for (const step of Object.keys(answers) as (keyof typeof answers)[]) {
      await saveOnboardingStep(deps(), user.id, step, answers[step]);
    }
    const finished = await finishOnboarding(deps(), user.id);
    expect(finished).toMatchObject({
      next_step: 'resume',
      finished_at: new Date('2026-03-02T09:00:00.000Z'),
    });
    clock.advance(3_600_000);
    await saveOnboardingStep(deps(), user.id, 'activity', {
      ...answers.activity,
      activity_level: 'active',
      training_days_per_week: 5,
    });
    const again = await finishOnboarding(deps(), user.id);
    expect(again.finished_at).toEqual(new Date('2026-03-02T09:00:00.000Z'));
    expect(again.answers.activity?.activity_level).toBe('active');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { AppError } from '#http/app-error';
import { TestClock } from '#test/clock';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { insertUser } from '#test/users';
import { saveOnboardingStep } from '../onboarding/onboarding.service';
import { getTargets } from '#nutrition/targets';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('the current targets', () => {
  it('are not available until goal, body and activity are answered', async () => {
    const clock = new TestClock();
    const user = await insertUser(database.db);
    await saveOnboardingStep({ db: database.db, clock }, user.id, 'goal', answers.goal);
    await saveOnboardingStep({ db: database.db, clock }, user.id, 'body', answers.body);
    const error: unknown = await getTargets({ db: database.db, clock }, user.id).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404, key: 'targetsUnavailable' });
  });

  it('are computed from the stored answers: man of 30, 180 cm, 80 kg gives BMR 1780, 2125 kcal', async () => {
    const clock = new TestClock(new Date('2026-03-02T09:00:00.000Z'));
    const user = await insertUser(database.db);
    for (const step of ['goal', 'body', 'activity'] as const) {
      await saveOnboardingStep({ db: database.db, clock }, user.id, step, answers[step]);
    }
    expect(await getTargets({ db: database.db, clock }, user.id)).toMatchObject({
      formula: 'mifflin-st-jeor',
      bmr_kcal: 1780,
      tdee_kcal: 2675,
      energy_kcal: 2125,
      protein_g: 160,
      fat_g: 59,
      carbohydrate_g: 239,
      goal_date: '2026-05-11',
    });
  });

  it('follow the clock: a year later the same man is 31 and his BMR is 5 kcal lower', async () => {
    const clock = new TestClock(new Date('2026-03-02T09:00:00.000Z'));
    const user = await insertUser(database.db);
    for (const step of ['goal', 'body', 'activity'] as const) {
      await saveOnboardingStep({ db: database.db, clock }, user.id, step, answers[step]);
    }
    clock.set(new Date('2027-03-02T09:00:00.000Z'));
    expect(await getTargets({ db: database.db, clock }, user.id)).toMatchObject({
      age_years: 31,
      bmr_kcal: 1775,
    });
  });
});

import { expect } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { TestContext } from './context';
import { signedInUser, type SignedInUser } from './subscribed';

/**
 * A subscribed trainee with the goal, body and activity of the shared onboarding answered:
 * the man of 30, 180 cm, 80 kg, moderate, losing 0.5 kg a week, whose formula TDEE is
 * 2759 kcal.
 */
export async function onboardedTrainee(ctx: TestContext): Promise<SignedInUser> {
  const trainee = await signedInUser(ctx);
  for (const step of ['goal', 'body', 'activity'] as const) {
    const res = await trainee.call('PUT', `/v0/users/${trainee.user.id}/onboarding/${step}/`, {
      ...answers[step],
    });
    expect(res.status).toBe(200);
  }
  return trainee;
}

/**
 * Three weeks from `first`: a weighing each morning from 80 kg down 0.1 kg a day (days 0–20)
 * and `kcal` eaten on days 0–19 (`kcalOn` days excepted). By hand the expenditure is
 * kcal + 0.1 × 7700 = kcal + 770.
 */
export async function threeWeeksLogged(
  trainee: SignedInUser,
  first: string,
  options: { kcal?: number; kcalOn?: Record<number, number> } = {},
): Promise<void> {
  for (let offset = 0; offset <= 20; offset++) {
    const date = addDays(first, offset);
    const weight_kg = Math.round((80 - 0.1 * offset) * 10) / 10;
    const weighed = await trainee.call('PUT', `/v0/metrics/weights/${date}/`, { weight_kg });
    expect(weighed.status).toBe(200);
    if (offset === 20) continue;
    const logged = await trainee.call('POST', '/v0/diary/entries/', {
      kind: 'quick',
      date,
      meal: 'comida',
      kcal: options.kcalOn?.[offset] ?? options.kcal ?? 2000,
    });
    expect(logged.status).toBe(201);
  }
}

import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { weightEntries } from '#db/schema/metrics';
import { onboardingAnswers } from '#db/schema/onboarding';
import { weightTrend } from '@forja/shared/weight-trend';

/**
 * Recomputes the person's latest trend weight from all their weighings and stores it with
 * their answers, where every read of the targets finds it (decision 063). Call it in the
 * transaction that changed the weighings or the answers, after `lockWeighings`.
 */
export async function refreshTrendWeight(db: Db, userId: string): Promise<void> {
  const weights = await db
    .select({ date: weightEntries.date, weight_kg: weightEntries.weight_kg })
    .from(weightEntries)
    .where(eq(weightEntries.user_id, userId))
    .orderBy(asc(weightEntries.date));
  const latest = weightTrend(weights).at(-1);
  await db
    .update(onboardingAnswers)
    .set({
      // To the gram: the targets show the weight they count on.
      trend_weight_kg: latest ? Math.round(latest.trend_kg * 1000) / 1000 : null,
      trend_weight_on: latest?.date ?? null,
    })
    .where(eq(onboardingAnswers.user_id, userId));
}

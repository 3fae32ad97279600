import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PREMIUM_PLAN, type SubscriptionStatus } from '@forja/shared/constants';
import { subscriptions } from '#db/schema/subscriptions';
import type { BatchWork } from '#jobs/runner';
import type { SubscriptionDeps } from './subscriptions.service';

type Row = typeof subscriptions.$inferSelect;

/** Statuses in which the provider may still charge the customer. */
const LIVE_STATUSES: SubscriptionStatus[] = ['active', 'pending', 'past_due'];

/**
 * Which of two subscriptions a user keeps: a paid plan over the free trial, then the one
 * that started (was activated) last. Positive when `a` is kept over `b`.
 */
function compareKept(a: Row, b: Row): number {
  const paid = Number(a.plan === PREMIUM_PLAN) - Number(b.plan === PREMIUM_PLAN);
  if (paid !== 0) return paid;
  const started = (row: Row) => (row.start_date ?? row.created_at).getTime();
  return (
    started(a) - started(b) ||
    a.created_at.getTime() - b.created_at.getTime() ||
    a.id.localeCompare(b.id)
  );
}

/**
 * A user pays for one subscription at a time: the active one they keep (premium over the
 * trial, then the one activated last) ends, at the provider, the live ones it outranks
 * (say, the trial once premium is bought). A paid plan is never ended for a trial, and one
 * that started later, still being paid for, is left to settle. The provider's own events
 * then mark the ended ones cancelled here.
 */
export async function settleSuperseded(deps: SubscriptionDeps, userId: string): Promise<void> {
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), isNotNull(subscriptions.stripe_subscription_id)));
  const kept = rows
    .filter((row) => row.status === 'active')
    .reduce<Row | undefined>(
      (best, row) => (!best || compareKept(row, best) > 0 ? row : best),
      undefined,
    );
  if (!kept) return;
  for (const row of rows) {
    if (row === kept || compareKept(kept, row) < 0) continue;
    if (!row.stripe_subscription_id || !LIVE_STATUSES.includes(row.status)) continue;
    try {
      await deps.payments.cancelSubscription(row.stripe_subscription_id);
      deps.log.info({ subscriptionId: row.id }, 'ended a superseded subscription');
    } catch (error) {
      // Tried again by the next event for this user and by the periodic sweep.
      deps.log.warn({ err: error, subscriptionId: row.id }, 'could not end a superseded one');
    }
  }
}

/**
 * The users still paying for a superseded subscription: two or more live ones at the
 * provider, one of them active. Read from the partial index of live subscriptions alone
 * (`subscriptions_live_user_idx`, decision 107), whose condition this repeats word for word.
 */
export function supersededUsersQuery(
  db: SubscriptionDeps['db'],
  notHeld: (key: AnyPgColumn) => SQL = () => sql`true`,
) {
  return (
    db
      .select({ userId: subscriptions.user_id })
      .from(subscriptions)
      .where(
        sql`${subscriptions.stripe_subscription_id} is not null and ${subscriptions.status} in ('active', 'pending', 'past_due')`,
      )
      .groupBy(subscriptions.user_id)
      // Held items are looked up for the users paying twice only, not for every live row
      // (the case keeps the planner from testing them first).
      .having(
        sql`case when count(*) > 1 and bool_or(${subscriptions.status} = 'active')
        then ${notHeld(subscriptions.user_id)} else false end`,
      )
  );
}

export async function supersededUsers(db: SubscriptionDeps['db']): Promise<string[]> {
  const rows = await supersededUsersQuery(db);
  return rows.map((row) => row.userId);
}

/** Finds users still paying for a superseded subscription and ends those. */
export async function sweepSuperseded(deps: SubscriptionDeps): Promise<void> {
  for (const userId of await supersededUsers(deps.db)) await settleSuperseded(deps, userId);
}

/** Users one instance settles at once (decision 113). */
export const SUPERSEDED_PER_BATCH = 50;

/** The `payments` job's items: the users still paying for a superseded subscription. */
export function supersededBatch(deps: SubscriptionDeps): BatchWork<{ key: string }> {
  return {
    size: SUPERSEDED_PER_BATCH,
    due: async (limit, notHeld) =>
      (
        await supersededUsersQuery(deps.db, notHeld).orderBy(subscriptions.user_id).limit(limit)
      ).map((row) => ({ key: row.userId })),
    work: ({ key }) => settleSuperseded(deps, key),
  };
}

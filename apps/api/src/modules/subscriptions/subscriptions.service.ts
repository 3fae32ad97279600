import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_STATUSES, FREE_TRIAL_PLAN, PREMIUM_PLAN } from '@forja/shared/constants';
import type { PlanOffer, Subscription } from '@forja/shared/schemas/subscription';
import type { Payments } from '#adapters/payments/payments';
import type { Clock } from '#clock';
import type { Config } from '#config';
import type { Db } from '#db/client';
import { subscriptions } from '#db/schema/subscriptions';

/*
 * What the subscriptions module shares, and what a user reads of their subscriptions.
 * Checkout and the portal live in checkout.service.ts, webhook deliveries in
 * webhooks.service.ts, how an event moves a subscription in subscription-state.ts, and the
 * ending of replaced subscriptions in superseded.service.ts.
 */

export interface SubscriptionDeps {
  db: Db;
  payments: Payments;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'trialDays' | 'price'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

type Row = typeof subscriptions.$inferSelect;

function toSubscription(row: Row): Subscription | null {
  if (!row.stripe_subscription_id || !row.start_date || !row.end_date) return null;
  return {
    id: row.id,
    user_id: row.user_id,
    plan: row.plan,
    status: row.status,
    start_date: row.start_date,
    end_date: row.end_date,
    stripe_subscription_id: row.stripe_subscription_id,
  };
}

/**
 * The user's subscriptions that exist at the provider, the one that counts first (giving
 * access, premium over the trial), then newest first.
 */
export async function listSubscriptions(deps: Pick<SubscriptionDeps, 'db'>, userId: string) {
  const access = sql.raw(ACCESS_STATUSES.map((status) => `'${status}'`).join(', '));
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), isNotNull(subscriptions.stripe_subscription_id)))
    .orderBy(
      sql`case when ${subscriptions.status} in (${access})
        then (case when ${subscriptions.plan} = ${PREMIUM_PLAN} then 0 else 1 end) else 2 end`,
      desc(subscriptions.created_at),
      desc(subscriptions.id),
    );
  return rows.map(toSubscription).filter((row): row is Subscription => row !== null);
}

export function listPlans(config: Pick<Config, 'trialDays' | 'price'>): PlanOffer[] {
  const base = {
    price: config.price.premiumCents,
    currency: config.price.currency,
    interval: 'month' as const,
  };
  return [
    { name: FREE_TRIAL_PLAN, ...base, trial_days: config.trialDays },
    { name: PREMIUM_PLAN, ...base, trial_days: 0 },
  ];
}

import {
  FREE_TRIAL_PLAN,
  PREMIUM_PLAN,
  type Plan,
  type SubscriptionStatus,
} from '@forja/shared/constants';
import { addMonthsToInstant } from '@forja/shared/calendar';
import type { subscriptions } from '#db/schema/subscriptions';
import type { SubscriptionChange } from './webhook-events';

/*
 * How a webhook event moves a subscription: its status, plan and dates. Pure: the stored
 * state and the event go in, the change to store comes out; no database, no clock.
 */

type Row = typeof subscriptions.$inferSelect;

/** What the state machine reads of a stored subscription. */
export type SubscriptionState = Pick<
  Row,
  | 'status'
  | 'plan'
  | 'start_date'
  | 'end_date'
  | 'stripe_subscription_id'
  | 'stripe_customer_id'
  | 'state_at'
>;

export type Patch = Partial<SubscriptionState & Pick<Row, 'cancel_at_period_end'>>;

const DAY_MS = 86_400_000;
/** Statuses a subscription never leaves: a cancelled subscription never comes back. */
const FINAL_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'expired'];
/**
 * Between two events of the same second, the one further along the lifecycle wins, so that a
 * late "created, incomplete" cannot undo "paid" (Stripe's timestamps are whole seconds).
 */
const RANK: Record<SubscriptionStatus, number> = {
  incomplete: 0,
  pending: 1,
  active: 2,
  past_due: 2,
  expired: 3,
  canceled: 3,
};

/** Maps Stripe's subscription status to Forja's. */
export function mapProviderStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
      return 'active';
    case 'incomplete':
      return 'pending';
    case 'canceled':
      return 'canceled';
    case 'incomplete_expired':
      return 'expired';
    default:
      // past_due, unpaid, paused and anything new: no access until the provider says so.
      return 'past_due';
  }
}

/**
 * The plan a provider subscription is on, read from the subscription itself so that every
 * event says the same whatever order they arrive in: the free trial while trialing (or when
 * it ended during its trial), premium once a payment was due. Nothing when it cannot tell.
 */
export function planOfSubscription(
  change: Pick<
    Extract<SubscriptionChange, { kind: 'subscription' }>,
    'status' | 'trialEnd' | 'endedAt'
  >,
): Plan | undefined {
  switch (change.status) {
    case 'trialing':
      return FREE_TRIAL_PLAN;
    case 'active':
    case 'past_due':
    case 'unpaid':
      return PREMIUM_PLAN;
    case 'canceled':
      return change.trialEnd && change.endedAt && change.endedAt <= change.trialEnd
        ? FREE_TRIAL_PLAN
        : PREMIUM_PLAN;
    default:
      // incomplete, incomplete_expired, paused (a trial ended without a card): the plan chosen
      // at checkout stands.
      return undefined;
  }
}

function proposal(row: SubscriptionState, change: SubscriptionChange): Patch | null {
  switch (change.kind) {
    case 'checkout': {
      const unsettled = row.status === 'incomplete' || row.status === 'pending';
      if (change.outcome === 'paid' && unsettled) return { status: 'active' };
      if (change.outcome === 'unpaid' && row.status === 'incomplete') return { status: 'pending' };
      if (change.outcome === 'failed' && unsettled) return { status: 'incomplete' };
      return null;
    }
    case 'subscription': {
      const plan = planOfSubscription(change);
      return {
        status: mapProviderStatus(change.status),
        ...(plan ? { plan } : {}),
        start_date: change.startDate,
        ...(change.endDate ? { end_date: change.endDate } : {}),
        cancel_at_period_end: change.cancelAtPeriodEnd,
      };
    }
    case 'invoice': {
      const patch: Patch = {};
      if (change.outcome === 'paid') {
        if (row.status !== 'active') patch.status = 'active';
        // A charge means the premium plan: the trial costs nothing.
        if (change.amountPaid > 0) patch.plan = PREMIUM_PLAN;
        if (change.periodEnd && (!row.end_date || change.periodEnd > row.end_date)) {
          patch.end_date = change.periodEnd;
        }
      } else if (row.status === 'active') {
        patch.status = 'past_due';
      }
      return Object.keys(patch).length > 0 ? patch : null;
    }
  }
}

/**
 * What an event changes on a row. Ids are always filled in; the state only moves forward:
 * never out of a final status, never back to what an older event said.
 */
export function nextState(
  row: SubscriptionState,
  change: SubscriptionChange,
  created: Date,
  trialDays: number,
): Patch {
  const patch: Patch = {};
  if (change.providerSubscriptionId && !row.stripe_subscription_id) {
    patch.stripe_subscription_id = change.providerSubscriptionId;
  }
  if (change.customerId && !row.stripe_customer_id) patch.stripe_customer_id = change.customerId;

  const final = FINAL_STATUSES.includes(row.status);
  const older = row.state_at !== null && created < row.state_at;
  const proposed = final ? null : proposal(row, change);
  // An ending is final whatever its age: an event stamped later (the open invoice paid
  // after the end) must not keep a cancelled subscription alive.
  const ending = proposed?.status !== undefined && FINAL_STATUSES.includes(proposed.status);
  const next = older && !ending ? null : proposed;
  const sameSecond = row.state_at !== null && created.getTime() === row.state_at.getTime();
  const behind = next?.status !== undefined && sameSecond && RANK[next.status] < RANK[row.status];
  if (next && !behind) Object.assign(patch, next, older ? {} : { state_at: created });

  // A listed subscription always has both dates; until the provider states the period,
  // it is the one the plan promises from the moment the event happened.
  const linked = row.stripe_subscription_id ?? patch.stripe_subscription_id;
  if (linked && !row.start_date && !patch.start_date) patch.start_date = created;
  if (linked && !row.end_date && !patch.end_date) {
    patch.end_date =
      (patch.plan ?? row.plan) === FREE_TRIAL_PLAN
        ? new Date(created.getTime() + trialDays * DAY_MS)
        : addMonthsToInstant(created, 1);
  }
  return patch;
}

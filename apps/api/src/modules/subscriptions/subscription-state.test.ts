import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_PLAN, PREMIUM_PLAN, type SubscriptionStatus } from '@forja/shared/constants';
import { nextState, type Patch, type SubscriptionState } from './subscription-state';
import type { SubscriptionChange } from './webhook-events';

const T0 = new Date('2027-01-10T10:00:00.000Z');
const EARLIER = new Date('2027-01-10T09:59:00.000Z');
const LATER = new Date('2027-01-10T10:01:00.000Z');
const PERIOD_END = new Date('2027-02-10T10:00:00.000Z');
const NEXT_PERIOD_END = new Date('2027-03-10T10:00:00.000Z');
const JANUARY_31 = new Date('2027-01-31T10:00:00.000Z');
const TRIAL_DAYS = 14;

/** A subscription already linked to the provider, last moved by an event at T0. */
function linked(status: SubscriptionStatus, plan: SubscriptionState['plan'] = PREMIUM_PLAN) {
  return {
    status,
    plan,
    start_date: T0,
    end_date: PERIOD_END,
    stripe_subscription_id: 'sub_1',
    stripe_customer_id: 'cus_1',
    state_at: T0,
  } satisfies SubscriptionState;
}

/** A subscription whose checkout was started and nothing heard of yet. */
const fresh = {
  status: 'incomplete',
  plan: PREMIUM_PLAN,
  start_date: null,
  end_date: null,
  stripe_subscription_id: null,
  stripe_customer_id: null,
  state_at: null,
} satisfies SubscriptionState;

const ids = { providerSubscriptionId: 'sub_1', customerId: 'cus_1', localSubscriptionId: null };

function checkout(outcome: 'paid' | 'unpaid' | 'failed'): SubscriptionChange {
  return { kind: 'checkout', outcome, checkoutSessionId: 'cs_1', ...ids };
}

function providerSubscription(
  status: string,
  extra: Partial<Extract<SubscriptionChange, { kind: 'subscription' }>> = {},
): SubscriptionChange {
  return {
    kind: 'subscription',
    status,
    ...ids,
    startDate: T0,
    endDate: NEXT_PERIOD_END,
    trialEnd: null,
    endedAt: null,
    cancelAtPeriodEnd: false,
    ...extra,
  };
}

function invoice(outcome: 'paid' | 'failed', amountPaid = 999): SubscriptionChange {
  return {
    kind: 'invoice',
    outcome,
    invoiceId: 'in_1',
    currency: 'eur',
    ...ids,
    amountPaid,
    periodEnd: NEXT_PERIOD_END,
  };
}

/** What the first paid event stores on a fresh subscription: ids, status and its period. */
function activated(at: Date, end: Date): Patch {
  return {
    status: 'active',
    state_at: at,
    stripe_subscription_id: 'sub_1',
    stripe_customer_id: 'cus_1',
    start_date: at,
    end_date: end,
  };
}

describe('the subscription state machine', () => {
  // current state, event, when the event happened, what is stored (`{}`: nothing moves).
  it.each<[string, SubscriptionState, SubscriptionChange, Date, Patch]>([
    [
      'a paid checkout activates a new subscription, with the period the plan promises',
      fresh,
      checkout('paid'),
      T0,
      activated(T0, PERIOD_END),
    ],
    [
      'the month promised from 31 January ends on 28 February',
      fresh,
      checkout('paid'),
      JANUARY_31,
      activated(JANUARY_31, new Date('2027-02-28T10:00:00.000Z')),
    ],
    [
      'a free trial checkout promises the trial days',
      { ...fresh, plan: FREE_TRIAL_PLAN },
      checkout('paid'),
      T0,
      activated(T0, new Date(T0.getTime() + TRIAL_DAYS * 86_400_000)),
    ],
    [
      'an unpaid checkout is pending',
      linked('incomplete'),
      checkout('unpaid'),
      LATER,
      { status: 'pending', state_at: LATER },
    ],
    [
      'a failed payment sends a pending checkout back',
      linked('pending'),
      checkout('failed'),
      LATER,
      { status: 'incomplete', state_at: LATER },
    ],
    [
      'a paid checkout of an active subscription is a no-op',
      linked('active'),
      checkout('paid'),
      LATER,
      {},
    ],
    [
      'trialing is the free trial, active',
      linked('incomplete', FREE_TRIAL_PLAN),
      providerSubscription('trialing'),
      LATER,
      {
        status: 'active',
        plan: FREE_TRIAL_PLAN,
        start_date: T0,
        end_date: NEXT_PERIOD_END,
        cancel_at_period_end: false,
        state_at: LATER,
      },
    ],
    [
      'unpaid at the provider loses access',
      linked('active'),
      providerSubscription('unpaid'),
      LATER,
      {
        status: 'past_due',
        plan: PREMIUM_PLAN,
        start_date: T0,
        end_date: NEXT_PERIOD_END,
        cancel_at_period_end: false,
        state_at: LATER,
      },
    ],
    [
      'a trial cancelled during the trial stays the free trial',
      linked('active', FREE_TRIAL_PLAN),
      providerSubscription('canceled', { trialEnd: PERIOD_END, endedAt: LATER }),
      LATER,
      {
        status: 'canceled',
        plan: FREE_TRIAL_PLAN,
        start_date: T0,
        end_date: NEXT_PERIOD_END,
        cancel_at_period_end: false,
        state_at: LATER,
      },
    ],
    [
      'incomplete_expired expires and keeps the plan chosen at checkout',
      linked('pending'),
      providerSubscription('incomplete_expired'),
      LATER,
      {
        status: 'expired',
        start_date: T0,
        end_date: NEXT_PERIOD_END,
        cancel_at_period_end: false,
        state_at: LATER,
      },
    ],
    [
      'a paid invoice renews: premium, active, the later period end',
      linked('past_due', FREE_TRIAL_PLAN),
      invoice('paid'),
      LATER,
      { status: 'active', plan: PREMIUM_PLAN, end_date: NEXT_PERIOD_END, state_at: LATER },
    ],
    [
      'a trial invoice of nothing keeps the plan',
      linked('incomplete', FREE_TRIAL_PLAN),
      invoice('paid', 0),
      LATER,
      { status: 'active', end_date: NEXT_PERIOD_END, state_at: LATER },
    ],
    [
      'a failed invoice makes an active subscription past due',
      linked('active'),
      invoice('failed'),
      LATER,
      { status: 'past_due', state_at: LATER },
    ],
    [
      'a failed invoice of a past due subscription is a no-op',
      linked('past_due'),
      invoice('failed'),
      LATER,
      {},
    ],
    [
      'a cancelled subscription never comes back (invoice)',
      linked('canceled'),
      invoice('paid'),
      LATER,
      {},
    ],
    [
      'a cancelled subscription never comes back (provider says active)',
      linked('canceled'),
      providerSubscription('active'),
      LATER,
      {},
    ],
    ['an expired subscription never comes back', linked('expired'), checkout('paid'), LATER, {}],
    [
      'an older event does not overwrite a newer state',
      linked('active'),
      invoice('failed'),
      EARLIER,
      {},
    ],
    [
      'an ending is final whatever its age',
      linked('active'),
      providerSubscription('canceled'),
      EARLIER,
      {
        status: 'canceled',
        plan: PREMIUM_PLAN,
        start_date: T0,
        end_date: NEXT_PERIOD_END,
        cancel_at_period_end: false,
      },
    ],
    [
      'in the same second, a step back in the lifecycle is a no-op',
      linked('active'),
      providerSubscription('incomplete'),
      T0,
      {},
    ],
    [
      'in the same second, a step forward applies',
      linked('pending'),
      checkout('paid'),
      T0,
      { status: 'active', state_at: T0 },
    ],
  ])('%s', (_name, state, change, created, expected) => {
    expect(nextState(state, change, created, TRIAL_DAYS)).toEqual(expected);
  });
});

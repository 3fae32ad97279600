import { queryOptions } from '@tanstack/react-query';
import { ACCESS_STATUSES, FREE_TRIAL_PLAN, type Plan } from '@forja/shared/constants';
import { SUBSCRIPTION_MESSAGES } from '@forja/shared/errors';
import {
  checkoutSessionSchema,
  planOfferListSchema,
  subscriptionListSchema,
  type Subscription,
} from '@forja/shared/schemas/subscription';
import { ApiError } from '#lib/api-error';
import { http } from '#lib/http';

/**
 * Every subscription of the user, newest first. A failure says so in the catalogue's words
 * (spec §8): a 404 is "not found", any other failed fetch "could not get your subscription";
 * an answer of the wrong shape is the schema mismatch.
 */
async function fetchSubscriptions(): Promise<Subscription[]> {
  try {
    return await http.get('/subscriptions/', {
      schema: subscriptionListSchema,
      invalidResponseMessage: SUBSCRIPTION_MESSAGES.schemaMismatch,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'public') throw error;
    const message =
      error.status === 404 ? SUBSCRIPTION_MESSAGES.notFound : SUBSCRIPTION_MESSAGES.fetchFailed;
    throw new ApiError(message, {
      status: error.status,
      ...(error.serverError ? { serverError: error.serverError } : {}),
    });
  }
}

export const subscriptionsQuery = queryOptions({
  queryKey: ['subscriptions'],
  queryFn: fetchSubscriptions,
});

export const plansQuery = queryOptions({
  queryKey: ['subscriptions', 'plans'],
  queryFn: () =>
    http.get('/subscriptions/plans/', {
      schema: planOfferListSchema,
      invalidResponseMessage: SUBSCRIPTION_MESSAGES.schemaMismatch,
    }),
});

/** The user's subscription is the first of the list; an empty list means none. */
export function currentSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  return subscriptions[0] ?? null;
}

/**
 * Whether a subscription gives access: active or pending. The free trial counts, except
 * where the trial is not allowed (the plans page, from which a trial can be upgraded).
 */
export function hasAccess(
  subscription: Subscription | null,
  { allowTrial }: { allowTrial: boolean },
): boolean {
  if (!subscription) return false;
  if (!allowTrial && subscription.plan === FREE_TRIAL_PLAN) return false;
  return ACCESS_STATUSES.includes(subscription.status);
}

/** Creates a checkout session for the plan; the caller sends the browser to its url. */
export async function startCheckout(plan: Plan) {
  return http.get('/subscriptions/stripe/checkout/', {
    schema: checkoutSessionSchema,
    query: { plan },
    invalidResponseMessage: SUBSCRIPTION_MESSAGES.checkoutFailed,
  });
}

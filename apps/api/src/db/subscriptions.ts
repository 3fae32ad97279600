import { and, eq, inArray, isNotNull, type Column } from 'drizzle-orm';
import { ACCESS_STATUSES } from '@forja/shared/constants';
import { subscriptions } from './schema/subscriptions';

/**
 * The subscriptions of `userId` that open the premium calls: known to the provider and
 * active or pending (the free trial counts). `userId` may be a column, to ask it of the
 * user a query is about.
 */
export function givesAccess(userId: Column | string) {
  return and(
    eq(subscriptions.user_id, userId),
    isNotNull(subscriptions.stripe_subscription_id),
    inArray(subscriptions.status, [...ACCESS_STATUSES]),
  );
}

import { desc, eq, inArray, sql } from 'drizzle-orm';
import { ACCESS_STATUSES, FREE_TRIAL_PLAN, PREMIUM_PLAN, type Plan } from '@forja/shared/constants';
import type { CheckoutSession } from '@forja/shared/schemas/subscription';
import { PaymentProviderError } from '#adapters/payments/payments';
import { paymentCustomers, subscriptions } from '#db/schema/subscriptions';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import type { SubscriptionDeps } from './subscriptions.service';

type Row = typeof subscriptions.$inferSelect;

function unavailable(error: unknown): unknown {
  return error instanceof PaymentProviderError
    ? new AppError('paymentsUnavailable', { cause: error })
    : error;
}

async function ensureCustomer(
  deps: SubscriptionDeps,
  user: { id: string; email: string; name: string },
): Promise<string> {
  const stored = async () =>
    (
      await deps.db
        .select({ id: paymentCustomers.customer_id })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.user_id, user.id))
    )[0]?.id;
  const existing = await stored();
  if (existing) return existing;
  const created = await deps.payments.createCustomer({
    userId: user.id,
    email: user.email,
    name: user.name,
  });
  await deps.db
    .insert(paymentCustomers)
    .values({ user_id: user.id, customer_id: created, created_at: deps.clock.now() })
    .onConflictDoNothing();
  // Whoever stored first wins; the provider's idempotency made them the same anyway.
  return (await stored()) ?? created;
}

function checkoutOf(row: Row): CheckoutSession {
  return {
    checkout_session_id: row.checkout_session_id ?? '',
    stripe_subscription_id: row.stripe_subscription_id ?? '',
    subscription_id: row.id,
    url: row.checkout_url ?? '',
    user_id: row.user_id,
  };
}

/** An hour: the margin before expiry below which an open checkout is not handed out. */
const CHECKOUT_MARGIN_MS = 60 * 60_000;

/**
 * A checkout row that can no longer become a subscription: never completed, and its page
 * has expired (or was never made, an hour after the row: the provider call failed half-way).
 */
function abandoned(row: Row, now: Date): boolean {
  if (row.stripe_subscription_id) return false;
  if (row.checkout_expires_at) return row.checkout_expires_at <= now;
  return row.created_at.getTime() <= now.getTime() - CHECKOUT_MARGIN_MS;
}

/**
 * Starts a hosted checkout for a plan. Refused while the user has an active or pending
 * subscription (a trial may still move to premium), and for a second free trial. An open
 * checkout for the same plan is handed out again instead of making another.
 *
 * The rules are checked and the row written under a lock on the user, so requests of one
 * user take turns: five trial checkouts at once make one trial; the others are refused
 * or, once it is made, handed the same checkout.
 */
export async function createCheckout(
  deps: SubscriptionDeps,
  userId: string,
  plan: Plan,
): Promise<CheckoutSession> {
  const now = deps.clock.now();
  const decided = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('unauthorized');

    const existing = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.user_id, userId))
      .orderBy(desc(subscriptions.created_at));
    const current = existing.filter(
      (row) => row.stripe_subscription_id && ACCESS_STATUSES.includes(row.status),
    );
    const upgradingTrial =
      plan === PREMIUM_PLAN && current.every((row) => row.plan === FREE_TRIAL_PLAN);
    if (current.length > 0 && !upgradingTrial) throw new AppError('subscriptionAlreadyActive');

    // Leave a margin so the user is not sent to a page about to expire.
    const usableUntil = new Date(now.getTime() + CHECKOUT_MARGIN_MS);
    const open = existing.find(
      (row) =>
        row.plan === plan &&
        row.status === 'incomplete' &&
        !row.stripe_subscription_id &&
        row.checkout_session_id &&
        row.checkout_url &&
        row.checkout_expires_at &&
        row.checkout_expires_at > usableUntil,
    );
    // The trial is used once one was completed, whatever became of it, and also while
    // another trial checkout may still complete (being made, or about to expire).
    if (
      plan === FREE_TRIAL_PLAN &&
      existing.some((row) => row.free_trial && row !== open && !abandoned(row, now))
    ) {
      throw new AppError('trialAlreadyUsed');
    }
    if (open) return { user, open };

    if (plan === FREE_TRIAL_PLAN) {
      // Trial checkouts that can no longer complete make way for this one.
      const stale = existing.filter((row) => row.free_trial && abandoned(row, now));
      if (stale.length > 0) {
        await tx.delete(subscriptions).where(
          inArray(
            subscriptions.id,
            stale.map((row) => row.id),
          ),
        );
      }
    }
    const [row] = await tx
      .insert(subscriptions)
      .values({
        user_id: userId,
        plan,
        free_trial: plan === FREE_TRIAL_PLAN,
        status: 'incomplete',
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('the subscription row was not created');
    return { user, row };
  });
  if (decided.open) return checkoutOf(decided.open);
  const { user, row } = decided;

  let session;
  let customerId;
  try {
    customerId = await ensureCustomer(deps, {
      id: user.id,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`.trim(),
    });
    session = await deps.payments.createCheckoutSession({
      subscriptionId: row.id,
      userId,
      customerId,
      plan,
      trialDays: plan === FREE_TRIAL_PLAN ? deps.config.trialDays : 0,
      successUrl: `${deps.config.publicUrl}/users/subscription/success`,
      cancelUrl: `${deps.config.publicUrl}/users/subscription/failure`,
    });
  } catch (error) {
    // Nothing half-made stays behind: the row never granted access, and now it is gone.
    await deps.db.delete(subscriptions).where(eq(subscriptions.id, row.id));
    throw unavailable(error);
  }

  const [updated] = await deps.db
    .update(subscriptions)
    .set({
      checkout_session_id: session.id,
      checkout_url: session.url,
      checkout_expires_at: session.expiresAt,
      stripe_customer_id: sql`coalesce(${subscriptions.stripe_customer_id}, ${customerId})`,
      updated_at: deps.clock.now(),
    })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return checkoutOf(updated ?? row);
}

/** The provider's customer portal for the user, where they cancel or change the card. */
export async function createPortal(deps: SubscriptionDeps, userId: string) {
  const [customer] = await deps.db
    .select({ id: paymentCustomers.customer_id })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.user_id, userId));
  if (!customer) throw new AppError('subscriptionNotFound');
  try {
    return await deps.payments.createPortalSession({
      customerId: customer.id,
      returnUrl: `${deps.config.publicUrl}/users/settings`,
    });
  } catch (error) {
    throw unavailable(error);
  }
}

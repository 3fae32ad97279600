import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import {
  ACCESS_STATUSES,
  FREE_TRIAL_PLAN,
  PREMIUM_PLAN,
  type Plan,
  type SubscriptionStatus,
} from '@forja/shared/constants';
import type { CheckoutSession, PlanOffer, Subscription } from '@forja/shared/schemas/subscription';
import { PaymentProviderError, type Payments } from '../../adapters/payments/payments';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentCustomers, subscriptions, webhookEvents } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import {
  MalformedEventError,
  parseWebhookEvent,
  type SubscriptionChange,
  type WebhookEvent,
} from './webhook-events';
import { nextState } from './subscription-state';

export interface SubscriptionDeps {
  db: Db;
  payments: Payments;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'trialDays' | 'price' | 'payments'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

type Row = typeof subscriptions.$inferSelect;

/** Stripe's webhook guide: refuse signatures older than five minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Statuses in which the provider may still charge the customer. */
const LIVE_STATUSES: SubscriptionStatus[] = ['active', 'pending', 'past_due'];
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
 * user take turns: five trial checkouts at once make one trial, and four refusals.
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

// ---------------------------------------------------------------------------------------
// Webhooks

/** The `t=` of a signature header (the latest when there are several), in Unix seconds. */
function signedAtSeconds(signature: string): number {
  const stamps = signature
    .split(',')
    .map((part) => /^t=(\d+)$/.exec(part.trim())?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number);
  return stamps.length > 0 ? Math.max(...stamps) : Number.POSITIVE_INFINITY;
}

/**
 * Checks the signature on the raw bytes, dated within the tolerance either way, and reads
 * the event.
 */
export function verifyWebhook(
  deps: Pick<SubscriptionDeps, 'config' | 'clock'>,
  rawBody: Buffer,
  signature: string | undefined,
): WebhookEvent {
  if (!signature) throw new AppError('invalidWebhookSignature');
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  let body: unknown;
  try {
    body = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      deps.config.payments.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      deps.clock.now().getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new AppError('invalidWebhookSignature', { cause: error });
    }
    throw new AppError('invalidJson', { cause: error });
  }
  // The SDK only refuses old signatures; one dated ahead of the clock is refused the same
  // way, so a signature leaked or made in advance cannot be kept for later.
  if (signedAtSeconds(signature) - nowSeconds > SIGNATURE_TOLERANCE_SECONDS) {
    throw new AppError('invalidWebhookSignature');
  }
  try {
    return parseWebhookEvent(body);
  } catch (error) {
    if (error instanceof MalformedEventError) {
      throw new AppError('validation', { message: 'El evento no tiene la forma esperada' });
    }
    throw error;
  }
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unmatched';

/**
 * Verifies and applies one webhook delivery. The event id is stored in the same transaction
 * as its effect, so redeliveries (even concurrent ones) have no second effect.
 */
export async function receiveWebhook(
  deps: SubscriptionDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = verifyWebhook(deps, rawBody, signature);
  const result = await deps.db.transaction((tx) => applyEvent(tx as unknown as Db, deps, event));
  if (result.userId) await settleSuperseded(deps, result.userId);
  return result.outcome;
}

async function applyEvent(
  tx: Db,
  deps: Pick<SubscriptionDeps, 'clock' | 'config'>,
  event: WebhookEvent,
): Promise<{ outcome: WebhookOutcome; userId?: string }> {
  const recorded = await tx
    .insert(webhookEvents)
    .values({
      id: event.id,
      type: event.type,
      created_at: event.created,
      processed_at: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (recorded.length === 0) return { outcome: 'duplicate' };
  const { change } = event;
  if (!change) return { outcome: 'ignored' };

  const row = await findRow(tx, change);
  if (!row) return { outcome: 'unmatched' };
  const patch = nextState(row, change, event.created, deps.config.trialDays);
  if (Object.keys(patch).length > 0) {
    await tx
      .update(subscriptions)
      .set({ ...patch, updated_at: deps.clock.now() })
      .where(eq(subscriptions.id, row.id));
  }
  return { outcome: 'applied', userId: row.user_id };
}

async function findRow(tx: Db, change: SubscriptionChange): Promise<Row | undefined> {
  const lockOne = async (condition: ReturnType<typeof eq>) =>
    (await tx.select().from(subscriptions).where(condition).for('update'))[0];

  const byProvider = await lockOne(
    eq(subscriptions.stripe_subscription_id, change.providerSubscriptionId ?? ''),
  );
  if (byProvider) return byProvider;
  const candidates: (Row | undefined)[] = [];
  if (change.localSubscriptionId) {
    candidates.push(await lockOne(eq(subscriptions.id, change.localSubscriptionId)));
  }
  if (change.kind === 'checkout') {
    candidates.push(await lockOne(eq(subscriptions.checkout_session_id, change.checkoutSessionId)));
  }
  // A row already tied to another provider subscription is not this one.
  return candidates.find(
    (row) =>
      row &&
      (!row.stripe_subscription_id || row.stripe_subscription_id === change.providerSubscriptionId),
  );
}

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

/** Finds users still paying for a superseded subscription and ends those. */
export async function sweepSuperseded(deps: SubscriptionDeps): Promise<void> {
  const rows = await deps.db
    .selectDistinct({ userId: subscriptions.user_id })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.stripe_subscription_id),
        inArray(subscriptions.status, LIVE_STATUSES),
        sql`exists (select 1 from ${subscriptions} as other
          where other.user_id = ${subscriptions.user_id}
            and other.id <> ${subscriptions.id}
            and other.status = 'active'
            and other.stripe_subscription_id is not null)`,
      ),
    );
  for (const { userId } of rows) await settleSuperseded(deps, userId);
}

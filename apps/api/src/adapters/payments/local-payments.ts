import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addMonthsToInstant } from '@forja/shared/calendar';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import {
  localCheckoutSessions,
  localEvents,
  localPortalSessions,
  localSubscriptions,
} from '#db/schema/local-payments';
import {
  METADATA,
  type CheckoutCreated,
  type NewCheckout,
  type NewCustomer,
  type Payments,
  type WebhookDelivery,
} from './payments';
import { localCheckoutRoutes } from './local-checkout.routes';
import { signWebhookPayload, verifyWebhookPayload } from './webhook-signature';

/*
 * The built-in card processor (PAYMENTS_PROVIDER=local): a hosted checkout and a customer
 * portal served by Forja itself, subscriptions that trial, renew and end on the clock, and
 * Stripe-shaped events, signed like Stripe's, sent to Forja's own webhook route. Its state
 * lives in the database (local_* tables), so it survives restarts and several instances.
 */

export interface LocalPaymentsOptions {
  db: Db;
  clock: Clock;
  publicUrl: string;
  webhookSecret: string;
  price: { premiumCents: number; currency: string };
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The test cards the local checkout knows, by what a charge to them does. */
export const TEST_CARDS = {
  paid: '4242424242424242',
  declined: '4000000000000002',
  /** Accepted when saved (a trial starts), but every later charge fails. */
  failsLater: '4000000000000341',
} as const;

export type CardCheck =
  { ok: true; last4: string } | { ok: false; reason: 'invalid' | 'declined' | 'unknown' };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether a card may be saved, and what is on file if so. */
export function checkCard(input: string, options: { chargeNow: boolean }): CardCheck {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { ok: false, reason: 'invalid' };
  if (digits === TEST_CARDS.declined) return { ok: false, reason: 'declined' };
  if (digits === TEST_CARDS.failsLater) {
    return options.chargeNow ? { ok: false, reason: 'declined' } : { ok: true, last4: '0341' };
  }
  if (digits === TEST_CARDS.paid) return { ok: true, last4: '4242' };
  return { ok: false, reason: 'unknown' };
}

const chargeSucceeds = (last4: string) => last4 !== '0341';

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const DAY_MS = 86_400_000;
const CHECKOUT_LIFETIME_MS = DAY_MS;
const PORTAL_LIFETIME_MS = 60 * 60_000;
/** Renewals a subscription may catch up on in one pass, after a long time switched off. */
const MAX_CATCH_UP = 36;

/**
 * The end of the period that follows one ending at `periodEnd`. Like Stripe, periods keep
 * the day of the billing anchor (when the first paid period began): bought on 31 January,
 * a subscription renews on 28 February, then 31 March, not 28 March.
 */
function nextPeriodEnd(anchor: Date, periodEnd: Date): Date {
  let months =
    (periodEnd.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    periodEnd.getUTCMonth() -
    anchor.getUTCMonth();
  // A period that did not end on the anchor's day (stored before it was kept) ends early
  // once, back on it.
  if (addMonthsToInstant(anchor, months) <= periodEnd) months += 1;
  return addMonthsToInstant(anchor, months);
}

type SessionRow = typeof localCheckoutSessions.$inferSelect;
type SubscriptionRow = typeof localSubscriptions.$inferSelect;
type PendingEvent = { type: string; object: Record<string, unknown>; at: Date };

export type PayResult =
  | { kind: 'paid'; redirectTo: string }
  | { kind: 'refused'; reason: 'invalid' | 'declined' | 'unknown'; session: SessionRow }
  | { kind: 'closed'; session: SessionRow }
  | { kind: 'missing' };

export interface PortalView {
  customerId: string;
  returnUrl: string;
  subscriptions: SubscriptionRow[];
}

export class LocalPayments implements Payments {
  readonly provider = 'local' as const;
  private deliver: WebhookDelivery | undefined;

  /** The hosted checkout and customer portal pages. */
  readonly routes = localCheckoutRoutes(this);

  constructor(private readonly options: LocalPaymentsOptions) {}

  connect(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  /** The same provider keeping its records over `db`, a request's transaction. */
  over(db: Db): LocalPayments {
    const bound = new LocalPayments({ ...this.options, db });
    bound.deliver = this.deliver;
    return bound;
  }

  verifyWebhook(rawBody: Buffer, signature: string, now: Date): unknown {
    return verifyWebhookPayload(rawBody, signature, this.options.webhookSecret, now);
  }

  private get db() {
    return this.options.db;
  }

  private now() {
    return this.options.clock.now();
  }

  createCustomer(_input: NewCustomer): Promise<string> {
    // The local customer is only a name for the cards and subscriptions of one user.
    return Promise.resolve(newId('cus_local'));
  }

  async createCheckoutSession(input: NewCheckout): Promise<CheckoutCreated> {
    const now = this.now();
    const metadata = {
      [METADATA.userId]: input.userId,
      [METADATA.subscriptionId]: input.subscriptionId,
      [METADATA.plan]: input.plan,
    };
    const key = `checkout-${input.subscriptionId}`;
    await this.db
      .insert(localCheckoutSessions)
      .values({
        id: newId('cs_local'),
        idempotency_key: key,
        customer_id: input.customerId,
        client_reference_id: input.userId,
        plan: input.plan,
        trial_days: input.trialDays,
        amount_cents: this.options.price.premiumCents,
        currency: this.options.price.currency,
        metadata,
        subscription_metadata: metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        status: 'open',
        created_at: now,
        expires_at: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
      })
      .onConflictDoNothing();
    const [session] = await this.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.idempotency_key, key));
    if (!session) throw new Error('the local checkout session was not stored');
    return { id: session.id, url: this.checkoutUrl(session.id), expiresAt: session.expires_at };
  }

  checkoutUrl(sessionId: string): string {
    return `${this.options.publicUrl}/checkout/local/${encodeURIComponent(sessionId)}`;
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }) {
    const now = this.now();
    const id = newId('bps_local');
    await this.db.insert(localPortalSessions).values({
      id,
      customer_id: input.customerId,
      return_url: input.returnUrl,
      created_at: now,
      expires_at: new Date(now.getTime() + PORTAL_LIFETIME_MS),
    });
    return { url: `${this.options.publicUrl}/checkout/local/portal/${id}` };
  }

  async cancelSubscription(providerSubscriptionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.id, providerSubscriptionId))
        .for('update');
      if (!row || row.status === 'canceled') return;
      const now = this.now();
      const [ended] = await tx
        .update(localSubscriptions)
        .set({ status: 'canceled', canceled_at: row.canceled_at ?? now, ended_at: now })
        .where(eq(localSubscriptions.id, row.id))
        .returning();
      if (ended) {
        await this.enqueue(tx, [
          {
            type: 'customer.subscription.deleted',
            object: this.subscriptionObject(ended),
            at: now,
          },
        ]);
      }
    });
    await this.deliverPending();
  }

  // -------------------------------------------------------------------------------------
  // The hosted checkout page

  async findCheckout(sessionId: string): Promise<SessionRow | undefined> {
    const [session] = await this.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.id, sessionId));
    return session;
  }

  /** Pays a checkout with a test card: the subscription starts and its events go out. */
  async payCheckout(sessionId: string, cardNumber: string): Promise<PayResult> {
    const result = await this.db.transaction(async (tx): Promise<PayResult> => {
      const db = tx as unknown as Db;
      const [session] = await db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, sessionId))
        .for('update');
      if (!session) return { kind: 'missing' };
      const now = this.now();
      if (session.status === 'open' && session.expires_at <= now) {
        const [expired] = await db
          .update(localCheckoutSessions)
          .set({ status: 'expired' })
          .where(eq(localCheckoutSessions.id, session.id))
          .returning();
        return { kind: 'closed', session: expired ?? session };
      }
      if (session.status !== 'open') return { kind: 'closed', session };

      const trial = session.trial_days > 0;
      const card = checkCard(cardNumber, { chargeNow: !trial });
      if (!card.ok) return { kind: 'refused', reason: card.reason, session };

      const trialEnd = trial ? new Date(now.getTime() + session.trial_days * DAY_MS) : null;
      const [subscription] = await db
        .insert(localSubscriptions)
        .values({
          id: newId('sub_local'),
          customer_id: session.customer_id,
          status: trial ? 'trialing' : 'active',
          amount_cents: session.amount_cents,
          currency: session.currency,
          card_last4: card.last4,
          metadata: session.subscription_metadata,
          trial_start: trial ? now : null,
          trial_end: trialEnd,
          current_period_start: now,
          current_period_end: trialEnd ?? addMonthsToInstant(now, 1),
          created_at: now,
        })
        .returning();
      if (!subscription) throw new Error('the local subscription was not stored');
      const [completed] = await db
        .update(localCheckoutSessions)
        .set({ status: 'complete', subscription_id: subscription.id })
        .where(eq(localCheckoutSessions.id, session.id))
        .returning();
      if (!completed) throw new Error('the local checkout session vanished');

      const amount = trial ? 0 : session.amount_cents;
      await this.enqueue(db, [
        {
          type: 'customer.subscription.created',
          object: this.subscriptionObject(subscription),
          at: now,
        },
        { type: 'invoice.paid', object: this.invoiceObject(subscription, amount, true), at: now },
        {
          type: 'checkout.session.completed',
          object: this.sessionObject(completed, trial ? 'no_payment_required' : 'paid'),
          at: now,
        },
      ]);
      return { kind: 'paid', redirectTo: session.success_url };
    });
    // The browser reaches the success page only once Forja has heard of the payment.
    if (result.kind === 'paid') await this.deliverPending();
    return result;
  }

  // -------------------------------------------------------------------------------------
  // The customer portal

  /** The customer a portal link stands for, while it is fresh. */
  private async readToken(
    token: string,
  ): Promise<{ customerId: string; returnUrl: string } | null> {
    const [session] = await this.db
      .select()
      .from(localPortalSessions)
      .where(
        and(eq(localPortalSessions.id, token), gt(localPortalSessions.expires_at, this.now())),
      );
    return session ? { customerId: session.customer_id, returnUrl: session.return_url } : null;
  }

  async portal(token: string): Promise<PortalView | null> {
    const claims = await this.readToken(token);
    if (!claims) return null;
    const rows = await this.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.customer_id, claims.customerId))
      .orderBy(asc(localSubscriptions.created_at));
    return { ...claims, subscriptions: rows };
  }

  /** Cancels at period end (or undoes that) one of the token's customer's subscriptions. */
  async setCancelAtPeriodEnd(
    token: string,
    subscriptionId: string,
    cancel: boolean,
  ): Promise<boolean> {
    const claims = await this.readToken(token);
    if (!claims) return false;
    const now = this.now();
    const changed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(localSubscriptions)
        .set({ cancel_at_period_end: cancel, canceled_at: cancel ? now : null })
        .where(
          and(
            eq(localSubscriptions.id, subscriptionId),
            eq(localSubscriptions.customer_id, claims.customerId),
            eq(localSubscriptions.cancel_at_period_end, !cancel),
            inArray(localSubscriptions.status, ['trialing', 'active', 'past_due']),
          ),
        )
        .returning();
      if (!row) return false;
      await this.enqueue(tx, [
        { type: 'customer.subscription.updated', object: this.subscriptionObject(row), at: now },
      ]);
      return true;
    });
    await this.deliverPending();
    return changed;
  }

  /**
   * Puts a new card on file for every subscription of the customer; a subscription behind
   * on payment is charged with it at once.
   */
  async updateCard(token: string, cardNumber: string): Promise<CardCheck | null> {
    const claims = await this.readToken(token);
    if (!claims) return null;
    const card = checkCard(cardNumber, { chargeNow: false });
    if (!card.ok) return card;
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const rows = await db
        .select()
        .from(localSubscriptions)
        .where(
          and(
            eq(localSubscriptions.customer_id, claims.customerId),
            inArray(localSubscriptions.status, ['trialing', 'active', 'past_due']),
          ),
        )
        .for('update');
      for (const row of rows) {
        const recovers = row.status === 'past_due' && chargeSucceeds(card.last4);
        const [saved] = await db
          .update(localSubscriptions)
          .set({ card_last4: card.last4, ...(recovers ? { status: 'active' } : {}) })
          .where(eq(localSubscriptions.id, row.id))
          .returning();
        if (saved && recovers) {
          await this.enqueue(db, [
            {
              type: 'invoice.paid',
              object: this.invoiceObject(saved, saved.amount_cents),
              at: now,
            },
            {
              type: 'customer.subscription.updated',
              object: this.subscriptionObject(saved),
              at: now,
            },
          ]);
        }
      }
    });
    await this.deliverPending();
    return card;
  }

  // -------------------------------------------------------------------------------------
  // Time passing

  /**
   * Moves every subscription whose period has ended on to where it should be now: a trial
   * becomes premium and is charged, a renewal is charged, a subscription set to cancel (or
   * still unpaid when its period ends) ends. Then sends what is waiting to be sent.
   */
  async tick(): Promise<void> {
    const now = this.now();
    const due = await this.db
      .select({ id: localSubscriptions.id })
      .from(localSubscriptions)
      .where(
        and(
          inArray(localSubscriptions.status, ['trialing', 'active', 'past_due']),
          lte(localSubscriptions.current_period_end, now),
        ),
      );
    for (const { id } of due) {
      await this.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [row] = await db
          .select()
          .from(localSubscriptions)
          .where(eq(localSubscriptions.id, id))
          .for('update', { skipLocked: true });
        if (row) await this.catchUp(db, row, now);
      });
    }
    await this.deliverPending();
  }

  private async catchUp(db: Db, start: SubscriptionRow, now: Date): Promise<void> {
    let row = start;
    const events: PendingEvent[] = [];
    for (let step = 0; step < MAX_CATCH_UP; step += 1) {
      if (row.status === 'canceled' || row.current_period_end > now) break;
      const at = row.current_period_end;
      let next: Partial<SubscriptionRow>;
      if (row.cancel_at_period_end || row.status === 'past_due') {
        next = { status: 'canceled', ended_at: at, canceled_at: row.canceled_at ?? at };
      } else {
        const paid = chargeSucceeds(row.card_last4);
        next = {
          status: paid ? 'active' : 'past_due',
          current_period_start: at,
          current_period_end: nextPeriodEnd(row.trial_end ?? row.created_at, at),
        };
      }
      row = { ...row, ...next };
      if (row.status === 'canceled') {
        events.push({
          type: 'customer.subscription.deleted',
          object: this.subscriptionObject(row),
          at,
        });
        continue;
      }
      const paid = row.status === 'active';
      events.push(
        {
          type: paid ? 'invoice.paid' : 'invoice.payment_failed',
          object: this.invoiceObject(row, paid ? row.amount_cents : 0, paid),
          at,
        },
        { type: 'customer.subscription.updated', object: this.subscriptionObject(row), at },
      );
    }
    await db
      .update(localSubscriptions)
      .set({
        status: row.status,
        current_period_start: row.current_period_start,
        current_period_end: row.current_period_end,
        canceled_at: row.canceled_at,
        ended_at: row.ended_at,
      })
      .where(eq(localSubscriptions.id, row.id));
    await this.enqueue(db, events);
  }

  // -------------------------------------------------------------------------------------
  // Events

  private async enqueue(db: Db, events: PendingEvent[]): Promise<void> {
    if (events.length === 0) return;
    const now = this.now();
    await db.insert(localEvents).values(
      events.map((event) => {
        const id = newId('evt_local');
        const payload = JSON.stringify({
          id,
          object: 'event',
          api_version: '2026-10-28.endive',
          created: unix(event.at),
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type: event.type,
          data: { object: event.object },
        });
        return { id, payload, created_at: event.at, next_attempt_at: now };
      }),
    );
  }

  /**
   * Sends every event that is due, oldest first, each signed at the moment it is sent. One
   * that is not acknowledged is tried again later, backing off up to an hour.
   */
  async deliverPending(): Promise<void> {
    const deliver = this.deliver;
    if (!deliver) return;
    const now = this.now();
    const pending = await this.db
      .select()
      .from(localEvents)
      .where(and(isNull(localEvents.delivered_at), lte(localEvents.next_attempt_at, now)))
      .orderBy(asc(localEvents.seq))
      .limit(100);
    for (const event of pending) {
      let acknowledged = false;
      try {
        const signature = signWebhookPayload(event.payload, this.options.webhookSecret, now);
        acknowledged = await deliver(event.payload, signature);
      } catch (error) {
        this.options.log?.warn({ err: error, eventId: event.id }, 'webhook delivery failed');
      }
      const attempts = event.attempts + 1;
      const backoffMs = Math.min(60 * 60_000, 30_000 * 2 ** Math.min(attempts - 1, 10));
      await this.db
        .update(localEvents)
        .set(
          acknowledged
            ? { delivered_at: now, attempts }
            : { attempts, next_attempt_at: new Date(now.getTime() + backoffMs) },
        )
        .where(eq(localEvents.id, event.id));
    }
  }

  // -------------------------------------------------------------------------------------
  // Stripe's object shapes

  private sessionObject(session: SessionRow, paymentStatus: string) {
    return {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: session.status,
      payment_status: paymentStatus,
      customer: session.customer_id,
      subscription: session.subscription_id,
      client_reference_id: session.client_reference_id,
      metadata: session.metadata,
      amount_total: session.trial_days > 0 ? 0 : session.amount_cents,
      currency: session.currency,
      success_url: session.success_url,
      cancel_url: session.cancel_url,
      created: unix(session.created_at),
      expires_at: unix(session.expires_at),
      livemode: false,
    };
  }

  private subscriptionObject(row: SubscriptionRow) {
    return {
      id: row.id,
      object: 'subscription',
      customer: row.customer_id,
      status: row.status,
      created: unix(row.created_at),
      start_date: unix(row.created_at),
      trial_start: unix(row.trial_start),
      trial_end: unix(row.trial_end),
      cancel_at_period_end: row.cancel_at_period_end,
      canceled_at: unix(row.canceled_at),
      ended_at: unix(row.ended_at),
      currency: row.currency,
      metadata: row.metadata,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${row.id}`,
            object: 'subscription_item',
            quantity: 1,
            current_period_start: unix(row.current_period_start),
            current_period_end: unix(row.current_period_end),
            price: {
              id: 'price_local_premium',
              object: 'price',
              currency: row.currency,
              unit_amount: row.amount_cents,
              recurring: { interval: 'month', interval_count: 1 },
            },
          },
        ],
      },
    };
  }

  private invoiceObject(row: SubscriptionRow, amount: number, paid = true) {
    return {
      id: newId('in_local'),
      object: 'invoice',
      customer: row.customer_id,
      status: paid ? 'paid' : 'open',
      currency: row.currency,
      amount_due: paid ? amount : row.amount_cents,
      amount_paid: paid ? amount : 0,
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: row.id, metadata: row.metadata },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il_local'),
            object: 'line_item',
            amount: paid ? amount : row.amount_cents,
            currency: row.currency,
            period: {
              start: unix(row.current_period_start),
              end: unix(row.current_period_end),
            },
          },
        ],
      },
      livemode: false,
    };
  }
}

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { App } from '#app';
import type { TestClock } from './clock';

/*
 * Stripe-shaped webhook events, as the Stripe API version the SDK speaks sends them, and a
 * way to deliver them signed with the SDK's own test signer.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function event(type: string, object: Record<string, unknown>, created: Date) {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(created),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export interface SubscriptionShape {
  id: string;
  customer?: string;
  status: string;
  localId?: string;
  userId?: string;
  start: Date;
  periodEnd: Date;
  trialEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  endedAt?: Date | null;
}

export function subscriptionObject(s: SubscriptionShape) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer ?? 'cus_test',
    status: s.status,
    created: seconds(s.start),
    start_date: seconds(s.start),
    trial_start: s.trialEnd ? seconds(s.start) : null,
    trial_end: s.trialEnd ? seconds(s.trialEnd) : null,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    canceled_at: s.endedAt ? seconds(s.endedAt) : null,
    ended_at: s.endedAt ? seconds(s.endedAt) : null,
    metadata: {
      ...(s.localId ? { subscription_id: s.localId } : {}),
      ...(s.userId ? { user_id: s.userId } : {}),
    },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          current_period_start: seconds(s.start),
          current_period_end: seconds(s.periodEnd),
          price: { id: 'price_premium', object: 'price', unit_amount: 999, currency: 'eur' },
        },
      ],
    },
  };
}

export function checkoutSessionObject(fields: {
  id: string;
  subscription: string | null;
  localId: string;
  userId: string;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customer?: string;
}) {
  return {
    id: fields.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: fields.paymentStatus,
    customer: fields.customer ?? 'cus_test',
    subscription: fields.subscription,
    client_reference_id: fields.userId,
    metadata: { subscription_id: fields.localId, user_id: fields.userId },
  };
}

export function invoiceObject(fields: {
  subscription: string;
  amountPaid: number;
  periodStart: Date;
  periodEnd: Date;
  paid: boolean;
}) {
  return {
    id: `in_${randomUUID().replaceAll('-', '')}`,
    object: 'invoice',
    customer: 'cus_test',
    status: fields.paid ? 'paid' : 'open',
    amount_paid: fields.amountPaid,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: fields.subscription, metadata: {} },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          period: { start: seconds(fields.periodStart), end: seconds(fields.periodEnd) },
        },
      ],
    },
  };
}

export interface Delivery {
  payload: string;
  signature?: string | undefined;
}

/** Signs a body with the SDK's test signer, at the clock's time unless told otherwise. */
export function sign(
  body: unknown,
  options: { secret: string; clock: TestClock; timestamp?: number },
): Delivery {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret,
    timestamp: options.timestamp ?? seconds(options.clock.now()),
  });
  return { payload, signature };
}

export function postWebhook(app: App, delivery: Delivery) {
  return app.inject({
    method: 'POST',
    url: '/v0/subscriptions/stripe/webhook/',
    headers: {
      'content-type': 'application/json',
      ...(delivery.signature ? { 'stripe-signature': delivery.signature } : {}),
    },
    payload: delivery.payload,
  });
}

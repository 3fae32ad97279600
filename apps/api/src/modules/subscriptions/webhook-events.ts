import { z } from 'zod';
import { METADATA } from '#adapters/payments/payments';

/*
 * The part of Stripe's event shapes Forja reads. Both providers send these; anything else in
 * an event is left alone, and event types not listed here are acknowledged and ignored.
 */

const HANDLED_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
type HandledType = (typeof HANDLED_TYPES)[number];

const idOf = z
  .union([z.string().min(1), z.object({ id: z.string().min(1) })])
  .transform((value) => (typeof value === 'string' ? value : value.id));
const metadata = z.record(z.string(), z.string()).nullish();
const seconds = z.number().int().nonnegative();

const eventSchema = z.object({
  id: z.string().min(1),
  object: z.literal('event'),
  type: z.string().min(1),
  created: seconds,
  data: z.object({ object: z.unknown() }),
});

const checkoutSessionSchema = z.object({
  object: z.literal('checkout.session'),
  id: z.string().min(1),
  mode: z.string().nullish(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  payment_status: z.string(),
  metadata,
});

const subscriptionSchema = z.object({
  object: z.literal('subscription'),
  id: z.string().min(1),
  customer: idOf,
  status: z.string().min(1),
  created: seconds,
  start_date: seconds.nullish(),
  trial_end: seconds.nullish(),
  cancel_at_period_end: z.boolean().nullish(),
  ended_at: seconds.nullish(),
  // Stripe keeps the billing period on the items since API version 2025-03-31, and on the
  // subscription itself before that.
  current_period_end: seconds.nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: seconds.nullish() })) }).nullish(),
  metadata,
});

const invoiceSchema = z.object({
  object: z.literal('invoice'),
  id: z.string().min(1),
  customer: idOf.nullish(),
  amount_paid: z.number().int().nullish(),
  currency: z.string().length(3).nullish(),
  // Where the subscription is named: parent.subscription_details now, subscription before.
  subscription: idOf.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: idOf, metadata }).nullish(),
    })
    .nullish(),
  lines: z
    .object({
      data: z.array(z.object({ period: z.object({ end: seconds }).nullish() })),
    })
    .nullish(),
});

export type CheckoutOutcome = 'paid' | 'unpaid' | 'failed';

export type SubscriptionChange =
  | {
      kind: 'checkout';
      outcome: CheckoutOutcome;
      checkoutSessionId: string;
      providerSubscriptionId: string | null;
      customerId: string | null;
      localSubscriptionId: string | null;
    }
  | {
      kind: 'subscription';
      /** Stripe's status word: trialing, active, past_due, canceled, … */
      status: string;
      providerSubscriptionId: string;
      customerId: string;
      localSubscriptionId: string | null;
      startDate: Date;
      endDate: Date | null;
      /** When its free trial ends (or ended), if it had one; when it ended, if it has. */
      trialEnd: Date | null;
      endedAt: Date | null;
      cancelAtPeriodEnd: boolean;
    }
  | {
      kind: 'invoice';
      outcome: 'paid' | 'failed';
      invoiceId: string;
      /** ISO 4217, lower case; euros when the invoice does not say. */
      currency: string;
      providerSubscriptionId: string;
      customerId: string | null;
      localSubscriptionId: string | null;
      amountPaid: number;
      periodEnd: Date | null;
    };

export interface WebhookEvent {
  id: string;
  type: string;
  created: Date;
  /** What the event says about a subscription; null when Forja has nothing to do with it. */
  change: SubscriptionChange | null;
}

export class MalformedEventError extends Error {
  constructor(type: string, cause: unknown) {
    super(`a ${type} event does not have the expected shape`, { cause });
    this.name = 'MalformedEventError';
  }
}

const toDate = (value: number) => new Date(value * 1000);

function localId(values: Record<string, string> | null | undefined): string | null {
  const value = values?.[METADATA.subscriptionId];
  return value && z.uuid().safeParse(value).success ? value : null;
}

function isHandled(type: string): type is HandledType {
  return (HANDLED_TYPES as readonly string[]).includes(type);
}

function changeOf(type: HandledType, object: unknown): SubscriptionChange | null {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = checkoutSessionSchema.parse(object);
      if (session.mode && session.mode !== 'subscription') return null;
      let outcome: CheckoutOutcome = 'paid';
      if (type === 'checkout.session.async_payment_failed') outcome = 'failed';
      else if (type === 'checkout.session.completed' && session.payment_status === 'unpaid') {
        outcome = 'unpaid';
      }
      return {
        kind: 'checkout',
        outcome,
        checkoutSessionId: session.id,
        providerSubscriptionId: session.subscription ?? null,
        customerId: session.customer ?? null,
        localSubscriptionId: localId(session.metadata),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = subscriptionSchema.parse(object);
      const periodEnds = (subscription.items?.data ?? [])
        .map((item) => item.current_period_end)
        .filter((value): value is number => typeof value === 'number');
      const periodEnd = periodEnds.length
        ? Math.min(...periodEnds)
        : (subscription.current_period_end ?? null);
      let end = subscription.status === 'trialing' ? subscription.trial_end : periodEnd;
      if (subscription.ended_at) end = subscription.ended_at;
      return {
        kind: 'subscription',
        status: type === 'customer.subscription.deleted' ? 'canceled' : subscription.status,
        providerSubscriptionId: subscription.id,
        customerId: subscription.customer,
        localSubscriptionId: localId(subscription.metadata),
        startDate: toDate(subscription.start_date ?? subscription.created),
        endDate: end ? toDate(end) : null,
        trialEnd: subscription.trial_end ? toDate(subscription.trial_end) : null,
        endedAt: subscription.ended_at ? toDate(subscription.ended_at) : null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = invoiceSchema.parse(object);
      const details = invoice.parent?.subscription_details;
      const providerSubscriptionId = details?.subscription ?? invoice.subscription;
      // An invoice outside any subscription is not Forja's business.
      if (!providerSubscriptionId) return null;
      const ends = (invoice.lines?.data ?? [])
        .map((line) => line.period?.end)
        .filter((value): value is number => typeof value === 'number');
      return {
        kind: 'invoice',
        outcome: type === 'invoice.paid' ? 'paid' : 'failed',
        invoiceId: invoice.id,
        currency: invoice.currency ?? 'eur',
        providerSubscriptionId,
        customerId: invoice.customer ?? null,
        localSubscriptionId: localId(details?.metadata),
        amountPaid: invoice.amount_paid ?? 0,
        periodEnd: ends.length ? toDate(Math.max(...ends)) : null,
      };
    }
  }
}

/** Reads a verified event body. Throws MalformedEventError for a handled type of wrong shape. */
export function parseWebhookEvent(body: unknown): WebhookEvent {
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) throw new MalformedEventError('webhook', parsed.error);
  const event = parsed.data;
  const base = { id: event.id, type: event.type, created: toDate(event.created) };
  if (!isHandled(event.type)) return { ...base, change: null };
  try {
    return { ...base, change: changeOf(event.type, event.data.object) };
  } catch (error) {
    throw new MalformedEventError(event.type, error);
  }
}

import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The built-in payment provider's own records (PAYMENTS_PROVIDER=local). They play the part
 * of the card processor's side: Forja's own tables never read them, they only learn from
 * the signed events this provider sends to the webhook.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  /** A retried creation with the same key gets the same session, as with Stripe. */
  idempotency_key: text('idempotency_key').notNull().unique(),
  customer_id: text('customer_id').notNull(),
  client_reference_id: text('client_reference_id').notNull(),
  plan: text('plan').notNull(),
  trial_days: integer('trial_days').notNull(),
  amount_cents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  subscription_metadata: jsonb('subscription_metadata').$type<Record<string, string>>().notNull(),
  success_url: text('success_url').notNull(),
  cancel_url: text('cancel_url').notNull(),
  /** open, complete or expired, as Stripe names them. */
  status: text('status').notNull(),
  subscription_id: text('subscription_id'),
  created_at: at('created_at').notNull(),
  expires_at: at('expires_at').notNull(),
});

export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text('id').primaryKey(),
    customer_id: text('customer_id').notNull(),
    /** Stripe's statuses: trialing, active, past_due, canceled. */
    status: text('status').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The test card on file: its last four digits say how charges to it go. */
    card_last4: text('card_last4').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    trial_start: at('trial_start'),
    trial_end: at('trial_end'),
    current_period_start: at('current_period_start').notNull(),
    current_period_end: at('current_period_end').notNull(),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    canceled_at: at('canceled_at'),
    ended_at: at('ended_at'),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    index('local_subscriptions_customer_id_idx').on(table.customer_id),
    index('local_subscriptions_period_end_idx').on(table.current_period_end),
  ],
);

/** Events waiting to reach the webhook, kept until one delivery is acknowledged. */
export const localEvents = pgTable(
  'local_events',
  {
    id: text('id').primaryKey(),
    /** Delivery order: the order in which the events happened. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    /** The JSON body exactly as it is signed and sent. */
    payload: text('payload').notNull(),
    created_at: at('created_at').notNull(),
    delivered_at: at('delivered_at'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').notNull(),
  },
  (table) => [index('local_events_pending_idx').on(table.delivered_at, table.next_attempt_at)],
);

/** A customer's way into the portal: the id is the secret in the link, valid for an hour. */
export const localPortalSessions = pgTable('local_portal_sessions', {
  id: text('id').primaryKey(),
  customer_id: text('customer_id').notNull(),
  return_url: text('return_url').notNull(),
  created_at: at('created_at').notNull(),
  expires_at: at('expires_at').notNull(),
});

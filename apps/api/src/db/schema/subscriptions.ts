import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PLANS, SUBSCRIPTION_STATUSES } from '@forja/shared/constants';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A subscription as Forja knows it. The row is made when a checkout starts; it reaches the
 * user's list once the provider reports the checkout completed (stripe_subscription_id set).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PLANS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('incomplete'),
    start_date: at('start_date'),
    end_date: at('end_date'),
    stripe_subscription_id: text('stripe_subscription_id'),
    stripe_customer_id: text('stripe_customer_id'),
    checkout_session_id: text('checkout_session_id'),
    checkout_url: text('checkout_url'),
    checkout_expires_at: at('checkout_expires_at'),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * The checkout was for the free trial. Unlike `plan`, which becomes premium once the
     * trial is paid for, it never changes: it is how Forja knows the user had their trial.
     */
    free_trial: boolean('free_trial').notNull().default(false),
    /**
     * When the provider produced the state stored here (the event's `created`). Older
     * events never overwrite it: providers do not deliver events in order.
     */
    state_at: at('state_at'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_stripe_subscription_id_key').on(table.stripe_subscription_id),
    uniqueIndex('subscriptions_checkout_session_id_key').on(table.checkout_session_id),
    index('subscriptions_user_id_created_at_idx').on(table.user_id, table.created_at),
    // The live subscriptions at the provider, for the sweep of superseded ones (decision 107).
    index('subscriptions_live_user_idx')
      .on(table.user_id, table.status)
      .where(
        sql`${table.stripe_subscription_id} is not null and ${table.status} in ('active', 'pending', 'past_due')`,
      ),
    // One free trial per user, whatever becomes of it.
    uniqueIndex('subscriptions_one_free_trial_key')
      .on(table.user_id)
      .where(sql`${table.free_trial}`),
    check('subscriptions_plan_check', sql`${table.plan} in (${inList(PLANS)})`),
    check('subscriptions_status_check', sql`${table.status} in (${inList(SUBSCRIPTION_STATUSES)})`),
  ],
);

/** One customer at the payment provider per user, made on the first checkout and reused. */
export const paymentCustomers = pgTable('payment_customers', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customer_id: text('customer_id').notNull().unique(),
  created_at: at('created_at').notNull().defaultNow(),
});

/**
 * Every webhook event applied, stored in the same transaction as its effect, so that a
 * redelivered event is recognised and has no second effect.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  created_at: at('created_at').notNull(),
  processed_at: at('processed_at').notNull(),
});

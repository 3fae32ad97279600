import type { FastifyInstance } from 'fastify';
import type { Plan } from '@forja/shared/constants';
import type { Db } from '#db/client';

/**
 * What Forja asks of a card payment provider. Two adapters implement it, chosen from
 * PAYMENTS_PROVIDER in one place (createPayments): Stripe through its official SDK, and the
 * built-in local provider. Either way, what happens at the provider comes back to Forja as
 * Stripe-shaped signed events on the webhook route, never as return values.
 *
 * What only one provider has is optional here, and the app uses it when present: the local
 * provider's own pages (`routes`), its way to reach the webhook route (`connect`) and its
 * periodic work (`tick`).
 */
export interface Payments {
  readonly provider: 'local' | 'stripe';
  /** Makes the provider's customer for a user; the same user always gets the same one. */
  createCustomer(input: NewCustomer): Promise<string>;
  /** A hosted checkout for one subscription; retried calls get the same session. */
  createCheckoutSession(input: NewCheckout): Promise<CheckoutCreated>;
  /** A short-lived link to the page where the customer cancels or changes the card. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Ends a subscription at once; ending one that already ended is not an error. */
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
  /**
   * Checks a webhook delivery's signature on the raw bytes, at `now`, and reads the body;
   * throws WebhookRejectedError when the signature or the body is not good.
   */
  verifyWebhook(rawBody: Buffer, signature: string, now: Date): unknown;
  /** Pages the provider serves through the app (the local checkout and portal). */
  readonly routes?: (app: FastifyInstance) => Promise<void>;
  /** The app hands over the way to reach its webhook route once it is built. */
  connect?(deliver: WebhookDelivery): void;
  /** Periodic work: the local provider moves trials and renewals on and resends events. */
  tick?(): Promise<void>;
  /** A provider that keeps its records in Forja's database (the local one): the same over `db`. */
  over?(db: Db): Payments;
}

/** Sends one signed event body to the webhook; true when it was acknowledged (2xx). */
export type WebhookDelivery = (payload: string, signature: string) => Promise<boolean>;

export interface NewCustomer {
  userId: string;
  email: string;
  name: string;
}

export interface NewCheckout {
  /** Forja's own subscription id: carried in the metadata and the idempotency key. */
  subscriptionId: string;
  userId: string;
  customerId: string;
  plan: Plan;
  /** Days free before the first charge; 0 for none. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutCreated {
  id: string;
  url: string;
  expiresAt: Date;
}

/** The provider could not be reached or refused the call; nothing was done on Forja's side. */
export class PaymentProviderError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** A webhook delivery that is not the provider's: a bad signature, or a body that is not JSON. */
export class WebhookRejectedError extends Error {
  constructor(
    readonly reason: 'signature' | 'body',
    options: { cause?: unknown } = {},
  ) {
    super(`webhook rejected: ${reason}`, options);
    this.name = 'WebhookRejectedError';
  }
}

/** The metadata keys both providers carry on checkout sessions and subscriptions. */
export const METADATA = { userId: 'user_id', subscriptionId: 'subscription_id', plan: 'plan' };

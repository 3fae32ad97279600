import Stripe from 'stripe';
import { FREE_TRIAL_PLAN } from '@forja/shared/constants';
import {
  METADATA,
  PaymentProviderError,
  type CheckoutCreated,
  type NewCheckout,
  type NewCustomer,
  type Payments,
} from './payments';
import { verifyWebhookPayload } from './webhook-signature';

export interface StripePaymentsOptions {
  secretKey: string;
  pricePremium: string;
  /** The signing secret of the webhook endpoint (whsec_…). */
  webhookSecret: string;
  /** Another base URL for the API (a Stripe-compatible server); Stripe's own when unset. */
  apiBase?: string | undefined;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/** Host, port and protocol of a base URL, as the SDK takes them. */
export function stripeAddress(apiBase: string) {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { host: url.hostname, port, protocol };
}

function failure(action: string, error: unknown): PaymentProviderError {
  const detail = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe could not ${action}: ${detail}`, { cause: error });
}

export class StripePayments implements Payments {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly pricePremium: string;
  private readonly webhookSecret: string;

  constructor(options: StripePaymentsOptions) {
    this.pricePremium = options.pricePremium;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      // The client gives up after 10 s; answering 502 before that beats a time-out.
      timeout: options.timeoutMs ?? 8_000,
      maxNetworkRetries: options.maxNetworkRetries ?? 1,
      telemetry: false,
      ...(options.apiBase ? stripeAddress(options.apiBase) : {}),
    });
  }

  async createCustomer(input: NewCustomer): Promise<string> {
    try {
      const customer = await this.stripe.customers.create(
        {
          email: input.email,
          name: input.name,
          preferred_locales: ['es'],
          metadata: { [METADATA.userId]: input.userId },
        },
        // Two checkouts started at once by one user still make one customer.
        { idempotencyKey: `forja-customer-${input.userId}` },
      );
      return customer.id;
    } catch (error) {
      throw failure('create a customer', error);
    }
  }

  async createCheckoutSession(input: NewCheckout): Promise<CheckoutCreated> {
    const metadata = {
      [METADATA.userId]: input.userId,
      [METADATA.subscriptionId]: input.subscriptionId,
      [METADATA.plan]: input.plan,
    };
    const trial = input.plan === FREE_TRIAL_PLAN && input.trialDays > 0;
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: this.pricePremium, quantity: 1 }],
          // The trial asks for a card too: it becomes premium when it ends.
          payment_method_collection: 'always',
          subscription_data: {
            metadata,
            ...(trial ? { trial_period_days: input.trialDays } : {}),
          },
          metadata,
          locale: 'es',
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `forja-checkout-${input.subscriptionId}` },
      );
      if (!session.url) throw new Error('the checkout session has no url');
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    } catch (error) {
      throw failure('create a checkout session', error);
    }
  }

  async createPortalSession(input: {
    customerId: string;
    returnUrl: string;
  }): Promise<{ url: string }> {
    try {
      const session = await this.stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        locale: 'es',
      });
      return { url: session.url };
    } catch (error) {
      throw failure('create a portal session', error);
    }
  }

  async cancelSubscription(providerSubscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(
        providerSubscriptionId,
        {},
        { idempotencyKey: `forja-cancel-${providerSubscriptionId}` },
      );
    } catch (error) {
      // Stripe answers 404 for a subscription that has already ended and been cleaned up,
      // and 400 for one that is already canceled: either way it is over.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const already = error.code === 'resource_missing' || /cancel+ed/i.test(error.message);
        if (already) return;
      }
      throw failure('cancel a subscription', error);
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string, now: Date): unknown {
    return verifyWebhookPayload(rawBody, signature, this.webhookSecret, now);
  }
}

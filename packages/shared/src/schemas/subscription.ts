import { z } from 'zod';
import { PLANS, SUBSCRIPTION_STATUSES } from '../constants';
import { dateTime, id } from './common';

export const planSchema = z.enum(PLANS);

export const subscriptionSchema = z.object({
  id,
  user_id: id,
  plan: planSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  start_date: dateTime,
  end_date: dateTime,
  stripe_subscription_id: z.string().min(1),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.array(subscriptionSchema);

export const checkoutSessionSchema = z.object({
  checkout_session_id: z.string().min(1),
  /** '' until the checkout completes at the provider. */
  stripe_subscription_id: z.string(),
  subscription_id: id,
  url: z.url(),
  user_id: id,
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const checkoutQuerySchema = z.strictObject({
  plan: planSchema.default('premium-trainee'),
});

export const BILLING_INTERVALS = ['month'] as const;

/** One entry of the plans screen; prices come from the server's configuration. */
export const planOfferSchema = z.object({
  name: planSchema,
  /** In the currency's minor unit (cents), as charged once any trial has ended. */
  price: z.number().int().nonnegative(),
  /** ISO 4217, lower case, as card processors spell it ("eur"). */
  currency: z.string().length(3),
  interval: z.enum(BILLING_INTERVALS),
  /** Days free before the first charge; 0 for plans without a trial. */
  trial_days: z.number().int().nonnegative(),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const planOfferListSchema = z.array(planOfferSchema);

/** The provider's customer portal, where the user cancels or changes the card. */
export const portalSessionSchema = z.object({ url: z.url() });
export type PortalSession = z.infer<typeof portalSessionSchema>;

export const webhookReceiptSchema = z.object({ received: z.literal(true) });

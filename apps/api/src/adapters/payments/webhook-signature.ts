import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { WebhookRejectedError } from './payments';

/** Stripe's webhook guide: refuse signatures older than five minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Signs a webhook body the way Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" keyed with the endpoint secret>`.
 */
export function signWebhookPayload(payload: string, secret: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

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
 * Checks a Stripe-style signature on the raw bytes, dated within the tolerance either way,
 * and reads the body. Both providers sign this way.
 */
export function verifyWebhookPayload(
  rawBody: Buffer,
  signature: string,
  secret: string,
  now: Date,
): unknown {
  let body: unknown;
  try {
    body = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookRejectedError('signature', { cause: error });
    }
    throw new WebhookRejectedError('body', { cause: error });
  }
  // The SDK only refuses old signatures; one dated ahead of the clock is refused the same
  // way, so a signature leaked or made in advance cannot be kept for later.
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (signedAtSeconds(signature) - nowSeconds > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookRejectedError('signature');
  }
  return body;
}

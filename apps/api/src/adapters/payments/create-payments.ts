import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#clock';
import type { Config } from '#config';
import type { Db } from '#db/client';
import { LocalPayments } from './local-payments';
import type { Payments } from './payments';
import { StripePayments } from './stripe-payments';

/** The one place that picks the payment provider from the configuration. */
export function createPayments(
  config: Pick<Config, 'payments' | 'publicUrl' | 'price'>,
  deps: { db: Db; clock: Clock; log?: Pick<FastifyBaseLogger, 'warn'> },
): Payments {
  const settings = config.payments;
  if (settings.provider === 'stripe') {
    return new StripePayments({
      secretKey: settings.secretKey,
      pricePremium: settings.pricePremium,
      webhookSecret: settings.webhookSecret,
      apiBase: settings.apiBase,
    });
  }
  return new LocalPayments({
    db: deps.db,
    clock: deps.clock,
    publicUrl: config.publicUrl,
    webhookSecret: settings.webhookSecret,
    price: config.price,
    ...(deps.log ? { log: deps.log } : {}),
  });
}

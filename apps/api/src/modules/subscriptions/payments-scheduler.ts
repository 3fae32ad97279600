import { every } from '../../periodic';
import { LocalPayments } from '../../adapters/payments/local-payments';
import { sweepSuperseded, type SubscriptionDeps } from './subscriptions.service';

/**
 * The periodic work of payments: the local provider moves trials and renewals on when their
 * period ends and resends unacknowledged events; with any provider, subscriptions that a
 * newer one replaced are ended if that did not happen when it was replaced.
 */
export async function runPaymentsMaintenance(deps: SubscriptionDeps): Promise<void> {
  if (deps.payments instanceof LocalPayments) await deps.payments.advance();
  await sweepSuperseded(deps);
}

export function startPaymentsScheduler(deps: SubscriptionDeps, intervalMs = 60_000) {
  return every(
    intervalMs,
    () => runPaymentsMaintenance(deps),
    (error) => {
      deps.log.error({ err: error }, 'payments maintenance failed');
    },
  );
}

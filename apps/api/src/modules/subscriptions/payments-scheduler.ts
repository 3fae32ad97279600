import { every } from '../../periodic';
import type { SubscriptionDeps } from './subscriptions.service';
import { sweepSuperseded } from './superseded.service';

/**
 * The periodic work of payments: the local provider moves trials and renewals on when their
 * period ends and resends unacknowledged events; with any provider, subscriptions that a
 * newer one replaced are ended if that did not happen when it was replaced.
 */
export async function runPaymentsMaintenance(deps: SubscriptionDeps): Promise<void> {
  await deps.payments.tick?.();
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

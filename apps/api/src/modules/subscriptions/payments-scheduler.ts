import type { SubscriptionDeps } from './subscriptions.service';
import { sweepSuperseded } from './superseded.service';

/**
 * The periodic work of payments (the `payments` job, each minute): the local provider moves
 * trials and renewals on when their period ends and resends unacknowledged events; with any
 * provider, subscriptions that a newer one replaced are ended if that did not happen when it
 * was replaced.
 */
export async function runPaymentsMaintenance(deps: SubscriptionDeps): Promise<void> {
  await deps.payments.tick?.();
  await sweepSuperseded(deps);
}

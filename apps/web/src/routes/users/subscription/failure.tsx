import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionFailureScreen } from '#features/subscriptions/subscription-result-screens';
import { isAuthenticated } from '#lib/session';
import { guardPaymentFailure } from '#routes/-guards';

export const Route = createFileRoute('/users/subscription/failure')({
  // Someone signed in who already pays has nothing to retry here.
  loader: async ({ context: { queryClient } }) => {
    if (isAuthenticated()) await guardPaymentFailure(queryClient);
  },
  component: SubscriptionFailureScreen,
});

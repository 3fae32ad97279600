import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionSuccessScreen } from '#features/subscriptions/subscription-result-screens';
import { isAuthenticated } from '#lib/session';

export const Route = createFileRoute('/users/subscription/success')({
  component: SuccessPage,
});

function SuccessPage() {
  return <SubscriptionSuccessScreen isLoggedIn={isAuthenticated()} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionFailureScreen } from '../../../features/subscriptions/subscription-result-screens';

export const Route = createFileRoute('/users/subscription/failure')({
  component: SubscriptionFailureScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { useLogout } from '#features/auth/use-logout';
import { PlansScreen } from '#features/subscriptions/plans-screen';
import { guardPlans } from '#routes/-guards';
import { requireToken } from '#routes/-require-token';

export const Route = createFileRoute('/users/subscription/plans')({
  beforeLoad: ({ location }) => {
    requireToken(location);
  },
  loader: ({ context: { queryClient }, location }) => guardPlans(queryClient, location),
  component: PlansPage,
});

function PlansPage() {
  const { logout, pending } = useLogout();
  return <PlansScreen onLogout={() => void logout()} logoutPending={pending} />;
}

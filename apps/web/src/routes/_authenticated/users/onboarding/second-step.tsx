import { createFileRoute } from '@tanstack/react-router';
import { StepPage } from '../../../-onboarding';
import { onboardingSearch } from '../../../-onboarding-search';

export const Route = createFileRoute('/_authenticated/users/onboarding/second-step')({
  validateSearch: onboardingSearch,
  loader: async ({ context: { queryClient, user } }) => {
    const { loadOnboarding } = await import('../../../-loaders');
    await loadOnboarding(queryClient, user.id);
  },
  component: function OnboardingStepPage() {
    const { user } = Route.useRouteContext();
    return <StepPage userId={user.id} step="body" search={Route.useSearch()} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '#features/users/users-api';
import { StepPage } from '#routes/-onboarding';
import { loadOnboarding } from '#routes/-onboarding-loader';
import { onboardingSearch } from '#routes/-onboarding-search';

export const Route = createFileRoute('/_authenticated/users/onboarding/fourth-step')({
  validateSearch: onboardingSearch,
  loader: async ({ context: { queryClient } }) => {
    await loadOnboarding(queryClient);
  },
  component: function OnboardingStepPage() {
    const user = useCurrentUser();
    return <StepPage userId={user.id} step="training" search={Route.useSearch()} />;
  },
});

import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { OnboardingResume } from '#features/onboarding/onboarding-resume';
import { targetsQuery } from '#features/targets/targets-api';
import { TargetsSummary } from '#features/targets/targets-summary';
import { useCurrentUser } from '#features/users/users-api';
import { errorMessage } from '#lib/api-error';
import { useMetricSystem } from '#routes/-onboarding';
import { loadOnboarding } from '#routes/-onboarding-loader';

export const Route = createFileRoute('/_authenticated/users/onboarding/resume')({
  loader: async ({ context: { queryClient } }) => {
    const state = await loadOnboarding(queryClient);
    // Shown in place when they cannot be computed, so the screen does not wait for them.
    if (state) queryClient.query(targetsQuery(state.user_id)).catch(() => undefined);
  },
  component: ResumePage,
});

function ResumePage() {
  const user = useCurrentUser();
  const system = useMetricSystem(user.id);
  const targets = useQuery(targetsQuery(user.id));
  let summary;
  if (targets.data) summary = <TargetsSummary targets={targets.data} system={system} />;
  else if (targets.isError)
    summary = (
      <p role="alert" className="rounded-lg border border-neutral-300 p-4 dark:border-neutral-700">
        {errorMessage(targets.error, 'No pudimos calcular tus objetivos')}
      </p>
    );
  else summary = <p>Calculando tus objetivos...</p>;
  return <OnboardingResume userId={user.id} system={system} targets={summary} />;
}

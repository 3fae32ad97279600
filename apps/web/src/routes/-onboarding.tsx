import { useSuspenseQuery } from '@tanstack/react-query';
import type { OnboardingStepKey } from '@forja/shared/schemas/onboarding';
import type { MetricSystem } from '@forja/shared/units';
import { OnboardingStepScreen } from '#features/onboarding/onboarding-step-screen';
import { preferencesQuery } from '#features/users/users-api';
import type { OnboardingSearch } from './-onboarding-search';

/** The person's units; metric until they choose. */
export function useMetricSystem(userId: string): MetricSystem {
  const { data } = useSuspenseQuery(preferencesQuery(userId));
  return data?.metric_system ?? 'metric';
}

export function StepPage(props: {
  userId: string;
  step: OnboardingStepKey;
  search: OnboardingSearch;
}) {
  const system = useMetricSystem(props.userId);
  return (
    <OnboardingStepScreen
      userId={props.userId}
      step={props.step}
      system={system}
      returnTo={props.search.from}
    />
  );
}

import { queryOptions } from '@tanstack/react-query';
import {
  onboardingSchema,
  type Onboarding,
  type OnboardingStepKey,
} from '@forja/shared/schemas/onboarding';
import { http } from '#lib/http';

const INVALID = 'Ocurrió un error al leer tu configuración inicial';

function base(userId: string) {
  return `/users/${encodeURIComponent(userId)}/onboarding`;
}

/** Every answer so far and where to continue. */
export function onboardingQuery(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'onboarding'],
    queryFn: () =>
      http.get(`${base(userId)}/`, { schema: onboardingSchema, invalidResponseMessage: INVALID }),
  });
}

/** Saves one step's answer (in metric) and answers the new state. */
export function saveOnboardingStep(
  userId: string,
  step: OnboardingStepKey,
  answer: unknown,
): Promise<Onboarding> {
  return http.put(`${base(userId)}/${step}/`, {
    schema: onboardingSchema,
    body: answer,
    invalidResponseMessage: INVALID,
  });
}

export function finishOnboarding(userId: string): Promise<Onboarding> {
  return http.post(`${base(userId)}/finish/`, {
    schema: onboardingSchema,
    invalidResponseMessage: INVALID,
  });
}

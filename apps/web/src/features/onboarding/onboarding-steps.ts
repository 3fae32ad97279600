import {
  ONBOARDING_STEPS,
  type OnboardingNext,
  type OnboardingStepKey,
} from '@forja/shared/schemas/onboarding';

export const STEP_TITLES: Record<OnboardingStepKey, string> = {
  goal: 'Tu objetivo',
  body: 'Tu cuerpo',
  activity: 'Tu actividad',
  training: 'Tu entrenamiento',
  eating: 'Tu alimentación',
  health: 'Tu salud',
};

export const STEP_INTROS: Record<OnboardingStepKey, string> = {
  goal: 'Qué quieres conseguir y a qué ritmo.',
  body: 'Con estos datos calculamos tu gasto de energía.',
  activity: 'Cuánto te mueves en un día normal y cuántos días entrenas.',
  training: 'Tu experiencia y el material que tienes a mano.',
  eating: 'Cómo comes, tus alergias y cuántas comidas haces al día.',
  health: 'Unas preguntas de salud y tu permiso para compartir datos con tu entrenador.',
};

/** 1 to 6. */
export function stepNumber(step: OnboardingStepKey): number {
  return ONBOARDING_STEPS.findIndex((candidate) => candidate.key === step) + 1;
}

export function previousStep(step: OnboardingStepKey): OnboardingStepKey | null {
  const index = stepNumber(step) - 2;
  return index >= 0 ? (ONBOARDING_STEPS[index]?.key ?? null) : null;
}

export type OnboardingAddress = `/users/onboarding/${OnboardingNext}`;

export function addressOf(next: OnboardingNext): OnboardingAddress {
  return `/users/onboarding/${next}`;
}

export function addressOfStep(step: OnboardingStepKey): OnboardingAddress {
  const found = ONBOARDING_STEPS.find((candidate) => candidate.key === step);
  return addressOf(found?.path ?? 'first-step');
}

import type { Rule } from './rule';

/**
 * A trainee who has not finished the onboarding: whatever they share, since the trainer
 * cannot plan for them until they do (their targets come from it).
 */
export const onboardingUnfinished: Rule = (trainee) => {
  if (trainee.onboarding_finished) return null;
  return {
    rule: 'onboarding_unfinished',
    severity: 'medium',
    detail: 'Todavía no ha terminado el cuestionario inicial',
    since: trainee.linked_on,
    clipped: false,
  };
};

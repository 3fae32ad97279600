import { describe, expect, it } from 'vitest';
import { snapshot } from '#test/trainee-snapshot';
import { onboardingUnfinished } from './onboarding-unfinished';

describe('onboardingUnfinished', () => {
  it('makes an item from the day of the link until the onboarding is finished', () => {
    expect(onboardingUnfinished(snapshot({ onboarding_finished: false }))).toEqual({
      rule: 'onboarding_unfinished',
      severity: 'medium',
      detail: 'Todavía no ha terminado el cuestionario inicial',
      since: '2026-10-01',
      clipped: false,
    });
    expect(onboardingUnfinished(snapshot({ onboarding_finished: true }))).toBeNull();
  });

  it('needs no shared area: it is about the link, not the data', () => {
    const trainee = snapshot({ onboarding_finished: false });
    const none = { diary: false, training: false, body: false, check_ins: false };
    expect(onboardingUnfinished({ ...trainee, shares: none })).not.toBeNull();
  });
});

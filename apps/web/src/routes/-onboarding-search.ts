/** ?from=resume: a step opened from the summary to change one answer. */
export interface OnboardingSearch {
  from?: 'resume';
}

export function onboardingSearch(search: Record<string, unknown>): OnboardingSearch {
  return search.from === 'resume' ? { from: 'resume' } : {};
}

import { createFileRoute, redirect } from '@tanstack/react-router';
import { addressOf } from '#features/onboarding/onboarding-steps';
import { loadOnboarding } from '#routes/-onboarding-loader';

/** Sends the person to the first unanswered step, or to the summary when all are answered. */
export const Route = createFileRoute('/_authenticated/users/onboarding/')({
  loader: async ({ context: { queryClient } }) => {
    const state = await loadOnboarding(queryClient);
    if (!state) return;
    throw redirect({ to: addressOf(state.next_step), replace: true });
  },
});

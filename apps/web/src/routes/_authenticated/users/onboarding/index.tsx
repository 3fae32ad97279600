import { createFileRoute } from '@tanstack/react-router';

/** Sends the person to the first unanswered step, or to the summary when all are answered. */
export const Route = createFileRoute('/_authenticated/users/onboarding/')({
  beforeLoad: async ({ context: { queryClient, user } }) => {
    const { continueOnboarding } = await import('../../../-loaders');
    await continueOnboarding(queryClient, user.id);
  },
});

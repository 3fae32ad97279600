import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { currentCheckInQuery, ownCheckInsQuery } from '#features/check-ins/check-ins-api';
import { CheckInScreen } from '#features/check-ins/check-in-screen';
import { useCurrentUser } from '#features/users/users-api';
import { userWithAccess } from '#routes/-guards';

export const Route = createFileRoute('/_authenticated/_shell/users/check-in')({
  loader: async ({ context: { queryClient } }) => {
    const user = await userWithAccess(queryClient);
    if (!user) return;
    await Promise.all([
      queryClient.query(currentCheckInQuery),
      queryClient.query(ownCheckInsQuery),
    ]);
  },
  errorComponent: loadErrorView('No pudimos cargar tu revisión semanal. Inténtalo de nuevo.'),
  component: CheckInPage,
});

function CheckInPage() {
  const user = useCurrentUser();
  return <CheckInScreen userId={user.id} />;
}

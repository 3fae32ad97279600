import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useLogout } from '../../features/auth/use-logout';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { AppShell } from '../../features/shell/app-shell';
import { currentUserQuery, preferencesQuery, useCurrentUser } from '../../features/users/users-api';
import { useTheme } from '../../lib/color-scheme';

export const Route = createFileRoute('/_authenticated/_shell')({
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.query(currentUserQuery);
    await queryClient.query(preferencesQuery(user.id));
  },
  component: ShellLayout,
});

function ShellLayout() {
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  useTheme(preferences?.theme ?? 'system');
  const { logout, pending } = useLogout();
  return (
    <AppShell
      user={user}
      onLogout={() => void logout()}
      logoutPending={pending}
      bell={<NotificationBell />}
    >
      <Outlet />
    </AppShell>
  );
}

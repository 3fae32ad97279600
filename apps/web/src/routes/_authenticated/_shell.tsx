import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useLogout } from '../../features/auth/use-logout';
import { AppShell } from '../../features/shell/app-shell';
import { preferencesQuery } from '../../features/users/users-api';
import { useTheme } from '../../lib/color-scheme';

export const Route = createFileRoute('/_authenticated/_shell')({
  component: ShellLayout,
});

function ShellLayout() {
  const { user } = Route.useRouteContext();
  const preferences = useQuery(preferencesQuery(user.id));
  useTheme(preferences.data?.theme ?? 'system');
  const { logout, pending } = useLogout();
  return (
    <AppShell user={user} onLogout={() => void logout()} logoutPending={pending}>
      <Outlet />
    </AppShell>
  );
}

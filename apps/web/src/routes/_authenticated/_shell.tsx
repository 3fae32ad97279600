import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useLogout } from '../../features/auth/use-logout';
import { traineeUnreadQuery } from '../../features/messages/messages-api';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { AppShell } from '../../features/shell/app-shell';
import { currentUserQuery, preferencesQuery, useCurrentUser } from '../../features/users/users-api';
import { useTheme } from '../../lib/color-scheme';
import { useEventStream } from '../../lib/event-stream';

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
  // The tab's event stream: messages and receipts arrive live on every screen.
  useEventStream();
  const { data: unread } = useQuery(traineeUnreadQuery);
  return (
    <AppShell
      user={user}
      onLogout={() => void logout()}
      logoutPending={pending}
      unreadMessages={unread?.count ?? 0}
      bell={<NotificationBell />}
    >
      <Outlet />
    </AppShell>
  );
}

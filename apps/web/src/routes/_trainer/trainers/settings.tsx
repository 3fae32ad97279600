import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useLogout } from '#features/auth/use-logout';
import { notificationSettingsQuery } from '#features/notifications/notifications-api';
import { NotificationSettings } from '#features/notifications/notification-settings';
import { SettingsScreen } from '#features/settings/settings-screen';
import { preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { clearTokens } from '#lib/session';

/**
 * Ajustes in the trainer's workspace: the same settings as a trainee's (theme, units, time
 * zone, password, session, deleting the account) without what only a trainee has.
 */
export const Route = createFileRoute('/_trainer/trainers/settings')({
  // The notification settings are a section the screen shows without: started, not awaited.
  loader: ({ context: { queryClient } }) => {
    queryClient.query(notificationSettingsQuery).catch(() => undefined);
  },
  component: TrainerSettingsPage,
});

function TrainerSettingsPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preferences = preferencesQuery(user.id);
  const { data: saved } = useSuspenseQuery(preferences);
  const { logout, pending } = useLogout();

  return (
    <SettingsScreen
      audience="trainer"
      userId={user.id}
      preferences={saved}
      subscription={null}
      notifications={<NotificationSettings audience="trainer" />}
      onPreferencesSaved={(next) => {
        queryClient.setQueryData(preferences.queryKey, next);
      }}
      onLogout={() => void logout()}
      logoutPending={pending}
      onAccountDeleted={async () => {
        clearTokens();
        queryClient.clear();
        await navigate({ to: '/', replace: true });
      }}
    />
  );
}

import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useLogout } from '#features/auth/use-logout';
import { notificationSettingsQuery } from '#features/notifications/notifications-api';
import { NotificationSettings } from '#features/notifications/notification-settings';
import { SettingsScreen } from '#features/settings/settings-screen';
import { traineeTrainerQuery } from '#features/settings/trainer-api';
import { currentSubscription, subscriptionsQuery } from '#features/subscriptions/subscriptions-api';
import { currentUserQuery, preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { clearTokens } from '#lib/session';

export const Route = createFileRoute('/_authenticated/_shell/users/settings')({
  loader: async ({ context: { queryClient } }) => {
    const subscriptions = queryClient.query(subscriptionsQuery);
    subscriptions.catch(() => undefined);
    // The notification settings are a section the screen shows without: started, not awaited.
    queryClient.query(notificationSettingsQuery).catch(() => undefined);
    const user = await queryClient.query(currentUserQuery);
    await Promise.all([
      queryClient.query(preferencesQuery(user.id)),
      queryClient.query(traineeTrainerQuery(user.id)),
      subscriptions,
    ]);
  },
  component: SettingsPage,
});

function SettingsPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preferences = preferencesQuery(user.id);
  const { data: saved } = useSuspenseQuery(preferences);
  const { data: subscriptions } = useSuspenseQuery(subscriptionsQuery);
  const { logout, pending } = useLogout();

  return (
    <SettingsScreen
      userId={user.id}
      preferences={saved}
      subscription={currentSubscription(subscriptions)}
      notifications={<NotificationSettings audience="trainee" />}
      onPreferencesSaved={(next) => {
        queryClient.setQueryData(preferences.queryKey, next);
      }}
      onLogout={() => void logout()}
      logoutPending={pending}
      onAccountDeleted={async () => {
        // The account and its sessions are gone on the server; nothing is left to log out of.
        clearTokens();
        queryClient.clear();
        await navigate({ to: '/', replace: true });
      }}
    />
  );
}

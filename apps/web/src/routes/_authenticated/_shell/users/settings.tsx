import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useLogout } from '../../../../features/auth/use-logout';
import { SettingsScreen } from '../../../../features/settings/settings-screen';
import {
  currentSubscription,
  subscriptionsQuery,
} from '../../../../features/subscriptions/subscriptions-api';
import { preferencesQuery } from '../../../../features/users/users-api';
import { clearTokens } from '../../../../lib/session';

export const Route = createFileRoute('/_authenticated/_shell/users/settings')({
  loader: async ({ context: { queryClient, user } }) => {
    const { loadSettings } = await import('../../../-loaders');
    await loadSettings(queryClient, user.id);
  },
  component: SettingsPage,
});

function SettingsPage() {
  const { user } = Route.useRouteContext();
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

import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { trainerUnreadQuery } from '#features/messages/messages-api';
import { NotificationBell } from '#features/notifications/notification-bell';
import { TrainerShell } from '#features/trainer-shell/trainer-shell';
import { preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { useTheme } from '#lib/color-scheme';
import { useEventStream } from '#lib/event-stream';
import { useAfterFirstScreen } from '#lib/use-first-screen';
import { guardTrainer } from './-guards';
import { requireToken } from './-require-token';

/**
 * The trainer's workspace under /trainers/…: a token (else login with the way back) and
 * the trainer role (a trainee goes home); no subscription is asked. The guard is the
 * loader, as for the app screens, and reads the user the shell shows.
 */
export const Route = createFileRoute('/_trainer')({
  beforeLoad: ({ location }) => {
    requireToken(location);
  },
  loader: async ({ context: { queryClient }, location }) => {
    const { user } = await guardTrainer(queryClient, location);
    // The trainer's theme, as the trainee's shell applies theirs.
    await queryClient.query(preferencesQuery(user.id));
    return { user };
  },
  component: TrainerShellLayout,
});

function TrainerShellLayout() {
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  useTheme(preferences?.theme ?? 'system');
  // The tab's event stream: new messages and receipts reach every screen of the workspace. It
  // starts once the first screen is drawn (decision 082), and the unread count once it is
  // ready (decision 092).
  const started = useAfterFirstScreen();
  const live = useEventStream(started);
  const { data: unread } = useQuery({ ...trainerUnreadQuery, enabled: started && live });
  return (
    <TrainerShell
      name={`${user.first_name} ${user.last_name}`.trim()}
      unreadMessages={unread?.count ?? 0}
      bell={<NotificationBell enabled={started} />}
    >
      <Outlet />
    </TrainerShell>
  );
}

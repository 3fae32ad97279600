import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { ProfileScreen } from '../../../../features/profile/profile-screen';
import { currentUserQuery } from '../../../../features/users/users-api';

export const Route = createFileRoute('/_authenticated/_shell/users/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  return (
    <ProfileScreen
      user={user}
      onChanged={async () => {
        await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
        // The shell reads the user from the route context: load it again.
        await router.invalidate();
      }}
    />
  );
}

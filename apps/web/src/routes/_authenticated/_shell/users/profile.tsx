import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '#features/profile/profile-screen';
import { currentUserQuery, useCurrentUser } from '#features/users/users-api';

export const Route = createFileRoute('/_authenticated/_shell/users/profile')({
  loader: ({ context: { queryClient } }) =>
    queryClient.query(currentUserQuery).then(() => undefined),
  component: ProfilePage,
});

function ProfilePage() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return (
    <ProfileScreen
      user={user}
      onChanged={() => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })}
    />
  );
}

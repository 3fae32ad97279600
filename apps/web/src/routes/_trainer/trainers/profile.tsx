import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '#features/profile/profile-screen';
import { currentUserQuery, useCurrentUser } from '#features/users/users-api';

/** The trainer's name, country and picture: what their clients see of them. */
export const Route = createFileRoute('/_trainer/trainers/profile')({
  component: TrainerProfilePage,
});

function TrainerProfilePage() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return (
    <ProfileScreen
      user={user}
      onChanged={() => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })}
    />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { invitationPreviewQuery } from '../../features/invitation-acceptance/invitation-acceptance-api';
import {
  InvitationErrorView,
  InvitationScreen,
  type InvitationViewer,
} from '../../features/invitation-acceptance/invitation-screen';
import { currentUserQuery } from '../../features/users/users-api';
import { isAuthenticated } from '../../lib/session';

/** Open to anyone holding the link; what it offers depends on who is signed in, if anyone. */
export const Route = createFileRoute('/invitations/$code')({
  loader: async ({ context: { queryClient }, params: { code } }) => {
    const preview = queryClient.query(invitationPreviewQuery(code));
    preview.catch(() => undefined);
    let viewer: InvitationViewer = 'visitor';
    if (isAuthenticated()) {
      try {
        const user = await queryClient.query(currentUserQuery);
        viewer = user.role === 'trainer' ? 'trainer' : 'trainee';
      } catch {
        // A session that cannot be used is no session: the page offers to log in.
      }
    }
    await preview;
    return { viewer };
  },
  component: InvitationPage,
  errorComponent: InvitationErrorView,
});

function InvitationPage() {
  const { code } = Route.useParams();
  const { viewer } = Route.useLoaderData();
  return <InvitationScreen code={code} viewer={viewer} />;
}

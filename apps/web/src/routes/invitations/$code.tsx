import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { invitationPreviewQuery } from '#features/invitation-acceptance/invitation-acceptance-api';
import {
  InvitationErrorView,
  InvitationScreen,
} from '#features/invitation-acceptance/invitation-screen';
import { invitationViewerQuery } from '#routes/-invitation-viewer';

/** Open to anyone holding the link; what it offers depends on who is signed in, if anyone. */
export const Route = createFileRoute('/invitations/$code')({
  loader: async ({ context: { queryClient }, params: { code } }) => {
    await Promise.all([
      queryClient.query(invitationPreviewQuery(code)),
      queryClient.query(invitationViewerQuery),
    ]);
  },
  component: InvitationPage,
  errorComponent: InvitationErrorView,
});

function InvitationPage() {
  const { code } = Route.useParams();
  const { data: viewer } = useSuspenseQuery(invitationViewerQuery);
  return <InvitationScreen code={code} viewer={viewer} />;
}

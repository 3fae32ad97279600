import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadErrorView } from '../../../../components/ui/load-error';
import { ClientFileFrame } from '../../../../features/trainer-client-file/client-file-frame';
import { traineeFileQuery } from '../../../../features/trainer-client-file/trainer-client-file-api';

/** A trainee's file: its frame (who, what they share, the tabs) around the tab shown. */
export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId')({
  loader: async ({ context: { queryClient }, params }) => {
    await queryClient.query(traineeFileQuery(params.traineeId));
  },
  component: ClientFilePage,
  errorComponent: loadErrorView('No pudimos cargar la ficha del cliente. Inténtalo de nuevo.'),
});

function ClientFilePage() {
  const { traineeId } = Route.useParams();
  return (
    <ClientFileFrame traineeId={traineeId}>
      <Outlet />
    </ClientFileFrame>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { ClientSummary } from '#features/trainer-client-file/client-summary';

/** Resumen: everything it shows comes with the file the frame's loader reads. */
export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/')({
  component: SummaryPage,
});

function SummaryPage() {
  const { traineeId } = Route.useParams();
  return <ClientSummary traineeId={traineeId} />;
}

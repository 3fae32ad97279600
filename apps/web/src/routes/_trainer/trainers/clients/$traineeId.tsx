import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { ClientFileFrame } from '#features/trainer-client-file/client-file-frame';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { optionalLocalDate } from '#routes/-search';
import { isTraineeCheckInsTab, readTraineeCheckInsScreen } from '#routes/-trainee-check-ins-screen';
import { isTraineeDiaryTab, readTraineeDiaryScreen } from '#routes/-trainee-diary-screen';
import {
  monthsIn,
  readTraineeBodyScreen,
  readTraineeTargetsScreen,
  traineeScreenTab,
} from '#routes/-trainee-file-screens';

/** A trainee's file: its frame (who, what they share, the tabs) around the tab shown. */
export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId')({
  loader: async ({ context: { queryClient }, params, location }) => {
    // The Diario tab reads the file with its day (decision 115): the layout waits for that
    // same read instead of asking for the file beside it.
    if (isTraineeDiaryTab(location.pathname)) {
      const search = location.search as { date?: unknown };
      const date = optionalLocalDate(search.date);
      if (await readTraineeDiaryScreen(queryClient, params.traineeId, date)) return;
    }
    // So does the Revisiones tab, with the check-ins and the form (decision 123).
    if (isTraineeCheckInsTab(location.pathname)) {
      if (await readTraineeCheckInsScreen(queryClient, params.traineeId)) return;
    }
    // So do Cuerpo and Objetivos (decision 122).
    const tab = traineeScreenTab(location.pathname);
    if (tab === 'body') {
      const months = monthsIn((location.search as { months?: unknown }).months) ?? 1;
      if (await readTraineeBodyScreen(queryClient, params.traineeId, months)) return;
    }
    if (tab === 'targets' && (await readTraineeTargetsScreen(queryClient, params.traineeId))) {
      return;
    }
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

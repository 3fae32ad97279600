import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { METRIC_RANGES, type MetricRange } from '@forja/shared/constants';
import { loadErrorView } from '#components/ui/load-error';
import { traineeMetricsQuery } from '#features/trainer-client-body/trainer-client-body-api';
import { TrainerClientBodyScreen } from '#features/trainer-client-body/trainer-client-body-screen';
import { currentUserQuery, preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { traineeExpenditureQuery } from '#features/expenditure/expenditure-api';
import { ExpenditureCard } from '#features/expenditure/expenditure-card';
import { TraineeTab } from '#routes/_trainer/trainers/clients/-trainee-tab';
import { readTraineeBodyScreen } from '#routes/-trainee-file-screens';

/** ?months=3: the period shown; a month when absent or not one of the periods. */
function monthsIn(value: unknown): MetricRange | undefined {
  return METRIC_RANGES.find((range) => String(range) === value);
}

export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/body')({
  validateSearch: (search: { months?: unknown } & SearchSchemaInput): { months?: MetricRange } => {
    const months = monthsIn(search.months);
    return months && months !== 1 ? { months } : {};
  },
  loaderDeps: ({ search }) => ({ months: search.months ?? 1 }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    // The file, the metrics and the expenditure in one read, shared with the file's layout,
    // which asks for it at the same time (decision 122); without signal, while a write waits,
    // or if it fails, each is read on its own as before.
    const screen = readTraineeBodyScreen(queryClient, params.traineeId, deps.months);
    const user = await queryClient.query(currentUserQuery);
    const preferences = queryClient.query(preferencesQuery(user.id));
    if (await screen) {
      await preferences;
      return;
    }
    await readBodyParts(queryClient, params.traineeId, deps.months);
    await preferences;
  },
  errorComponent: loadErrorView('No pudimos cargar el cuerpo de tu cliente. Inténtalo de nuevo.'),
  component: BodyTab,
});

/** The tab's parts read one by one, each answering what the device kept without signal. */
async function readBodyParts(queryClient: QueryClient, traineeId: string, months: MetricRange) {
  const trainee = await queryClient.query(traineeFileQuery(traineeId));
  await Promise.all([
    // Nothing of the body is asked for unless the trainee shares it.
    trainee.shares.body ? queryClient.query(traineeMetricsQuery(traineeId, months)) : null,
    // The expenditure needs the diary too; the tab does not fail without it.
    trainee.shares.body && trainee.shares.diary
      ? queryClient.query(traineeExpenditureQuery(traineeId)).catch(() => null)
      : null,
  ]);
}

function BodyTab() {
  const { traineeId } = Route.useParams();
  const { months = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  const { data: trainee } = useSuspenseQuery(traineeFileQuery(traineeId));
  return (
    <TraineeTab traineeId={traineeId} title="Cuerpo" area="body">
      <TrainerClientBodyScreen
        traineeId={traineeId}
        expenditure={trainee.shares.diary ? <ExpenditureCard traineeId={traineeId} /> : null}
        months={months}
        onMonthsChange={(next) => void navigate({ search: next === 1 ? {} : { months: next } })}
        system={preferences?.metric_system ?? 'metric'}
      />
    </TraineeTab>
  );
}

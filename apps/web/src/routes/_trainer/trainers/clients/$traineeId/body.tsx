import { useSuspenseQuery } from '@tanstack/react-query';
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
    const [trainee, user] = await Promise.all([
      queryClient.query(traineeFileQuery(params.traineeId)),
      queryClient.query(currentUserQuery),
    ]);
    await Promise.all([
      queryClient.query(preferencesQuery(user.id)),
      // Nothing of the body is asked for unless the trainee shares it.
      trainee.shares.body
        ? queryClient.query(traineeMetricsQuery(params.traineeId, deps.months))
        : null,
      // The expenditure needs the diary too; the tab does not fail without it.
      trainee.shares.body && trainee.shares.diary
        ? queryClient.query(traineeExpenditureQuery(params.traineeId)).catch(() => null)
        : null,
    ]);
  },
  errorComponent: loadErrorView('No pudimos cargar el cuerpo de tu cliente. Inténtalo de nuevo.'),
  component: BodyTab,
});

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

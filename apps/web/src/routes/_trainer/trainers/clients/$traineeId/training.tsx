import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { ClientTraining } from '#features/trainer-client-file/client-training';
import {
  logPeriod,
  traineeFileQuery,
  trainingLogQuery,
} from '#features/trainer-client-file/trainer-client-file-api';
import { currentUserQuery, preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { optionalLocalDate } from '#routes/-search';

export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/training')({
  // The last day of the four weeks shown; the trainee's today when absent or not a date.
  validateSearch: (search: { to?: unknown } & SearchSchemaInput): { to?: string } => {
    const to = optionalLocalDate(search.to);
    return to ? { to } : {};
  },
  loaderDeps: ({ search }) => ({ to: optionalLocalDate(search.to) }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const user = await queryClient.query(currentUserQuery);
    const preferences = queryClient.query(preferencesQuery(user.id));
    const file = await queryClient.query(traineeFileQuery(params.traineeId));
    // Training not shared is said on the screen; nothing of it is asked for.
    if (file.shares.training) {
      const { from, to } = logPeriod(deps.to ?? file.today);
      await queryClient.query(trainingLogQuery(params.traineeId, from, to));
    }
    await preferences;
  },
  component: TrainingPage,
  errorComponent: loadErrorView('No pudimos cargar el entrenamiento. Inténtalo de nuevo.'),
});

function TrainingPage() {
  const { traineeId } = Route.useParams();
  const { to } = Route.useSearch();
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  const navigate = Route.useNavigate();
  return (
    <ClientTraining
      trainerId={user.id}
      traineeId={traineeId}
      to={to}
      system={preferences?.metric_system ?? 'metric'}
      onPeriodChange={(next) => void navigate({ search: { to: next } })}
    />
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { ClientDiary } from '#features/trainer-client-file/client-diary';
import {
  traineeCommentsQuery,
  traineeDayQuery,
  traineeFileQuery,
} from '#features/trainer-client-file/trainer-client-file-api';
import { currentUserQuery, preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { optionalLocalDate } from '#routes/-search';
import { readTraineeDiaryScreen } from '#routes/-trainee-diary-screen';

export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/diary')({
  // The day shown; the trainee's today when absent or not a date.
  validateSearch: (search: { date?: unknown } & SearchSchemaInput): { date?: string } => {
    const date = optionalLocalDate(search.date);
    return date ? { date } : {};
  },
  loaderDeps: ({ search }) => ({ date: optionalLocalDate(search.date) }),
  // Run again on every visit, for the comments' latest words (their read is never cached).
  staleTime: 0,
  loader: async ({ context: { queryClient }, params, deps }) => {
    // The file, the day and its comments in one read, shared with the file's layout, which asks
    // for it at the same time (decision 115); without signal, or if it fails, each is read on
    // its own as before.
    const screen = readTraineeDiaryScreen(queryClient, params.traineeId, deps.date);
    const user = await queryClient.query(currentUserQuery);
    const preferences = queryClient.query(preferencesQuery(user.id));
    if (await screen) {
      await preferences;
      return;
    }
    const file = await queryClient.query(traineeFileQuery(params.traineeId));
    // A diary not shared is said on the screen; nothing of it is asked for.
    if (file.shares.diary) {
      const date = deps.date ?? file.today;
      await Promise.all([
        queryClient.query(traineeDayQuery(params.traineeId, date)),
        queryClient.query(traineeCommentsQuery(params.traineeId, date)),
      ]);
    }
    await preferences;
  },
  component: DiaryPage,
  errorComponent: loadErrorView('No pudimos cargar el día. Inténtalo de nuevo.'),
});

function DiaryPage() {
  const { traineeId } = Route.useParams();
  const { date } = Route.useSearch();
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  const navigate = Route.useNavigate();
  return (
    <ClientDiary
      trainerId={user.id}
      traineeId={traineeId}
      date={date}
      system={preferences?.metric_system ?? 'metric'}
      onDateChange={(next) => void navigate({ search: { date: next } })}
    />
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useLocation, type SearchSchemaInput } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { addDays, todayIn } from '@forja/shared/calendar';
import { DEFAULT_TIME_ZONE, type UserPreferences } from '@forja/shared/schemas/preferences';
import { loadErrorView } from '../../../../components/ui/load-error';
import { dayCommentsQuery } from '../../../../features/diary/comments-api';
import { diaryDayQuery } from '../../../../features/diary/diary-api';
import { DiaryScreen } from '../../../../features/diary/diary-screen';
import { preferencesQuery, useCurrentUser } from '../../../../features/users/users-api';
import { trainingPlanQuery } from '../../../../lib/training-plan';
import { keptUser, userWithAccess } from '../../../-guards';
import { optionalLocalDate } from '../../../-search';

// The food search loads when a meal's sheet first opens.
const FoodPicker = lazy(() =>
  import('../../../../features/foods/food-picker').then((module) => ({
    default: module.FoodPicker,
  })),
);

/** Today where the person lives (their time zone), not where the device happens to be. */
function todayFor(preferences: UserPreferences | null): string {
  return todayIn(preferences?.timezone ?? DEFAULT_TIME_ZONE, new Date());
}

export const Route = createFileRoute('/_authenticated/_shell/users/diary')({
  // The day shown; today (where the person lives) when absent or not a date.
  validateSearch: (search: { date?: unknown } & SearchSchemaInput): { date?: string } => {
    const date = optionalLocalDate(search.date);
    return date ? { date } : {};
  },
  loaderDeps: ({ search }) => ({ date: search.date }),
  // Run again on every visit, for the comments' latest words (their read is never cached).
  staleTime: 0,
  loader: async ({ context: { queryClient }, deps }) => {
    // The day is most likely today where the person was last seen (the time zone of the
    // preferences this device kept), or else where the device is: its read starts early, and
    // is the one used when the person's own time zone agrees.
    const kept = keptUser(queryClient);
    const keptPreferences = kept
      ? queryClient.getQueryData(preferencesQuery(kept.id).queryKey)
      : undefined;
    const likely =
      deps.date ??
      (keptPreferences
        ? todayFor(keptPreferences)
        : todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date()));
    // A returning person's preferences (their time zone says which day is today) and day are
    // read beside the guard's reads.
    if (kept) {
      queryClient.query(preferencesQuery(kept.id)).catch(() => undefined);
      queryClient.query(diaryDayQuery(likely)).catch(() => undefined);
    }
    const user = await userWithAccess(queryClient);
    if (!user) return;
    queryClient.query(diaryDayQuery(likely)).catch(() => undefined);
    const date = deps.date ?? todayFor(await queryClient.query(preferencesQuery(user.id)));
    // The trainer's comments show beside the day once in; the day does not wait for them.
    queryClient.query(dayCommentsQuery(date)).catch(() => undefined);
    // The day's planned session shows above its training once read; the day does not wait.
    queryClient.query(trainingPlanQuery(date)).catch(() => undefined);
    // The day before, for "Repetir … de ayer" under each meal, is read beside the day and
    // awaited with it: arriving after the first paint, its buttons pushed the meals below
    // them down. A failed read only leaves the buttons out.
    const yesterday = queryClient.query(diaryDayQuery(addDays(date, -1))).catch(() => undefined);
    await queryClient.query(diaryDayQuery(date));
    await yesterday;
    // The exercise library (a large read) and the recent exercises are read by a session's
    // exercise picker when it opens, after the day has painted: the first paint does not
    // share the network with them.
  },
  errorComponent: loadErrorView('No pudimos cargar el día. Inténtalo de nuevo.'),
  component: DiaryPage,
});

function DiaryPage() {
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  const navigate = Route.useNavigate();
  const system = preferences?.metric_system ?? 'metric';
  const today = todayFor(preferences);
  const { date = today } = Route.useSearch();
  // The "+" of any screen leads to the day's note or training: #notas, #entrenamiento.
  const hash = useLocation({ select: (location) => location.hash });
  return (
    <DiaryScreen
      userId={user.id}
      date={date}
      today={today}
      system={system}
      focus={hash === 'notas' || hash === 'entrenamiento' ? hash : undefined}
      onDateChange={(next) => void navigate({ search: next === today ? {} : { date: next } })}
      foodPicker={({ onPick, pending, meal }) => (
        <Suspense fallback={<p>Cargando…</p>}>
          <FoodPicker
            system={system}
            pending={pending}
            meal={meal}
            onPick={({ food, quantity, unit }) => onPick({ foodId: food.id, quantity, unit })}
          />
        </Suspense>
      )}
    />
  );
}

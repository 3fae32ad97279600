import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useLocation, type SearchSchemaInput } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { addDays, todayIn } from '@forja/shared/calendar';
import { DEFAULT_TIME_ZONE, type UserPreferences } from '@forja/shared/schemas/preferences';
import { loadErrorView } from '#components/ui/load-error';
import { dayCommentsQuery } from '#features/diary/comments-api';
import { diaryDayQuery } from '#features/diary/diary-api';
import { DiaryScreen } from '#features/diary/diary-screen';
import { preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { trainingPlanQuery } from '#lib/training-plan';
import { keptUser, likelyToday, userWithAccess } from '#routes/-guards';
import { readDiaryScreen } from '#routes/-diary-screen';
import { optionalLocalDate } from '#routes/-search';

// The food search loads when a meal's sheet first opens.
const FoodPicker = lazy(() =>
  import('#features/foods/food-picker').then((module) => ({
    default: module.FoodPicker,
  })),
);

/** Today where the person lives (their time zone), not where the device happens to be. */
function todayFor(preferences: UserPreferences | null): string {
  return todayIn(preferences?.timezone ?? DEFAULT_TIME_ZONE, new Date());
}

/**
 * Starts the reads of a day's screen, those the first paint waits for first: a browser opens
 * six connections to a server, and a returning person's guard and preferences hold three when
 * these start. First the day, and the day before, for "Repetir … de ayer" under each meal
 * (arriving after the paint, its buttons pushed the meals below them down; a failed read only
 * leaves them out); then the trainer's comments and the planned session, which show beside
 * the day once in.
 */
function readDay(queryClient: QueryClient, date: string) {
  const day = queryClient.query(diaryDayQuery(date));
  day.catch(() => undefined);
  const yesterday = queryClient.query(diaryDayQuery(addDays(date, -1))).catch(() => undefined);
  queryClient.query(dayCommentsQuery(date)).catch(() => undefined);
  queryClient.query(trainingPlanQuery(date)).catch(() => undefined);
  return { day, yesterday };
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
    const likely = deps.date ?? likelyToday(queryClient, kept);
    // One read answers the whole day (decision 112); a returning person's starts beside the
    // guard's. Without signal, or while a write waits, the parts are read one by one below.
    if (navigator.onLine) {
      if (kept) queryClient.query(preferencesQuery(kept.id)).catch(() => undefined);
      const early = kept ? readDiaryScreen(queryClient, likely) : undefined;
      const user = await userWithAccess(queryClient);
      if (!user) return;
      const likelyRead = early ?? readDiaryScreen(queryClient, likely);
      const date = deps.date ?? todayFor(await queryClient.query(preferencesQuery(user.id)));
      const screen = await (date === likely ? likelyRead : readDiaryScreen(queryClient, date));
      if (screen) return;
    }
    // A returning person's preferences (their time zone says which day is today) and the
    // likely day's reads start beside the guard's; anyone else's likely day once the guard
    // knows them, beside their preferences. Waiting for the preferences to name the day cost
    // the day before (which the first paint waits for) a round trip.
    if (kept) queryClient.query(preferencesQuery(kept.id)).catch(() => undefined);
    const early = kept ? readDay(queryClient, likely) : undefined;
    const user = await userWithAccess(queryClient);
    if (!user) return;
    const likelyReads = early ?? readDay(queryClient, likely);
    const date = deps.date ?? todayFor(await queryClient.query(preferencesQuery(user.id)));
    const { day, yesterday } = date === likely ? likelyReads : readDay(queryClient, date);
    await day;
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
            onPick={({ food, ...amount }) => onPick({ foodId: food.id, ...amount })}
          />
        </Suspense>
      )}
    />
  );
}

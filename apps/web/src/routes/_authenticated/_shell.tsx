import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { todayIn } from '@forja/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import type { Meal } from '@forja/shared/schemas/meals';
import type { MetricSystem } from '@forja/shared/units';
import { useLogout } from '#features/auth/use-logout';
import { traineeUnreadQuery } from '#features/messages/messages-api';
import { NotificationBell } from '#features/notifications/notification-bell';
import { AppShell } from '#features/shell/app-shell';
import { QuickAdd } from '#features/shell/quick-add';
import { mealNow } from '#features/diary/meal-now';
import { currentUserQuery, preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { useTheme } from '#lib/color-scheme';
import { useEventStream } from '#lib/event-stream';
import { useAfterFirstScreen } from '#lib/use-first-screen';
import { optionalLocalDate } from '#routes/-search';

// What the "+" opens loads once asked for: no screen's first download carries it.
const AddFoodSheet = lazy(() =>
  import('#features/diary/add-food-sheet').then((module) => ({
    default: module.AddFoodSheet,
  })),
);
const FoodPicker = lazy(() =>
  import('#features/foods/food-picker').then((module) => ({ default: module.FoodPicker })),
);
const DayWater = lazy(() =>
  import('#features/diary/water-chips').then((module) => ({ default: module.DayWater })),
);

export const Route = createFileRoute('/_authenticated/_shell')({
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.query(currentUserQuery);
    await queryClient.query(preferencesQuery(user.id));
  },
  component: ShellLayout,
});

function ShellLayout() {
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  useTheme(preferences?.theme ?? 'system');
  const { logout, pending } = useLogout();
  // The tab's event stream: messages and receipts arrive live on every screen. It starts once
  // the first screen is drawn: none of it is what the screen shows (decision 082). The unread
  // count starts once the stream is ready, which would read it again otherwise (decision 092).
  const started = useAfterFirstScreen();
  const live = useEventStream(started);
  const { data: unread } = useQuery({ ...traineeUnreadQuery, enabled: started && live });
  const timeZone = preferences?.timezone ?? DEFAULT_TIME_ZONE;
  const system = preferences?.metric_system ?? 'metric';
  const navigate = useNavigate();
  // The "+" logs on the day the diary shows, and on today (where the person lives) elsewhere.
  const location = useLocation();
  const today = todayIn(timeZone, new Date());
  const shown =
    location.pathname === '/users/diary'
      ? optionalLocalDate((location.search as { date?: unknown }).date)
      : undefined;
  const date = shown ?? today;
  const diarySearch = date === today ? {} : { date };
  const [addingFood, setAddingFood] = useState(false);
  return (
    <AppShell
      user={user}
      onLogout={() => void logout()}
      logoutPending={pending}
      unreadMessages={unread?.count ?? 0}
      bell={<NotificationBell enabled={started} />}
      // Not on Mensajes: over a conversation the "+" covered the box's «Enviar».
      quickAdd={
        location.pathname === '/users/messages' ? null : (
          <QuickAdd
            onFood={() => {
              setAddingFood(true);
            }}
            water={
              <Suspense fallback={<p>Cargando…</p>}>
                <DayWater date={date} system={system} />
              </Suspense>
            }
            onSet={() =>
              void navigate({ to: '/users/diary', search: diarySearch, hash: 'entrenamiento' })
            }
            onWeight={() => void navigate({ to: '/users/metrics', hash: 'anotar-peso' })}
            onNote={() => void navigate({ to: '/users/diary', search: diarySearch, hash: 'notas' })}
          />
        )
      }
    >
      <Outlet />
      {addingFood ? (
        <Suspense fallback={null}>
          <AddFoodSheet
            open
            chooseMeal
            date={date}
            meal={mealNow(new Date(), timeZone)}
            system={system}
            onClose={() => {
              setAddingFood(false);
            }}
            foodPicker={({ onPick, pending: adding, meal }) => (
              <FoodSearch system={system} pending={adding} meal={meal} onPick={onPick} />
            )}
          />
        </Suspense>
      ) : null}
    </AppShell>
  );
}

/** The food search inside the sheet, loaded with it. */
function FoodSearch({
  system,
  pending,
  meal,
  onPick,
}: {
  system: MetricSystem;
  pending: boolean;
  meal: Meal;
  onPick: (pick: {
    foodId: string;
    quantity: number;
    unit: string;
    id?: string | undefined;
  }) => Promise<void>;
}) {
  return (
    <Suspense fallback={<p>Cargando…</p>}>
      <FoodPicker
        system={system}
        pending={pending}
        meal={meal}
        onPick={({ food, ...amount }) => onPick({ foodId: food.id, ...amount })}
      />
    </Suspense>
  );
}

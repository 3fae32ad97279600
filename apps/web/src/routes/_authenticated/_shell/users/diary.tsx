import { useQuery } from '@tanstack/react-query';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { todayIn } from '@forja/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import { DiaryScreen } from '../../../../features/diary/diary-screen';
import { FoodPicker } from '../../../../features/foods/food-picker';
import { preferencesQuery } from '../../../../features/users/users-api';
import { optionalLocalDate } from '../../../-search';

export const Route = createFileRoute('/_authenticated/_shell/users/diary')({
  // The day shown; today (where the person lives) when absent or not a date.
  validateSearch: (search: { date?: unknown } & SearchSchemaInput): { date?: string } => {
    const date = optionalLocalDate(search.date);
    return date ? { date } : {};
  },
  component: DiaryPage,
});

function DiaryPage() {
  const { user } = Route.useRouteContext();
  const preferences = useQuery(preferencesQuery(user.id));
  const navigate = Route.useNavigate();
  const system = preferences.data?.metric_system ?? 'metric';
  const today = todayIn(preferences.data?.timezone ?? DEFAULT_TIME_ZONE, new Date());
  const { date = today } = Route.useSearch();
  return (
    <DiaryScreen
      date={date}
      today={today}
      system={system}
      onDateChange={(next) => void navigate({ search: next === today ? {} : { date: next } })}
      foodPicker={({ onPick, pending }) => (
        <FoodPicker
          system={system}
          pending={pending}
          onPick={({ food, quantity, unit }) => {
            onPick({ foodId: food.id, quantity, unit });
          }}
        />
      )}
    />
  );
}

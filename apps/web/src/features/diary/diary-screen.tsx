import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { addDays } from '@forja/shared/calendar';
import type { MetricSystem } from '@forja/shared/units';
import { Card } from '#components/ui/card';
import { diaryDayQuery } from './diary-api';
import { DayHeader } from './day-header';
import { DaySummary } from './day-summary';
import { formatWater } from './format';
import { MealSection } from './meal-section';
import type { FoodPickerSlot } from './meal-section-forms';
import { WaterChips } from './water-chips';

const BelowTheMeals = lazy(() =>
  import('./below-the-meals').then((module) => ({ default: module.BelowTheMeals })),
);

interface DiaryScreenProps {
  /** Whose diary: unsaved notes are kept as drafts under this person. */
  userId: string;
  date: string;
  today: string;
  system: MetricSystem;
  onDateChange: (date: string) => void;
  foodPicker: FoodPickerSlot;
  /** Where the "+" led: the note's box is focused, or the training is scrolled to. */
  focus?: 'notas' | 'entrenamiento' | undefined;
}

/** One day of the diary: meals, water, training and notes, with the day's totals. */
export function DiaryScreen({
  userId,
  date,
  today,
  system,
  onDateChange,
  foodPicker,
  focus,
}: DiaryScreenProps) {
  const day = useSuspenseQuery(diaryDayQuery(date));
  // The day before, for "Repetir de ayer": read with the day by the route's loader.
  const yesterday = useQuery(diaryDayQuery(addDays(date, -1)));

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-extrabold tracking-tight">Diario</h1>
      <DayHeader date={date} today={today} onDateChange={onDateChange} />

      <DaySummary totals={day.data.totals} targets={day.data.targets} />
      {day.data.meals.map((meal) => (
        <MealSection
          key={meal.meal}
          userId={userId}
          date={date}
          meal={meal}
          yesterday={yesterday.data?.meals.find((candidate) => candidate.meal === meal.meal)}
          system={system}
          foodPicker={foodPicker}
        />
      ))}
      <Card title="Agua" className="scroll-mt-32">
        <p className="text-2xl font-extrabold" aria-live="polite" data-testid="water">
          {formatWater(day.data.water_ml, system)}
          {day.data.targets?.water_ml ? (
            <span className="text-base font-medium">
              {' '}
              de {formatWater(day.data.targets.water_ml, system)}
            </span>
          ) : null}
        </p>
        <WaterChips date={date} waterMl={day.data.water_ml} system={system} />
      </Card>
      {/* Below the meals (the day's state, the comments, copying a day, the training, the
          notes): its code and the form library load beside the screen's own. */}
      <Suspense fallback={null}>
        <BelowTheMeals
          userId={userId}
          date={date}
          today={today}
          system={system}
          day={day.data}
          focus={focus}
        />
      </Suspense>
    </section>
  );
}

import { lazy, Suspense, useState } from 'react';
import { addDays } from '@forja/shared/calendar';
import { MEAL_LABELS, type DiaryEntry, type DiaryMeal } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { Card } from '#components/ui/card';
import { RowActions } from '#components/ui/row-actions';
import { Button } from '#components/ui/button';
import { MEAL_SUBJECTS } from '#lib/diary-format';
import { formatNumber } from '#lib/numbers';
import { MealComments } from './day-comments';
import { formatAmount } from './format';
import { foodCount, useGuardedCopy } from './guarded-copy';
import type { FoodPickerSlot } from './meal-section-forms';
import { PendingMark } from '#components/ui/pending-mark';
import { usePendingTargets } from '#lib/offline/offline';

// The sheet (and the search inside it) loads when a meal first opens it.
const AddFoodSheet = lazy(() =>
  import('./add-food-sheet').then((module) => ({ default: module.AddFoodSheet })),
);

// An entry's edit form, and the form library, load when a row is first edited.
const EntryEditForm = lazy(() =>
  import('./entry-edit-form').then((module) => ({ default: module.EntryEditForm })),
);

interface MealSectionProps {
  /** Whose diary: a reply to the trainer not yet sent is kept as a draft under them. */
  userId: string;
  date: string;
  meal: DiaryMeal;
  /** The same meal the day before, when read: what "Repetir de ayer" copies. */
  yesterday: DiaryMeal | undefined;
  system: MetricSystem;
  foodPicker: FoodPickerSlot;
}

export function MealSection({
  userId,
  date,
  meal,
  yesterday,
  system,
  foodPicker,
}: MealSectionProps) {
  const label = MEAL_LABELS[meal.meal];
  const [adding, setAdding] = useState(false);
  const copy = useGuardedCopy(date);
  const repeatable = yesterday?.entries.length ?? 0;

  return (
    <Card
      title={label}
      actions={
        <p className="font-semibold" aria-label={`Total de ${label}`}>
          {formatNumber(meal.totals.kcal)} kcal
        </p>
      }
    >
      {meal.entries.length > 0 ? (
        <ul className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
          {meal.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} date={date} system={system} />
          ))}
        </ul>
      ) : null}
      <MealComments userId={userId} date={date} meal={meal.meal} />
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            setAdding(true);
          }}
        >
          Añadir a {label}
        </Button>
        {repeatable > 0 && yesterday ? (
          <Button
            disabled={copy.pending}
            onClick={() => {
              copy.run(
                {
                  from_date: addDays(date, -1),
                  to_date: date,
                  from_meal: meal.meal,
                  to_meal: meal.meal,
                },
                meal.entries.length,
              );
            }}
            className="flex-col gap-0 text-left"
          >
            <span>Repetir {MEAL_SUBJECTS[meal.meal]} de ayer</span>{' '}
            <span className="text-sm font-normal">
              ({foodCount(repeatable)}, {formatNumber(yesterday.totals.kcal)} kcal)
            </span>
          </Button>
        ) : null}
      </div>
      {adding ? (
        <Suspense fallback={null}>
          <AddFoodSheet
            open
            onClose={() => {
              setAdding(false);
            }}
            date={date}
            meal={meal.meal}
            system={system}
            foodPicker={foodPicker}
          />
        </Suspense>
      ) : null}
      {copy.confirmation}
    </Card>
  );
}

function EntryRow({
  entry,
  date,
  system,
}: {
  entry: DiaryEntry;
  date: string;
  system: MetricSystem;
}) {
  const [editing, setEditing] = useState(false);
  const pending = usePendingTargets().has(`entry:${entry.id}`);

  return (
    <li className="py-2">
      <div className="flex items-center gap-3">
        <div className="flex-1">
          <p className="font-medium">{entry.name}</p>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {formatAmount(entry, system)}
          </p>
          {pending ? <PendingMark /> : null}
        </div>
        <p className="font-semibold whitespace-nowrap">{formatNumber(entry.kcal)} kcal</p>
        <RowActions
          actions={[
            {
              text: 'Editar',
              label: `Editar ${entry.name}`,
              expanded: editing,
              onClick: () => {
                setEditing(!editing);
              },
            },
          ]}
        />
      </div>
      {editing ? (
        // Opening starts from the entry as it is now: the form, and what saves it, are made
        // when it opens, so a day's rows build neither until one is edited (decision 082).
        <Suspense fallback={null}>
          <EntryEditForm
            entry={entry}
            date={date}
            system={system}
            onClose={() => {
              setEditing(false);
            }}
          />
        </Suspense>
      ) : null}
    </li>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { addDays } from '@forja/shared/calendar';
import { mlToFlOz, volumeFromInput, volumeUnit } from '@forja/shared/fluid-units';
import {
  MEAL_LABELS,
  foodEntryInputSchema,
  mealSchema,
  MEALS,
  quickEntryInputSchema,
  type DiaryEntry,
  type DiaryMeal,
  type EntryUpdate,
} from '@forja/shared/schemas/diary';
import { GRAMS, MILLILITRES } from '@forja/shared/schemas/foods';
import { localDateSchema } from '@forja/shared/schemas/quantities';
import type { MetricSystem } from '@forja/shared/units';
import { Card } from '../../components/ui/card';
import { RowActions } from '../../components/ui/row-actions';
import { SelectField, TextField } from '../../components/ui/form-field';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { formatCalendarDay } from '../../lib/calendar-day';
import { MEAL_SUBJECTS } from '../../lib/diary-format';
import { numberBox } from '../../lib/number-input';
import { formatNumber, inputText } from '../../lib/numbers';
import { MealComments } from './day-comments';
import { changeEntry, removeEntry, restoreEntry } from './diary-api';
import { formatAmount } from './format';
import { foodCount, useGuardedCopy } from './guarded-copy';
import type { FoodPickerSlot } from './meal-section-forms';
import { showChangedEntry, showRemovedEntry } from './optimistic-api';
import { PendingMark } from './pending-mark';
import { useDiaryChange } from './use-diary-change';
import { usePendingTargets } from '../../lib/offline/offline';

// The sheet (and the search inside it) loads when a meal first opens it.
const AddFoodSheet = lazy(() =>
  import('./add-food-sheet').then((module) => ({ default: module.AddFoodSheet })),
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
        <button
          type="button"
          onClick={() => {
            setAdding(true);
          }}
          className={secondaryButton}
        >
          Añadir a {label}
        </button>
        {repeatable > 0 && yesterday ? (
          <button
            type="button"
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
            className={`${secondaryButton} flex-col gap-0 text-left`}
          >
            <span>Repetir {MEAL_SUBJECTS[meal.meal]} de ayer</span>{' '}
            <span className="text-sm font-normal">
              ({foodCount(repeatable)}, {formatNumber(yesterday.totals.kcal)} kcal)
            </span>
          </button>
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

/** The amount of an entry as its edit box shows it: fl oz for what pours, with imperial units. */
function amountText(entry: DiaryEntry, system: MetricSystem): string {
  if (entry.kind === 'quick') return inputText(entry.kcal);
  if (entry.unit === MILLILITRES && system === 'imperial') {
    return inputText(mlToFlOz(entry.quantity), 1);
  }
  return inputText(entry.quantity);
}

function amountLabel(entry: DiaryEntry, system: MetricSystem): string {
  if (entry.kind === 'quick') return 'Calorías (kcal)';
  if (entry.unit === MILLILITRES) return `Cantidad (${volumeUnit(system)})`;
  return `Cantidad (${entry.unit === GRAMS ? 'g' : entry.unit})`;
}

/**
 * The edit form of an entry, checked with the shared entry schemas: kcal for a quick add,
 * the amount for a food, read in millilitres once converted from fl oz.
 */
function entryEditSchema(entry: DiaryEntry, system: MetricSystem) {
  const amount =
    entry.kind === 'quick'
      ? quickEntryInputSchema.shape.kcal
      : z.preprocess(
          (value) =>
            entry.unit === MILLILITRES && typeof value === 'number'
              ? volumeFromInput(value, system)
              : value,
          foodEntryInputSchema.shape.quantity,
        );
  return z.object({ amount: numberBox(amount), meal: mealSchema, date: localDateSchema });
}

/** "a Cena", "al 28 de noviembre", "a Cena del 28 de noviembre": where a moved entry went. */
function whereTo(entry: DiaryEntry, update: EntryUpdate): string {
  const meal = update.meal ?? entry.meal;
  if (update.date === undefined) return `a ${MEAL_LABELS[meal]}`;
  const day = formatCalendarDay(update.date, { day: 'numeric', month: 'long' });
  return update.meal === undefined ? `al ${day}` : `a ${MEAL_LABELS[meal]} del ${day}`;
}

/** Taking back a change of an entry: what it was before, field by field. */
function changeUndo(entry: DiaryEntry, update: EntryUpdate) {
  const before: EntryUpdate = {
    ...(update.meal !== undefined ? { meal: entry.meal } : {}),
    ...(update.date !== undefined ? { date: entry.date } : {}),
    ...(update.quantity !== undefined ? { quantity: entry.quantity } : {}),
    ...(update.kcal !== undefined ? { kcal: entry.kcal } : {}),
  };
  const moved = update.meal !== undefined || update.date !== undefined;
  return {
    message: moved ? `${entry.name} movido ${whereTo(entry, update)}` : `${entry.name} cambiado`,
    revert: () => changeEntry(entry.id, before),
    dates: [entry.date, update.date ?? entry.date],
  };
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
  const change = useDiaryChange(
    (update: EntryUpdate) => changeEntry(entry.id, update, date),
    (update) => [date, update.date ?? date],
    {
      undo: (_changed, update) => changeUndo(entry, update),
      show: (queryClient, update) => {
        showChangedEntry(queryClient, entry, update);
      },
    },
  );
  const remove = useDiaryChange(
    (id: string) => removeEntry(id, date),
    () => [date],
    {
      undo: () => ({ message: `${entry.name} eliminado`, revert: () => restoreEntry(entry) }),
      show: (queryClient, id) => {
        showRemovedEntry(queryClient, date, id);
      },
    },
  );
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
        // Opening starts from the entry as it is now: the form is made when it opens, so a
        // day's rows build no form until one is edited (decision 082).
        <EntryEditForm
          entry={entry}
          system={system}
          saving={change.isPending}
          removing={remove.isPending}
          onSave={(update) => {
            if (Object.keys(update).length === 0) {
              setEditing(false);
              return;
            }
            change.mutate(update, {
              onSuccess: () => {
                setEditing(false);
              },
            });
          }}
          onRemove={() => {
            remove.mutate(entry.id);
          }}
        />
      ) : null}
    </li>
  );
}

/** The form that changes an entry's amount, meal or day; only what changed is sent. */
function EntryEditForm({
  entry,
  system,
  saving,
  removing,
  onSave,
  onRemove,
}: {
  entry: DiaryEntry;
  system: MetricSystem;
  saving: boolean;
  removing: boolean;
  onSave: (update: EntryUpdate) => void;
  onRemove: () => void;
}) {
  const isQuick = entry.kind === 'quick';
  const {
    register,
    handleSubmit,
    formState: { errors, dirtyFields },
  } = useForm({
    resolver: zodResolver(entryEditSchema(entry, system)),
    defaultValues: { amount: amountText(entry, system), meal: entry.meal, date: entry.date },
  });
  return (
    <form
      aria-label={`Editar ${entry.name}`}
      noValidate
      className="mt-2 flex flex-wrap items-end gap-3"
      onSubmit={(event) =>
        void handleSubmit((values) => {
          // Only what changed is sent: an amount shown in fl oz and sent back untouched
          // would come back a few hundredths of a millilitre off.
          const amountChanged = dirtyFields.amount === true;
          const update = {
            ...(amountChanged && isQuick ? { kcal: values.amount } : {}),
            ...(amountChanged && !isQuick ? { quantity: values.amount } : {}),
            ...(values.meal !== entry.meal ? { meal: values.meal } : {}),
            ...(values.date !== entry.date ? { date: values.date } : {}),
          };
          onSave(update);
        })(event)
      }
    >
      <div className="w-32">
        <TextField
          label={amountLabel(entry, system)}
          inputMode="decimal"
          error={errors.amount?.message}
          {...register('amount')}
        />
      </div>
      <SelectField label="Comida" error={errors.meal?.message} {...register('meal')}>
        {MEALS.map((option) => (
          <option key={option} value={option}>
            {MEAL_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Día"
        type="date"
        required
        error={errors.date?.message}
        {...register('date')}
      />
      <button type="submit" disabled={saving} className={primaryButton}>
        Guardar
      </button>
      <button type="button" disabled={removing} onClick={onRemove} className={secondaryButton}>
        Eliminar
      </button>
    </form>
  );
}

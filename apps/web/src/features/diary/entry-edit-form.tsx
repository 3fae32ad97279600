import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { mlToFlOz, volumeFromInput, volumeUnit } from '@forja/shared/fluid-units';
import {
  MEAL_LABELS,
  foodEntryInputSchema,
  mealSchema,
  MEALS,
  quickEntryInputSchema,
  type DiaryEntry,
  type EntryUpdate,
} from '@forja/shared/schemas/diary';
import { GRAMS, MILLILITRES } from '@forja/shared/schemas/foods';
import { localDateSchema } from '@forja/shared/schemas/quantities';
import type { MetricSystem } from '@forja/shared/units';
import { SelectField, TextField } from '../../components/ui/form-field';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { numberBox } from '../../lib/number-input';
import { formatCalendarDay } from '../../lib/calendar-day';
import { inputText } from '../../lib/numbers';
import { changeEntry, removeEntry, restoreEntry } from './diary-api';
import { showChangedEntry, showRemovedEntry } from './optimistic-api';
import { useDiaryChange } from './use-diary-change';

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

/**
 * The form that changes an entry's amount, meal or day, and removes it; only what changed is
 * sent. What saves it is made with it: the day's rows make nothing until one is edited.
 */
export function EntryEditForm({
  entry,
  date,
  system,
  onClose,
}: {
  entry: DiaryEntry;
  /** The day shown, whose entry this is. */
  date: string;
  system: MetricSystem;
  onClose: () => void;
}) {
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
          if (Object.keys(update).length === 0) {
            onClose();
            return;
          }
          change.mutate(update, { onSuccess: onClose });
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
      <button type="submit" disabled={change.isPending} className={primaryButton}>
        Guardar
      </button>
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() => {
          remove.mutate(entry.id);
        }}
        className={secondaryButton}
      >
        Eliminar
      </button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { mlToFlOz } from '@forja/shared/fluid-units';
import {
  MAX_ENTRY_GRAMS,
  MEAL_LABELS,
  foodEntryInputSchema,
  mealSchema,
  MEALS,
  quickEntryInputSchema,
  type DiaryEntry,
  type EntryUpdate,
} from '@forja/shared/schemas/diary';
import { GRAMS, MILLILITRES, type Food, type Nutrients } from '@forja/shared/schemas/foods';
import { localDateSchema } from '@forja/shared/schemas/quantities';
import type { MetricSystem } from '@forja/shared/units';
import { SelectField, TextField } from '#components/ui/form-field';
import { Button } from '#components/ui/button';
import { numberBox, parseNumberInput } from '#lib/number-input';
import { formatCalendarDay } from '#lib/calendar-day';
import { formatNumber, inputText } from '#lib/numbers';
import { changeEntry, entryFoodQuery, removeEntry, restoreEntry } from './diary-api';
import {
  boxText,
  entryUnits,
  nutrientsPerGram,
  quantityOfBox,
  unitLabel,
  type EntryUnit,
} from './entry-amount';
import { knownFood, showChangedEntry, showRemovedEntry } from './optimistic-api';
import { useDiaryChange } from './use-diary-change';

interface EditValues {
  amount: string;
  unit: string;
  meal: string;
  date: string;
}

/** Said when an amount weighs more than one entry may hold. */
const TOO_MUCH = `La cantidad no puede superar ${String(MAX_ENTRY_GRAMS / 1000)} kg`;

/** The amount of an entry as its edit box shows it: fl oz for what pours, with imperial units. */
function amountText(entry: DiaryEntry, system: MetricSystem): string {
  if (entry.kind === 'quick') return inputText(entry.kcal);
  if (entry.unit === MILLILITRES && system === 'imperial') {
    return inputText(mlToFlOz(entry.quantity), 1);
  }
  return inputText(entry.quantity);
}

/**
 * The edit form of an entry, checked with the shared entry schemas: kcal for a quick add;
 * for a food, the amount in the unit chosen (read in millilitres once converted from fl oz),
 * held to what one entry may weigh.
 */
function entryEditSchema(entry: DiaryEntry, system: MetricSystem, units: readonly EntryUnit[]) {
  const where = { meal: mealSchema, date: localDateSchema };
  if (entry.kind === 'quick') {
    return z.object({
      amount: numberBox(quickEntryInputSchema.shape.kcal),
      unit: z.string(),
      ...where,
    });
  }
  return z.preprocess(
    (values: EditValues) => {
      const typed = parseNumberInput(values.amount);
      return {
        ...values,
        amount: typeof typed === 'number' ? quantityOfBox(typed, values.unit, system) : typed,
      };
    },
    z
      .object({ amount: foodEntryInputSchema.shape.quantity, unit: z.string(), ...where })
      .refine(
        ({ amount, unit }) =>
          amount * (units.find((candidate) => candidate.unit === unit)?.grams ?? 0) <=
          MAX_ENTRY_GRAMS,
        { error: TOO_MUCH, path: ['amount'] },
      ),
  );
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
    ...(update.unit !== undefined ? { unit: entry.unit } : {}),
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
 * The food an entry was made from: as the app already read it (a search, the recents), or
 * read once when the form opens. Undefined until then, and without signal.
 */
function useEntryFood(entry: DiaryEntry): Food | undefined {
  const queryClient = useQueryClient();
  const foodId = entry.food_id;
  const [known] = useState(() => (foodId ? knownFood(queryClient, foodId) : undefined));
  const read = useQuery({
    ...entryFoodQuery(foodId ?? ''),
    enabled: foodId !== null && known === undefined,
  });
  return known ?? read.data;
}

/** "290 kcal · 22,6 g de proteínas · 50,3 g de hidratos · 1 g de grasas" */
function nutrientsText(values: Nutrients): string {
  return [
    `${formatNumber(values.kcal)} kcal`,
    `${formatNumber(values.protein_g, 1)} g de proteínas`,
    `${formatNumber(values.carbohydrate_g, 1)} g de hidratos`,
    `${formatNumber(values.fat_g, 1)} g de grasas`,
  ].join(' · ');
}

/**
 * The form that changes an entry's amount (in grams, millilitres or any of the food's
 * portions, with the energy as it is typed), meal or day, and removes it; only what changed
 * is sent. What saves it is made with it: the day's rows make nothing until one is edited.
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
  const food = useEntryFood(entry);
  const units = entryUnits(entry, food);
  const gramsPerUnit = (unit: string) =>
    units.find((candidate) => candidate.unit === unit)?.grams ?? 0;
  const change = useDiaryChange(
    (update: EntryUpdate) => changeEntry(entry.id, update, date),
    (update) => [date, update.date ?? date],
    {
      undo: (_changed, update) => changeUndo(entry, update),
      show: (queryClient, update) => {
        const unit = update.unit ?? entry.unit;
        const grams =
          update.quantity == null ? undefined : Number(update.quantity) * gramsPerUnit(unit);
        showChangedEntry(queryClient, entry, update, grams);
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
  const schema = entryEditSchema(entry, system, units);
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    formState: { errors, dirtyFields },
  } = useForm<EditValues, unknown, z.output<typeof schema>>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: {
      amount: amountText(entry, system),
      unit: entry.unit,
      meal: entry.meal,
      date: entry.date,
    },
  });
  /** The unit the amount box was last in, to convert from when another is chosen. */
  const [shownUnit, setShownUnit] = useState(entry.unit);
  /**
   * The weight carried over by the last change of unit, and the box's text it gave: while
   * the box still reads so, the amount is that weight exactly (1,58 platos are the 396 g of
   * 2 tazas, not 395 g).
   */
  const [carried, setCarried] = useState<{ text: string; grams: number } | null>(null);
  const exact = <Values extends { amount: number; unit: string }>(values: Values): Values => {
    if (!carried || carried.text !== getValues('amount') || values.unit !== shownUnit) {
      return values;
    }
    const grams = gramsPerUnit(values.unit);
    return grams > 0
      ? { ...values, amount: Math.round((carried.grams / grams) * 1000) / 1000 }
      : values;
  };
  const watched = schema.safeParse(useWatch({ control }));
  const typed = watched.success ? { success: true as const, data: exact(watched.data) } : watched;
  const perGram = nutrientsPerGram(entry, food);
  const gramsTyped =
    !isQuick && typed.success ? typed.data.amount * gramsPerUnit(typed.data.unit) : null;

  return (
    <form
      aria-label={`Editar ${entry.name}`}
      noValidate
      className="mt-2 flex flex-col gap-3"
      onSubmit={(event) =>
        void handleSubmit((checked) => {
          const values = isQuick ? checked : exact(checked);
          // Only what changed is sent: an amount shown in fl oz and sent back untouched
          // would come back a few hundredths of a millilitre off.
          const unitChanged = !isQuick && values.unit !== entry.unit;
          const amountChanged = dirtyFields.amount === true || unitChanged;
          const update = {
            ...(amountChanged && isQuick ? { kcal: values.amount } : {}),
            ...(amountChanged && !isQuick ? { quantity: values.amount } : {}),
            ...(unitChanged ? { unit: values.unit } : {}),
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
      {isQuick ? (
        <div className="w-40">
          <TextField
            label="Calorías (kcal)"
            inputMode="decimal"
            error={errors.amount?.message}
            {...register('amount')}
          />
        </div>
      ) : (
        <div className="flex flex-wrap items-start gap-3">
          <div className="w-28">
            <TextField
              label="Cantidad"
              inputMode="decimal"
              autoComplete="off"
              error={errors.amount?.message}
              {...register('amount')}
            />
          </div>
          <div className="min-w-40 flex-1 sm:max-w-xs">
            <SelectField
              label="Unidad"
              {...register('unit', {
                deps: ['amount'],
                onChange: (event: { target: { value: string } }) => {
                  // The same weight in the new unit: 1 taza (198 g) becomes 198 g.
                  const from = shownUnit;
                  const to = event.target.value;
                  setShownUnit(to);
                  const box = getValues('amount');
                  const typedBox = parseNumberInput(box);
                  if (typeof typedBox !== 'number' || typedBox <= 0) return;
                  const grams =
                    carried?.text === box
                      ? carried.grams
                      : quantityOfBox(typedBox, from, system) * gramsPerUnit(from);
                  const toGrams = gramsPerUnit(to);
                  if (toGrams <= 0) return;
                  const text = boxText(grams / toGrams, to, system);
                  setCarried({ text, grams });
                  setValue('amount', text, {
                    shouldDirty: true,
                    shouldValidate: true,
                  });
                },
              })}
            >
              {units.map((option) => (
                <option key={option.unit} value={option.unit}>
                  {unitLabel(option, system)}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
      )}
      {isQuick ? null : (
        <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
          {gramsTyped === null ? (
            ''
          ) : (
            <>
              <span className="font-medium text-neutral-900 dark:text-neutral-100">
                {nutrientsText(
                  Object.fromEntries(
                    Object.entries(perGram).map(([key, value]) => [key, value * gramsTyped]),
                  ) as Nutrients,
                )}
              </span>
              {typed.success && typed.data.unit !== GRAMS && typed.data.unit !== MILLILITRES
                ? ` (${formatNumber(gramsTyped)} g)`
                : ''}
            </>
          )}
        </p>
      )}
      <div className="flex flex-wrap items-start gap-3">
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
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={change.isPending}>
          Guardar
        </Button>
        <Button
          disabled={remove.isPending}
          onClick={() => {
            remove.mutate(entry.id);
          }}
        >
          Eliminar
        </Button>
      </div>
    </form>
  );
}

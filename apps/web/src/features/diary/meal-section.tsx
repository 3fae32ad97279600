import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
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
  type DiaryMeal,
  type Meal,
} from '@forja/shared/schemas/diary';
import { GRAMS, MILLILITRES } from '@forja/shared/schemas/foods';
import { localDateSchema } from '@forja/shared/schemas/quantities';
import type { MetricSystem } from '@forja/shared/units';
import { Card } from '../../components/ui/card';
import { RowActions } from '../../components/ui/row-actions';
import { SelectField, TextField } from '../../components/ui/form-field';
import { focusRing, primaryButton, secondaryButton } from '../../components/ui/styles';
import { numberBox, withNumberBoxes } from '../../lib/number-input';
import { formatNumber, inputText } from '../../lib/numbers';
import { MealComments } from './day-comments';
import { addEntry, changeEntry, removeEntry } from './diary-api';
import { formatAmount } from './format';
import { useCopyForm } from './use-copy-form';
import { useDiaryChange } from './use-diary-change';

/** What a food search hands back to the diary: an amount of a food. */
interface PickedFood {
  foodId: string;
  quantity: number;
  unit: string;
}

/** The food search, supplied by the route (features do not import each other). */
export type FoodPickerSlot = (props: {
  onPick: (pick: PickedFood) => void;
  pending: boolean;
  /** The meal being logged: the picker lists first what the person eats at it. */
  meal: Meal;
}) => ReactNode;

interface MealSectionProps {
  date: string;
  meal: DiaryMeal;
  system: MetricSystem;
  foodPicker: FoodPickerSlot;
}

const tabs = [
  ['search', 'Buscar'],
  ['quick', 'Añadido rápido'],
  ['copy', 'Copiar de otro día'],
] as const;
type Tab = (typeof tabs)[number][0];

export function MealSection({ date, meal, system, foodPicker }: MealSectionProps) {
  const label = MEAL_LABELS[meal.meal];
  const [adding, setAdding] = useState(false);
  const [tab, setTab] = useState<Tab>('search');
  const add = useDiaryChange(addEntry, () => [date]);

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
      <MealComments date={date} meal={meal.meal} />
      {adding ? (
        <div className="flex flex-col gap-3 rounded-lg bg-neutral-50 p-3 dark:bg-neutral-900">
          <div role="group" aria-label={`Cómo añadir a ${label}`} className="flex flex-wrap gap-1">
            {tabs.map(([key, text]) => (
              <button
                key={key}
                type="button"
                aria-pressed={tab === key}
                onClick={() => {
                  setTab(key);
                }}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${tab === key ? 'bg-orange-700 text-white dark:bg-orange-500 dark:text-neutral-950' : 'hover:bg-neutral-200 dark:hover:bg-neutral-800'} ${focusRing}`}
              >
                {text}
              </button>
            ))}
          </div>
          {tab === 'search'
            ? foodPicker({
                pending: add.isPending,
                meal: meal.meal,
                onPick: (pick) => {
                  add.mutate(
                    {
                      kind: 'food',
                      date,
                      meal: meal.meal,
                      food_id: pick.foodId,
                      quantity: pick.quantity,
                      unit: pick.unit,
                    },
                    {
                      onSuccess: () => {
                        setAdding(false);
                      },
                    },
                  );
                },
              })
            : null}
          {tab === 'quick' ? (
            <QuickAddForm
              pending={add.isPending}
              onAdd={(values) => {
                add.mutate(
                  { kind: 'quick', date, meal: meal.meal, ...values },
                  {
                    onSuccess: () => {
                      setAdding(false);
                    },
                  },
                );
              }}
            />
          ) : null}
          {tab === 'copy' ? (
            <CopyMealForm
              date={date}
              meal={meal.meal}
              onDone={() => {
                setAdding(false);
              }}
            />
          ) : null}
          <button
            type="button"
            onClick={() => {
              setAdding(false);
            }}
            className={`${secondaryButton} self-start`}
          >
            Cerrar
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => {
            setAdding(true);
          }}
          className={`${secondaryButton} self-start`}
        >
          Añadir a {label}
        </button>
      )}
    </Card>
  );
}

const quickFields = [
  ['kcal', 'Calorías (kcal)'],
  ['protein_g', 'Proteínas (g)'],
  ['carbohydrate_g', 'Carbohidratos (g)'],
  ['fat_g', 'Grasas (g)'],
] as const;
type QuickAddValues = Record<(typeof quickFields)[number][0] | 'name', string>;

const quickAddSchema = withNumberBoxes<QuickAddValues>(quickFields.map(([field]) => field))(
  quickEntryInputSchema.pick({
    name: true,
    kcal: true,
    protein_g: true,
    carbohydrate_g: true,
    fat_g: true,
  }),
);
type QuickAdd = z.output<typeof quickAddSchema>;

function QuickAddForm({ pending, onAdd }: { pending: boolean; onAdd: (values: QuickAdd) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(quickAddSchema),
    defaultValues: { name: '', kcal: '', protein_g: '', carbohydrate_g: '', fat_g: '' },
  });
  return (
    <form
      aria-label="Añadido rápido"
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => void handleSubmit(onAdd)(event)}
    >
      <TextField label="Nombre (opcional)" error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {quickFields.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            inputMode="decimal"
            error={errors[field]?.message}
            {...register(field)}
          />
        ))}
      </div>
      <button type="submit" disabled={pending} className={`${primaryButton} self-start`}>
        Añadir calorías
      </button>
    </form>
  );
}

function CopyMealForm({ date, meal, onDone }: { date: string; meal: Meal; onDone: () => void }) {
  const { copy, register, handleSubmit, errors } = useCopyForm(date, meal);
  return (
    <form
      aria-label="Copiar de otro día"
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) =>
        void handleSubmit((request) => {
          copy.mutate(request, { onSuccess: onDone });
        })(event)
      }
    >
      <TextField
        label="Día"
        type="date"
        required
        error={errors.from_date?.message}
        {...register('from_date')}
      />
      <SelectField label="Comida" error={errors.from_meal?.message} {...register('from_meal')}>
        {MEALS.map((option) => (
          <option key={option} value={option}>
            {MEAL_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <button type="submit" disabled={copy.isPending} className={primaryButton}>
        Copiar
      </button>
    </form>
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
  const isQuick = entry.kind === 'quick';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, dirtyFields },
  } = useForm({
    resolver: zodResolver(entryEditSchema(entry, system)),
    defaultValues: { amount: amountText(entry, system), meal: entry.meal, date: entry.date },
  });
  const change = useDiaryChange(
    (update: Parameters<typeof changeEntry>[1]) => changeEntry(entry.id, update),
    (update) => [date, update.date ?? date],
  );
  const remove = useDiaryChange(removeEntry, () => [date]);

  return (
    <li className="py-2">
      <div className="flex items-center gap-3">
        <div className="flex-1">
          <p className="font-medium">{entry.name}</p>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {formatAmount(entry, system)}
          </p>
        </div>
        <p className="font-semibold whitespace-nowrap">{formatNumber(entry.kcal)} kcal</p>
        <RowActions
          actions={[
            {
              text: 'Editar',
              label: `Editar ${entry.name}`,
              expanded: editing,
              onClick: () => {
                // Opening starts from the entry as it is now.
                if (!editing) {
                  reset({ amount: amountText(entry, system), meal: entry.meal, date: entry.date });
                }
                setEditing(!editing);
              },
            },
          ]}
        />
      </div>
      {editing ? (
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
                setEditing(false);
                return;
              }
              change.mutate(update, {
                onSuccess: () => {
                  setEditing(false);
                },
              });
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
      ) : null}
    </li>
  );
}

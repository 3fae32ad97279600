import { useId, useState, type ReactNode } from 'react';
import { addDays } from '@forja/shared/calendar';
import { mlToFlOz, volumeFromInput, volumeUnit } from '@forja/shared/fluid-units';
import {
  MEAL_LABELS,
  MEALS,
  type DiaryEntry,
  type DiaryMeal,
  type Meal,
} from '@forja/shared/schemas/diary';
import { GRAMS, MILLILITRES } from '@forja/shared/schemas/foods';
import type { MetricSystem } from '@forja/shared/units';
import { SelectField, TextField } from '../../components/ui/form-field';
import {
  fieldControl,
  focusRing,
  primaryButton,
  secondaryButton,
} from '../../components/ui/styles';
import { formatNumber, inputText, parseDecimal } from '../../lib/numbers';
import { addEntry, changeEntry, copyEntries, removeEntry } from './diary-api';
import { formatAmount } from './format';
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
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const [tab, setTab] = useState<Tab>('search');
  const add = useDiaryChange(addEntry, () => [date]);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {label}
        </h2>
        <p className="font-semibold" aria-label={`Total de ${label}`}>
          {formatNumber(meal.totals.kcal)} kcal
        </p>
      </div>
      {meal.entries.length > 0 ? (
        <ul className="mt-2 flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
          {meal.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} date={date} system={system} />
          ))}
        </ul>
      ) : null}
      {adding ? (
        <div className="mt-3 flex flex-col gap-3 rounded-lg bg-neutral-50 p-3 dark:bg-neutral-900">
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
          className={`${secondaryButton} mt-3`}
        >
          Añadir a {label}
        </button>
      )}
    </section>
  );
}

const quickFields = [
  ['kcal', 'Calorías (kcal)'],
  ['protein_g', 'Proteínas (g)'],
  ['carbohydrate_g', 'Carbohidratos (g)'],
  ['fat_g', 'Grasas (g)'],
] as const;
type QuickValues = Record<(typeof quickFields)[number][0], number> & { name: string };

function QuickAddForm({
  pending,
  onAdd,
}: {
  pending: boolean;
  onAdd: (values: QuickValues) => void;
}) {
  const baseId = useId();
  const [texts, setTexts] = useState<Record<string, string>>({
    name: '',
    kcal: '',
    protein_g: '',
    carbohydrate_g: '',
    fat_g: '',
  });
  const numbers = Object.fromEntries(
    quickFields.map(([field]) => [
      field,
      (texts[field] ?? '').trim() === '' ? 0 : parseDecimal(texts[field] ?? ''),
    ]),
  ) as Record<string, number | null>;
  const invalid =
    Object.values(numbers).some((value) => value === null || value < 0) || (numbers.kcal ?? 0) <= 0;
  return (
    <form
      aria-label="Añadido rápido"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) return;
        onAdd({
          name: texts.name ?? '',
          kcal: numbers.kcal ?? 0,
          protein_g: numbers.protein_g ?? 0,
          carbohydrate_g: numbers.carbohydrate_g ?? 0,
          fat_g: numbers.fat_g ?? 0,
        });
      }}
    >
      <TextField
        label="Nombre (opcional)"
        value={texts.name}
        onChange={(event) => {
          setTexts({ ...texts, name: event.target.value });
        }}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {quickFields.map(([field, label]) => (
          <div key={field} className="flex flex-col gap-1">
            <label htmlFor={`${baseId}-${field}`} className="text-sm font-medium">
              {label}
            </label>
            <input
              id={`${baseId}-${field}`}
              inputMode="decimal"
              value={texts[field]}
              aria-invalid={numbers[field] === null || undefined}
              onChange={(event) => {
                setTexts({ ...texts, [field]: event.target.value });
              }}
              className={fieldControl}
            />
          </div>
        ))}
      </div>
      <button type="submit" disabled={invalid || pending} className={`${primaryButton} self-start`}>
        Añadir calorías
      </button>
    </form>
  );
}

function CopyMealForm({ date, meal, onDone }: { date: string; meal: Meal; onDone: () => void }) {
  const [from, setFrom] = useState(addDays(date, -1));
  const [fromMeal, setFromMeal] = useState<Meal>(meal);
  const copy = useDiaryChange(copyEntries, () => [date]);
  return (
    <form
      aria-label="Copiar de otro día"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        copy.mutate(
          { from_date: from, to_date: date, from_meal: fromMeal, to_meal: meal },
          { onSuccess: onDone },
        );
      }}
    >
      <TextField
        label="Día"
        type="date"
        required
        value={from}
        onChange={(event) => {
          setFrom(event.target.value);
        }}
      />
      <SelectField
        label="Comida"
        value={fromMeal}
        onChange={(event) => {
          setFromMeal(event.target.value as Meal);
        }}
      >
        {MEALS.map((option) => (
          <option key={option} value={option}>
            {MEAL_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <button type="submit" disabled={copy.isPending || from === ''} className={primaryButton}>
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
  const initialAmount = amountText(entry, system);
  const [amount, setAmount] = useState(initialAmount);
  const [meal, setMeal] = useState<Meal>(entry.meal);
  const [day, setDay] = useState(entry.date);
  const change = useDiaryChange(
    (update: Parameters<typeof changeEntry>[1]) => changeEntry(entry.id, update),
    (update) => [date, update.date ?? date],
  );
  const remove = useDiaryChange(removeEntry, () => [date]);
  const parsed = parseDecimal(amount);

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
        <button
          type="button"
          aria-expanded={editing}
          onClick={() => {
            // Opening starts from the entry as it is now.
            if (!editing) {
              setAmount(initialAmount);
              setMeal(entry.meal);
              setDay(entry.date);
            }
            setEditing(!editing);
          }}
          className={`rounded-md px-2 py-1 text-sm font-medium underline ${focusRing}`}
          aria-label={`Editar ${entry.name}`}
        >
          Editar
        </button>
      </div>
      {editing ? (
        <form
          aria-label={`Editar ${entry.name}`}
          className="mt-2 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (parsed === null || parsed <= 0) return;
            // Only what changed is sent: an amount shown in fl oz and sent back untouched
            // would come back a few hundredths of a millilitre off.
            const amountChanged = amount !== initialAmount;
            const update = {
              ...(amountChanged && isQuick ? { kcal: parsed } : {}),
              ...(amountChanged && !isQuick
                ? {
                    quantity: entry.unit === MILLILITRES ? volumeFromInput(parsed, system) : parsed,
                  }
                : {}),
              ...(meal !== entry.meal ? { meal } : {}),
              ...(day !== entry.date ? { date: day } : {}),
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
          }}
        >
          <div className="w-32">
            <TextField
              label={amountLabel(entry, system)}
              inputMode="decimal"
              value={amount}
              aria-invalid={parsed === null || parsed <= 0 || undefined}
              onChange={(event) => {
                setAmount(event.target.value);
              }}
            />
          </div>
          <SelectField
            label="Comida"
            value={meal}
            onChange={(event) => {
              setMeal(event.target.value as Meal);
            }}
          >
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
            value={day}
            onChange={(event) => {
              setDay(event.target.value);
            }}
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

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MEAL_LABELS,
  MEALS,
  type DiaryEntry,
  type EntryInput,
  type Meal,
} from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { SelectField } from '#components/ui/form-field';
import { Sheet } from '#components/ui/sheet';
import { SegmentedControl } from '#components/ui/segmented-control';
import { formatNumber } from '#lib/numbers';
import { QUEUED } from '#lib/offline/offline';
import { addEntry, diaryDayQuery, removeEntry } from './diary-api';
import { formatAmount } from './format';
import { entryOf, knownFood, showAddedEntry, showUsedFood } from './optimistic-api';
import { useGuardedCopy } from './guarded-copy';
import { CopyMealForm, QuickAddForm, type FoodPickerSlot } from './meal-section-forms';
import { useDiaryChange } from './use-diary-change';

type Tab = 'search' | 'quick' | 'copy';

const tabs: readonly { value: Tab; label: string }[] = [
  { value: 'search', label: 'Buscar' },
  { value: 'quick', label: 'Añadido rápido' },
  { value: 'copy', label: 'Copiar de otro día' },
];

interface AddFoodSheetProps {
  open: boolean;
  onClose: () => void;
  date: string;
  meal: Meal;
  system: MetricSystem;
  foodPicker: FoodPickerSlot;
  /** From the "+" of any screen: the meal can be changed in the sheet. */
  chooseMeal?: boolean;
}

/**
 * Adding food to a meal, in a full-height sheet that stays open for several foods: a
 * search (or a quick add, or a copy), and a running total of what was added while open.
 * Each add's notice offers "Deshacer".
 */
export function AddFoodSheet({
  open,
  onClose,
  date,
  meal: initialMeal,
  system,
  foodPicker,
  chooseMeal = false,
}: AddFoodSheetProps) {
  const [meal, setMeal] = useState(initialMeal);
  const [tab, setTab] = useState<Tab>('search');
  const [added, setAdded] = useState<string[]>([]);
  const label = MEAL_LABELS[meal];
  const queryClient = useQueryClient();
  const add = useDiaryChange(
    (input: EntryInput) =>
      addEntry(
        input,
        input.kind === 'food' ? knownFood(queryClient, input.food_id)?.name : undefined,
      ),
    (input) => [input.date],
    {
      undo: (entry) => ({
        message: `${entry.name} añadido a ${MEAL_LABELS[entry.meal]}`,
        revert: () => removeEntry(entry.id, entry.date),
      }),
      show: (client, input) => {
        const entry = input.id ? entryOf(client, { ...input, id: input.id }) : null;
        if (entry) showAddedEntry(client, entry);
        if (input.kind !== 'food') return;
        const food = knownFood(client, input.food_id);
        if (food)
          showUsedFood(client, food, { quantity: Number(input.quantity), unit: input.unit });
      },
    },
  );
  const day = useQuery({ ...diaryDayQuery(date), enabled: open });
  const copy = useGuardedCopy(date);
  const mealNow = day.data?.meals.find((candidate) => candidate.meal === meal);

  const log = (input: EntryInput) => {
    // Chosen here, so the entry shows (and can be taken back) before the API has it.
    const id = input.id ?? crypto.randomUUID();
    return add.mutateAsync({ ...input, id }).then((entry) => {
      setAdded((ids) => [...ids, entry === QUEUED ? id : entry.id]);
    });
  };

  return (
    <Sheet
      title={`Añadir a ${label}`}
      open={open}
      full
      closeLabel="Listo"
      onClose={() => {
        setAdded([]);
        setTab('search');
        onClose();
      }}
    >
      <div className="flex flex-col gap-4">
        {chooseMeal ? (
          <SelectField
            label="Anotar en"
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
        ) : null}
        <RunningTotal
          entries={inSheet(
            added,
            day.data?.meals.flatMap((m) => m.entries),
          )}
          system={system}
        />
        <SegmentedControl
          label={`Cómo añadir a ${label}`}
          shape="pill"
          segments={tabs}
          value={tab}
          onChange={setTab}
        />
        {tab === 'search'
          ? foodPicker({
              pending: add.isPending,
              meal,
              onPick: (pick) =>
                log({
                  kind: 'food',
                  date,
                  meal,
                  food_id: pick.foodId,
                  quantity: pick.quantity,
                  unit: pick.unit,
                  ...(pick.id === undefined ? {} : { id: pick.id }),
                }),
            })
          : null}
        {tab === 'quick' ? (
          <QuickAddForm
            pending={add.isPending}
            onAdd={(values) => log({ kind: 'quick', date, meal, ...values })}
          />
        ) : null}
        {tab === 'copy' ? (
          <CopyMealForm
            key={meal}
            date={date}
            meal={meal}
            pending={copy.pending}
            onCopy={(request) => {
              copy.run(request, mealNow?.entries.length ?? 0);
            }}
          />
        ) : null}
      </div>
      {copy.confirmation}
    </Sheet>
  );
}

/** The entries added while the sheet was open that are still in the day (an undo takes one away). */
function inSheet(ids: string[], entries: DiaryEntry[] | undefined): DiaryEntry[] {
  if (!entries) return [];
  const kept = new Set(ids);
  return entries.filter((entry) => kept.has(entry.id));
}

function RunningTotal({ entries, system }: { entries: DiaryEntry[]; system: MetricSystem }) {
  const kcal = entries.reduce((sum, entry) => sum + entry.kcal, 0);
  const protein = entries.reduce((sum, entry) => sum + entry.protein_g, 0);
  return (
    <section
      aria-label="Añadido ahora"
      className="rounded-lg bg-orange-50 p-3 dark:bg-orange-950"
      data-testid="running-total"
    >
      <p className="font-semibold" aria-live="polite">
        {entries.length === 0
          ? 'Aún no has añadido nada'
          : `${entries.length === 1 ? '1 alimento' : `${String(entries.length)} alimentos`} · ${formatNumber(kcal)} kcal · ${formatNumber(protein)} g de proteínas`}
      </p>
      {entries.length > 0 ? (
        <ul className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.name}: {formatAmount(entry, system)}, {formatNumber(entry.kcal)} kcal
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

import { useState } from 'react';
import type { Food } from '@forja/shared/schemas/foods';
import type { MetricSystem } from '@forja/shared/units';
import { SelectField, TextField } from '#components/ui/form-field';
import { Button } from '#components/ui/button';
import { formatNumber } from '#lib/numbers';
import {
  amountFormSchema,
  gramsOf,
  offeredAmount,
  unitLabel,
  unitsOf,
  type AmountValues,
} from './amounts';
import type { FoodChoice } from './food-picker';

/**
 * The foods of a line naming several («2 huevos, una tostada y un café», decision 104): the
 * first food the search found for each, in the line's order; null for a line of one food.
 */
export function foodsOfLine(found: readonly Food[] | undefined): Food[] | null {
  const firsts: Food[] = [];
  for (const food of found ?? []) {
    if (food.phrase && !firsts.some((first) => first.phrase?.item === food.phrase?.item)) {
      firsts.push(food);
    }
  }
  return firsts.length > 1 ? firsts : null;
}

/** One entry of the list: the food, its amount as typed, and its identifier, chosen once. */
interface Row extends AmountValues {
  food: Food;
  id: string;
}

interface PhraseListProps {
  found: Food[];
  system: MetricSystem;
  pending: boolean;
  /** Logs one entry; fails when it was not logged (or the person chose not to). */
  onPick: (choice: FoodChoice) => Promise<void>;
  /** Every entry is logged. */
  onDone: () => void;
}

/**
 * The entries a line names, to check together: each amount can be changed and each entry
 * taken out, and «Añadir todo» logs them one after another. Each keeps the identifier it was
 * given here, so a retry after a failure makes none twice; a logged one leaves the list.
 */
export function PhraseList({ found, system, pending, onPick, onDone }: PhraseListProps) {
  const [rows, setRows] = useState<Row[]>(() =>
    found.map((food) => ({ food, id: crypto.randomUUID(), ...offeredAmount(food, system) })),
  );
  const [adding, setAdding] = useState(false);
  const checked = rows.map(({ food, quantity, unit }) =>
    amountFormSchema(food, system).safeParse({ quantity, unit }),
  );
  const change = (id: string, values: Partial<AmountValues>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...values } : row)));
  };
  const addAll = async () => {
    setAdding(true);
    try {
      for (const [at, row] of rows.entries()) {
        const amount = checked[at];
        if (!amount?.success) return;
        await onPick({ food: row.food, id: row.id, ...amount.data });
        setRows((current) => current.filter((one) => one.id !== row.id));
      }
      onDone();
    } catch {
      // Said in a notice; what was not logged stays, to try again.
    } finally {
      setAdding(false);
    }
  };
  if (rows.length === 0) return null;

  return (
    <section
      aria-label="Alimentos de tu frase"
      className="flex flex-col gap-3 rounded-lg border border-orange-300 bg-orange-50 p-3 dark:border-orange-800 dark:bg-orange-950"
    >
      <p className="font-semibold">
        {rows.length === 1 ? 'Revisa el alimento' : `Revisa los ${String(rows.length)} alimentos`}
      </p>
      <ul className="flex flex-col divide-y divide-orange-200 dark:divide-orange-900">
        {rows.map((row, at) => {
          const amount = checked[at];
          const kcal = amount?.success
            ? (row.food.kcal * gramsOf(row.food, amount.data.quantity, amount.data.unit)) / 100
            : null;
          const error = amount?.success
            ? undefined
            : amount?.error.issues.find((issue) => issue.path[0] === 'quantity')?.message;
          return (
            <li
              key={row.id}
              role="group"
              aria-label={row.food.name}
              className="flex flex-col gap-2 py-2"
            >
              <p className="font-medium">
                {row.food.name}
                {row.food.phrase ? (
                  <span className="block text-sm font-normal text-neutral-700 dark:text-neutral-300">
                    Por «{row.food.phrase.text}»
                  </span>
                ) : null}
              </p>
              <div className="flex flex-wrap items-end gap-3">
                <div className="w-24">
                  <TextField
                    label="Cantidad"
                    inputMode="decimal"
                    value={row.quantity}
                    error={error}
                    onChange={(event) => {
                      change(row.id, { quantity: event.target.value });
                    }}
                  />
                </div>
                <div className="min-w-40 flex-1">
                  <SelectField
                    label="Unidad"
                    value={row.unit}
                    onChange={(event) => {
                      change(row.id, { unit: event.target.value });
                    }}
                  >
                    {unitsOf(row.food).map((option) => (
                      <option key={option} value={option}>
                        {unitLabel(option, row.food, system)}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <Button
                  aria-label={`Quitar ${row.food.name}`}
                  disabled={adding}
                  onClick={() => {
                    setRows((current) => current.filter((one) => one.id !== row.id));
                  }}
                >
                  Quitar
                </Button>
              </div>
              <p className="text-sm text-neutral-700 dark:text-neutral-300">
                {kcal === null ? '' : `${formatNumber(kcal)} kcal`}
              </p>
            </li>
          );
        })}
      </ul>
      <Button
        variant="primary"
        disabled={pending || adding || checked.some((amount) => !amount.success)}
        onClick={() => void addAll()}
      >
        {adding ? 'Añadiendo...' : 'Añadir todo'}
      </Button>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { MAX_WATER_ML, WATER_STEP_ML } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';
import { diaryDayQuery, saveWater } from './diary-api';
import { formatWater } from './format';
import { usePendingTargets } from '#lib/offline/offline';
import { showWater } from './optimistic-api';
import { PendingMark } from '#components/ui/pending-mark';
import { useDiaryChange } from './use-diary-change';

// The form of another amount loads when asked for: home's first load goes without it.
const OtherAmountForm = lazy(() =>
  import('./water-amount-form').then((module) => ({ default: module.OtherAmountForm })),
);

/** The glasses offered in one tap: a glass and a bottle. */
const CHIPS_ML = [WATER_STEP_ML, 2 * WATER_STEP_ML] as const;

export const chip = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-sky-700 bg-sky-50 px-4 font-semibold text-sky-900 hover:bg-sky-100 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100 dark:hover:bg-sky-900 ${focusRing}`;

interface WaterChipsProps {
  date: string;
  /** What the day has, in millilitres. */
  waterMl: number;
  system: MetricSystem;
}

/**
 * Water in one tap: +250 ml, +500 ml, or another amount. Each tap adds to what the last
 * one sent, so quick taps add up before the day is read back; the notice offers "Deshacer".
 */
export function WaterChips({ date, waterMl, system }: WaterChipsProps) {
  const [other, setOther] = useState(false);
  const save = useDiaryChange(
    ({ total }: { total: number; before: number }) => saveWater(date, total),
    () => [date],
    {
      undo: (_saved, { total, before }) => ({
        message:
          total > before
            ? `Añadidos ${formatWater(total - before, system)} de agua`
            : `Quitados ${formatWater(before - total, system)} de agua`,
        revert: () => saveWater(date, before),
      }),
      show: (queryClient, { total }) => {
        showWater(queryClient, date, total);
      },
    },
  );
  const current = save.isPending ? save.variables.total : waterMl;
  const pending = usePendingTargets().has(`water:${date}`);
  const add = (ml: number) => {
    save.mutate({ total: Math.min(MAX_WATER_ML, current + ml), before: current });
  };

  return (
    <div className="flex flex-col gap-3">
      {pending ? <PendingMark /> : null}
      <div role="group" aria-label="Añadir agua" className="flex flex-wrap gap-2">
        {CHIPS_ML.map((ml) => (
          <Button
            variant="plain"
            key={ml}
            onClick={() => {
              add(ml);
            }}
            aria-label={`Añadir ${formatWater(ml, system)}`}
            className={chip}
          >
            +{formatWater(ml, system)}
          </Button>
        ))}
        <Button
          variant="plain"
          aria-expanded={other}
          onClick={() => {
            setOther(!other);
          }}
          className={chip}
        >
          Otra cantidad
        </Button>
        {current >= WATER_STEP_ML ? (
          <Button
            variant="plain"
            onClick={() => {
              save.mutate({ total: current - WATER_STEP_ML, before: current });
            }}
            aria-label={`Quitar ${formatWater(WATER_STEP_ML, system)}`}
            className="inline-flex items-center justify-center rounded-full border border-neutral-300 px-4 font-semibold hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-800"
          >
            −{formatWater(WATER_STEP_ML, system)}
          </Button>
        ) : null}
      </div>
      {other ? (
        <Suspense fallback={null}>
          <OtherAmountForm
            system={system}
            room={MAX_WATER_ML - current}
            onAdd={(ml) => {
              add(ml);
              setOther(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A day's water and its one-tap amounts, read on its own (the "+" of any screen). */
export function DayWater({ date, system }: { date: string; system: MetricSystem }) {
  const day = useQuery(diaryDayQuery(date));
  if (day.isError) return <p role="alert">No pudimos leer el agua del día. Inténtalo de nuevo.</p>;
  if (!day.data) return <p>Cargando…</p>;
  const target = day.data.targets?.water_ml;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-2xl font-extrabold" aria-live="polite" data-testid="sheet-water">
        {formatWater(day.data.water_ml, system)}
        {target ? (
          <span className="text-base font-medium"> de {formatWater(target, system)}</span>
        ) : null}
      </p>
      <WaterChips date={date} waterMl={day.data.water_ml} system={system} />
    </div>
  );
}

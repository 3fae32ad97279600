import type { DailyTargets } from '@forja/shared/schemas/diary';
import type { Nutrients } from '@forja/shared/schemas/foods';
import { formatNumber } from '../../lib/numbers';

const macros = [
  ['protein_g', 'Proteínas'],
  ['carbohydrate_g', 'Carbohidratos'],
  ['fat_g', 'Grasas'],
  ['fibre_g', 'Fibra'],
] as const;

/** The day's energy and macros, against the targets when there are any. */
export function DaySummary({
  totals,
  targets,
}: {
  totals: Nutrients;
  targets: DailyTargets | null;
}) {
  const left = targets ? targets.kcal - totals.kcal : null;
  return (
    <section
      aria-label="Resumen del día"
      className="rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="text-3xl font-extrabold" data-testid="day-kcal">
            {formatNumber(totals.kcal)}
          </span>{' '}
          {targets ? `de ${formatNumber(targets.kcal)} kcal` : 'kcal'}
        </p>
        {left !== null ? (
          <p className="font-medium">
            {left >= 0
              ? `Te quedan ${formatNumber(left)} kcal`
              : `${formatNumber(-left)} kcal por encima`}
          </p>
        ) : null}
      </div>
      {targets ? (
        <progress
          className="mt-2 h-2 w-full accent-orange-700"
          max={targets.kcal}
          value={Math.min(totals.kcal, targets.kcal)}
          aria-label="Energía del día"
        />
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {macros.map(([key, label]) => (
          <div key={key}>
            <dt className="text-sm text-neutral-700 dark:text-neutral-300">{label}</dt>
            <dd className="font-semibold">
              {formatNumber(totals[key])} g{targets ? ` / ${formatNumber(targets[key])} g` : ''}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

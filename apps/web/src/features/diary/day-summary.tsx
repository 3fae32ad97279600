import type { DailyTargets } from '@forja/shared/schemas/diary';
import type { Nutrients } from '@forja/shared/schemas/foods';
import { NUTRIENTS, NutrientBars } from '#components/ui/nutrient-bars';
import { ProgressBar } from '#components/ui/progress-bar';
import { formatNumber } from '#lib/numbers';

/** The day's energy and macros, against the targets when there are any (home's bars). */
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
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="text-3xl font-extrabold" data-testid="day-kcal">
            {formatNumber(totals.kcal)}
          </span>{' '}
          {targets ? `de ${formatNumber(targets.kcal)} kcal` : 'kcal'}
        </p>
        {left !== null ? (
          <p className={left >= 0 ? 'font-medium' : 'font-bold text-amber-800 dark:text-amber-300'}>
            {left >= 0
              ? `Te quedan ${formatNumber(left)} kcal`
              : `${formatNumber(-left)} kcal por encima`}
          </p>
        ) : null}
      </div>
      {targets ? (
        <>
          <ProgressBar
            label="Energía consumida"
            value={totals.kcal}
            max={targets.kcal}
            valueText={`${formatNumber(totals.kcal)} de ${formatNumber(targets.kcal)} kcal`}
            warnAbove
          />
          <NutrientBars values={totals} targets={targets} />
        </>
      ) : (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {NUTRIENTS.map(({ key, label }) => (
            <div key={key}>
              <dt className="text-sm text-neutral-700 dark:text-neutral-300">{label}</dt>
              <dd className="font-semibold">{formatNumber(totals[key])} g</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

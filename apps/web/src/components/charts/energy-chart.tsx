import { daysBetween } from '@forja/shared/calendar';
import { ADHERENCE_TOLERANCE, isWithinTarget } from '@forja/shared/schemas/metrics';
import { formatCalendarDay } from '#lib/calendar-day';
import { formatNumber } from '#lib/numbers';
import { Chart, dayInstant, dayScale, shortDate, valueScale } from './chart';

interface EnergyDay {
  date: string;
  kcal: number;
}

/** "+120 kcal (+6 %)" or "-80 kcal (-4 %)": how far a day was from the target. */
function difference(kcal: number, target: number): string {
  const delta = kcal - target;
  const percent = Math.round((100 * delta) / target);
  const sign = delta > 0 ? '+' : '';
  return `${sign}${formatNumber(delta)} kcal (${sign}${formatNumber(percent)} %)`;
}

/**
 * The energy of each logged day of the range (bars) against the energy target (a line in
 * a band of ±10 %): adherence made visible. Days within the band are drawn solid, others
 * hollow, so the difference does not rest on colour alone; the table below the chart
 * lists every day with its difference for those who do not see it.
 */
export function EnergyChart({
  days,
  target,
  from,
  to,
}: {
  days: EnergyDay[];
  target: number | null;
  from: string;
  to: string;
}) {
  if (days.length === 0) return null;
  const x = dayScale(from, to);
  const highest = Math.max(...days.map((day) => day.kcal), (target ?? 0) * 1.2);
  const y = valueScale(0, highest);
  const [left, right] = x.range() as [number, number];
  // Each day has a slot of the width; a bar fills most of it, within sensible bounds.
  const slot = (right - left) / (daysBetween(from, to) + 1);
  const barWidth = Math.min(16, Math.max(1.5, slot * 0.7));
  const within =
    target === null ? 0 : days.filter((day) => isWithinTarget(day.kcal, target)).length;
  const label =
    target === null
      ? `Energía de ${shortDate(from)} a ${shortDate(to)}: ${String(days.length)} días anotados, sin objetivo de energía`
      : `Energía de ${shortDate(from)} a ${shortDate(to)}: ${String(within)} de ${String(days.length)} días anotados dentro de ±10 % de ${formatNumber(target)} kcal`;

  return (
    <div className="flex flex-col gap-2">
      <Chart label={label} x={x} y={y} unit="kcal" testId="energy-chart">
        {target === null ? null : (
          <>
            <rect
              x={left}
              width={right - left}
              y={y(target * (1 + ADHERENCE_TOLERANCE))}
              height={y(target * (1 - ADHERENCE_TOLERANCE)) - y(target * (1 + ADHERENCE_TOLERANCE))}
              className="fill-orange-100 dark:fill-orange-950"
              data-testid="target-band"
            />
            <line
              x1={left}
              x2={right}
              y1={y(target)}
              y2={y(target)}
              strokeDasharray="6 4"
              strokeWidth="2"
              className="stroke-orange-800 dark:stroke-orange-300"
              data-testid="target-line"
            />
          </>
        )}
        {days.map((day) => {
          const inside = target !== null && isWithinTarget(day.kcal, target);
          return (
            <rect
              key={day.date}
              x={x(dayInstant(day.date)) - barWidth / 2}
              width={barWidth}
              y={y(day.kcal)}
              height={y(0) - y(day.kcal)}
              strokeWidth="1.5"
              className={
                inside
                  ? 'fill-orange-700 stroke-orange-700 dark:fill-orange-400 dark:stroke-orange-400'
                  : 'fill-white stroke-neutral-700 dark:fill-neutral-900 dark:stroke-neutral-300'
              }
              data-within={inside}
            />
          );
        })}
      </Chart>
      {target === null ? null : (
        <p className="flex flex-wrap gap-x-4 text-sm text-neutral-700 dark:text-neutral-300">
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block h-3 w-3 bg-orange-700 align-middle dark:bg-orange-400"
            />
            Dentro de ±10 % del objetivo
          </span>
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block h-3 w-3 border border-neutral-700 align-middle dark:border-neutral-300"
            />
            Fuera
          </span>
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block w-4 border-t-2 border-dashed border-orange-800 align-middle dark:border-orange-300"
            />
            Objetivo: {formatNumber(target)} kcal
          </span>
        </p>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium underline">
          Ver la energía de cada día
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Energía de cada día anotado</caption>
          <thead>
            <tr className="text-neutral-700 dark:text-neutral-300">
              <th scope="col">Día</th>
              <th scope="col">Energía</th>
              {target === null ? null : (
                <>
                  <th scope="col">Frente al objetivo</th>
                  <th scope="col">±10 %</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date} className="border-t border-neutral-200 dark:border-neutral-800">
                <td className="py-1">{formatCalendarDay(day.date, { dateStyle: 'medium' })}</td>
                <td>{formatNumber(day.kcal)} kcal</td>
                {target === null ? null : (
                  <>
                    <td>{difference(day.kcal, target)}</td>
                    <td>{isWithinTarget(day.kcal, target) ? 'Dentro' : 'Fuera'}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

import { area, line } from 'd3-shape';
import type { ExpenditurePoint } from '@forja/shared/schemas/expenditure';
import { formatCalendarDay } from '#lib/calendar-day';
import { formatNumber } from '#lib/numbers';
import { Chart, dayInstant, dayScale, shortDate, valueScale } from './chart';

/**
 * The estimate of expenditure a week apart (a line, with its 95 % margin as a band) against
 * the formula's TDEE (a dashed line); nothing until there are two estimates. The table
 * below gives the same numbers to those who do not see the chart.
 */
export function ExpenditureChart({
  points,
  formulaKcal,
}: {
  points: ExpenditurePoint[];
  formulaKcal: number;
}) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;
  const x = dayScale(first.date, last.date);
  const low = Math.min(formulaKcal, ...points.map((p) => p.expenditure_kcal - p.margin_kcal));
  const high = Math.max(formulaKcal, ...points.map((p) => p.expenditure_kcal + p.margin_kcal));
  const y = valueScale(low, high);
  const [left, right] = x.range() as [number, number];
  const at = (point: ExpenditurePoint) => x(dayInstant(point.date));
  const estimatePath = line<ExpenditurePoint>()
    .x(at)
    .y((point) => y(point.expenditure_kcal))
    .digits(1)(points);
  const bandPath = area<ExpenditurePoint>()
    .x(at)
    .y0((point) => y(point.expenditure_kcal - point.margin_kcal))
    .y1((point) => y(point.expenditure_kcal + point.margin_kcal))
    .digits(1)(points);
  const label = `Gasto estimado de ${shortDate(first.date)} a ${shortDate(last.date)}: de ${formatNumber(first.expenditure_kcal)} a ${formatNumber(last.expenditure_kcal)} kcal al día; la fórmula da ${formatNumber(formulaKcal)} kcal`;

  return (
    <div className="flex flex-col gap-2">
      <Chart label={label} x={x} y={y} unit="kcal" testId="expenditure-chart">
        <path d={bandPath ?? ''} className="fill-orange-100 dark:fill-orange-950" />
        <line
          x1={left}
          x2={right}
          y1={y(formulaKcal)}
          y2={y(formulaKcal)}
          strokeDasharray="6 4"
          strokeWidth="2"
          className="stroke-neutral-600 dark:stroke-neutral-300"
          data-testid="formula-line"
        />
        <path
          d={estimatePath ?? ''}
          fill="none"
          strokeWidth="3"
          className="stroke-orange-700 dark:stroke-orange-400"
          data-testid="estimate-line"
        />
        {points.map((point) => (
          <circle
            key={point.date}
            cx={at(point)}
            cy={y(point.expenditure_kcal)}
            r="4"
            className="fill-orange-700 dark:fill-orange-400"
          />
        ))}
      </Chart>
      <p className="flex flex-wrap gap-x-4 text-sm text-neutral-700 dark:text-neutral-300">
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block w-4 border-t-[3px] border-orange-700 align-middle dark:border-orange-400"
          />
          Estimación
        </span>
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-3 w-3 bg-orange-100 align-middle dark:bg-orange-950"
          />
          Margen
        </span>
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block w-4 border-t-2 border-dashed border-neutral-600 align-middle dark:border-neutral-300"
          />
          Fórmula: {formatNumber(formulaKcal)} kcal
        </span>
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-medium underline">
          Ver la estimación de cada semana
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Gasto estimado de cada semana</caption>
          <thead>
            <tr className="text-neutral-700 dark:text-neutral-300">
              <th scope="col">Semana hasta el</th>
              <th scope="col">Gasto</th>
              <th scope="col">Margen</th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((point) => (
              <tr key={point.date} className="border-t border-neutral-200 dark:border-neutral-800">
                <td className="py-1">{formatCalendarDay(point.date, { dateStyle: 'medium' })}</td>
                <td>{formatNumber(point.expenditure_kcal)} kcal</td>
                <td>± {formatNumber(point.margin_kcal)} kcal</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

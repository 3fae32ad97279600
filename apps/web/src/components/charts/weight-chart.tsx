import { line } from 'd3-shape';
import type { WeightPoint } from '@forja/shared/schemas/metrics';
import { unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { formatNumber } from '#lib/numbers';
import { Chart, dayInstant, dayScale, shortDate, valueScale } from './chart';

/**
 * Weighings (dots) and their trend (line) over the range, in the person's units; nothing
 * without weighings. The table of weighings beside it gives the same numbers to those who
 * do not see the chart.
 */
export function WeightChart({
  points,
  from,
  to,
  system,
}: {
  points: WeightPoint[];
  from: string;
  to: string;
  system: MetricSystem;
}) {
  const unit = unitLabels(system).weight;
  if (points.length === 0) return null;
  const shown = points.map((point) => ({
    date: point.date,
    weight: weightForDisplay(point.weight_kg, system),
    trend: weightForDisplay(point.trend_kg, system),
  }));
  const values = shown.flatMap((point) => [point.weight, point.trend]);
  const x = dayScale(from, to);
  const y = valueScale(Math.floor(Math.min(...values) - 0.5), Math.ceil(Math.max(...values) + 0.5));
  const trendPath = line<(typeof shown)[number]>()
    .x((point) => x(dayInstant(point.date)))
    .y((point) => y(point.trend))
    .digits(1)(shown);
  const label = `Peso de ${shortDate(from)} a ${shortDate(to)}: ${String(shown.length)} pesajes; tendencia actual ${formatNumber(shown.at(-1)?.trend ?? 0, 1)} ${unit}`;

  return (
    <Chart label={label} x={x} y={y} unit={unit} testId="weight-chart">
      <path
        d={trendPath ?? ''}
        fill="none"
        strokeWidth="3"
        className="stroke-orange-700 dark:stroke-orange-400"
        data-testid="trend-line"
      />
      {shown.map((point) => (
        <circle
          key={point.date}
          cx={x(dayInstant(point.date))}
          cy={y(point.weight)}
          r="4"
          className="fill-neutral-700 dark:fill-neutral-300"
        />
      ))}
    </Chart>
  );
}

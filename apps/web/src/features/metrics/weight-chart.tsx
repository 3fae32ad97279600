import { daysBetween } from '@forja/shared/calendar';
import type { WeightPoint } from '@forja/shared/schemas/metrics';
import { weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { formatCalendarDay } from '../../lib/calendar-day';
import { formatNumber } from '../../lib/numbers';

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 28, left: 48 };

function shortDate(date: string): string {
  return formatCalendarDay(date, { day: 'numeric', month: 'short' });
}

/**
 * Weighings (dots) and their trend (line) over the range, drawn as SVG: no chart library
 * for one chart. The numbers are also listed beside it for those who do not see it.
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
  const unit = system === 'imperial' ? 'lb' : 'kg';
  const values = points
    .flatMap((point) => [point.weight_kg, point.trend_kg])
    .map((kg) => weightForDisplay(kg, system));
  const low = Math.floor(Math.min(...values) - 0.5);
  const high = Math.ceil(Math.max(...values) + 0.5);
  const span = Math.max(daysBetween(from, to), 1);
  const x = (date: string) =>
    PAD.left + ((WIDTH - PAD.left - PAD.right) * daysBetween(from, date)) / span;
  const y = (kg: number) =>
    PAD.top +
    ((HEIGHT - PAD.top - PAD.bottom) * (high - weightForDisplay(kg, system))) /
      Math.max(high - low, 1);
  const trendPath = points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${x(point.date).toFixed(1)},${y(point.trend_kg).toFixed(1)}`,
    )
    .join(' ');
  const last = points.at(-1);
  const label = last
    ? `Peso de ${shortDate(from)} a ${shortDate(to)}: ${points.length} pesajes; tendencia actual ${formatNumber(weightForDisplay(last.trend_kg, system), 1)} ${unit}`
    : 'Sin pesajes en este periodo';

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full">
      <g className="text-neutral-500" fill="currentColor" fontSize="12">
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">
          {formatNumber(high)}
        </text>
        <text x={PAD.left - 6} y={HEIGHT - PAD.bottom} textAnchor="end">
          {formatNumber(low)}
        </text>
        <text x={PAD.left} y={HEIGHT - 8}>
          {shortDate(from)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">
          {shortDate(to)}
        </text>
      </g>
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={HEIGHT - PAD.bottom}
        y2={HEIGHT - PAD.bottom}
        className="stroke-neutral-300 dark:stroke-neutral-700"
      />
      {points.length > 0 ? (
        <>
          <path
            d={trendPath}
            fill="none"
            strokeWidth="3"
            className="stroke-orange-700 dark:stroke-orange-400"
            data-testid="trend-line"
          />
          {points.map((point) => (
            <circle
              key={point.date}
              cx={x(point.date)}
              cy={y(point.weight_kg)}
              r="4"
              className="fill-neutral-700 dark:fill-neutral-300"
            />
          ))}
        </>
      ) : null}
    </svg>
  );
}

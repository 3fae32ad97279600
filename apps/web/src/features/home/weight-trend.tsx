import type { Today } from '@forja/shared/schemas/today';
import { unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';

interface WeightTrendProps {
  entries: Today['weight']['entries'];
  system: MetricSystem;
}

const WIDTH = 300;
const HEIGHT = 80;

/** A small line of the weigh-ins, once there are two or more. */
export function WeightTrend({ entries, system }: WeightTrendProps) {
  if (entries.length < 2) {
    return (
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        Registra tu peso varias veces por semana para ver tu tendencia.
      </p>
    );
  }
  const values = entries.map((entry) => weightForDisplay(entry.kg, system));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map((value, index) => {
      const x = (index / (values.length - 1)) * WIDTH;
      const y = HEIGHT - ((value - min) / span) * HEIGHT;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  const unit = unitLabels(system).weight;
  const label = `Tendencia de peso: de ${String(first)} a ${String(last)} ${unit}`;
  return (
    <svg
      viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
      role="img"
      aria-label={label}
      className="h-20 w-full"
    >
      <polyline
        points={points}
        fill="none"
        strokeWidth={3}
        className="stroke-orange-700 dark:stroke-orange-400"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

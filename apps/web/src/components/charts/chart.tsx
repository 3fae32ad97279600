import { scaleLinear, scaleUtc, type ScaleLinear, type ScaleTime } from 'd3-scale';
import type { ReactNode } from 'react';
import { formatCalendarDay } from '#lib/calendar-day';
import { formatNumber } from '#lib/numbers';

/*
 * What the metrics charts share: one frame, a time axis over the chosen range and a value
 * axis in the person's units. d3-scale places things and picks round ticks; React draws
 * the SVG, so its text is real text that screen readers and tests can read.
 */

export const WIDTH = 640;
export const HEIGHT = 240;
const PAD = { top: 24, right: 16, bottom: 28, left: 56 };

export type DayScale = ScaleTime<number, number>;
export type ValueScale = ScaleLinear<number, number>;

/** The instant a calendar day (YYYY-MM-DD) starts in UTC, where the time axis lives. */
export function dayInstant(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function shortDate(date: string): string {
  return formatCalendarDay(date, { day: 'numeric', month: 'short' });
}

/** The range's days from left to right. */
export function dayScale(from: string, to: string): DayScale {
  return scaleUtc()
    .domain([dayInstant(from), dayInstant(to)])
    .range([PAD.left, WIDTH - PAD.right]);
}

/** Values from `low` to `high`, widened to round numbers, bottom to top. */
export function valueScale(low: number, high: number): ValueScale {
  return scaleLinear()
    .domain([low, high === low ? low + 1 : high])
    .nice(5)
    .range([HEIGHT - PAD.bottom, PAD.top]);
}

interface ChartProps {
  label: string;
  x: DayScale;
  y: ValueScale;
  /** The unit of the value axis, written above it: "kg", "lb", "kcal". */
  unit: string;
  children: ReactNode;
  testId?: string;
}

/** The frame: grid lines with the values, dates along the bottom, and what is drawn in it. */
export function Chart({ label, x, y, unit, children, testId }: ChartProps) {
  const [left, right] = x.range() as [number, number];
  const valueTicks = y.ticks(5);
  const dateTicks = x.ticks(5);
  const ends = x.domain();
  // A range's first and last days anchor the dates; ticks too close to them would overlap.
  const dates = [
    ...ends.map((instant) => instant.toISOString().slice(0, 10)),
    ...dateTicks
      .filter((tick) => ends.every((end) => Math.abs(x(tick) - x(end)) > 80))
      .map((tick) => tick.toISOString().slice(0, 10)),
  ];
  return (
    <svg
      viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
      role="img"
      aria-label={label}
      className="h-auto w-full"
      data-testid={testId}
    >
      <g className="text-neutral-600 dark:text-neutral-400" fill="currentColor" fontSize="12">
        <text x={PAD.left - 8} y={PAD.top - 10} textAnchor="end" data-testid="chart-unit">
          {unit}
        </text>
        {valueTicks.map((tick) => (
          <g key={tick}>
            <line
              x1={left}
              x2={right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-neutral-200 dark:stroke-neutral-800"
            />
            <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end">
              {formatNumber(tick, 1)}
            </text>
          </g>
        ))}
        {dates.map((date, index) => (
          <text
            key={date}
            x={x(dayInstant(date))}
            y={HEIGHT - 8}
            textAnchor={index === 0 ? 'start' : index === 1 ? 'end' : 'middle'}
          >
            {shortDate(date)}
          </text>
        ))}
      </g>
      <line
        x1={left}
        x2={right}
        y1={HEIGHT - PAD.bottom}
        y2={HEIGHT - PAD.bottom}
        className="stroke-neutral-400 dark:stroke-neutral-600"
      />
      {children}
    </svg>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import {
  MEASUREMENT_SITES,
  type Measurement,
  type MeasurementInput,
  type Metrics,
  type WeightPoint,
} from '@forja/shared/schemas/metrics';
import { addDays } from '@forja/shared/calendar';
import { RATE_WINDOW_DAYS, weeklyRate, weightTrend } from '@forja/shared/weight-trend';

/*
 * A weighing or a day's measurements show on the metrics at once, before the API has them
 * (decision 077): these change the metrics read the way the API will. The API's answer, or
 * the read after the outbox sends the write, replaces them.
 */

/** The metrics reads (`['metrics', months]`), not the others under `metrics` (expenditure). */
export const metricsReads = {
  queryKey: ['metrics'],
  predicate: (query: { queryKey: readonly unknown[] }) => typeof query.queryKey[1] === 'number',
};

/** Each metrics read held, changed by `change`. */
function changeMetrics(queryClient: QueryClient, change: (metrics: Metrics) => Metrics): void {
  queryClient.setQueriesData<Metrics>(metricsReads, (metrics) =>
    metrics ? change(metrics) : metrics,
  );
}

/**
 * The weighings of the range with one changed: the trend goes on from the weighing before
 * the change, whose smoothed weight the API worked out over the whole history, so every
 * point after it is what the API will answer. A change at or before the range's first
 * weighing starts the trend at the changed one (the history before the range is not held);
 * the read after the write brings the API's.
 */
function withWeighings(
  metrics: Metrics,
  date: string,
  change: (entries: { date: string; weight_kg: number }[]) => void,
): Metrics {
  const before = metrics.weights.filter((point) => point.date < date);
  const from = metrics.weights.filter((point) => point.date >= date);
  const entries = from.map(({ date: day, weight_kg }) => ({ date: day, weight_kg }));
  change(entries);
  const start: WeightPoint | undefined = before.at(-1);
  const weights = [...before, ...weightTrend(entries, start)];
  const latest = weights.at(-1);
  return {
    ...metrics,
    weights,
    trend_kg: latest?.trend_kg ?? null,
    // The rate looks back 28 days from the latest weighing: worked out again when those
    // days are in the range, and left as the API gave it when they reach before it.
    weekly_rate_kg:
      !latest || addDays(latest.date, -(RATE_WINDOW_DAYS - 1)) >= metrics.from
        ? weeklyRate(weights)
        : metrics.weekly_rate_kg,
  };
}

/** `weightKg` weighed on `date`, in place of that day's weighing if there was one. */
export function showWeight(queryClient: QueryClient, date: string, weightKg: number): void {
  changeMetrics(queryClient, (metrics) =>
    date < metrics.from || date > metrics.to
      ? metrics
      : withWeighings(metrics, date, (entries) => {
          if (entries[0]?.date === date) entries.shift();
          entries.unshift({ date, weight_kg: weightKg });
        }),
  );
}

/** The weighing of `date` taken away. */
export function hideWeight(queryClient: QueryClient, date: string): void {
  changeMetrics(queryClient, (metrics) =>
    metrics.weights.some((point) => point.date === date)
      ? withWeighings(metrics, date, (entries) => entries.shift())
      : metrics,
  );
}

/** The measurements of `date` as a whole: a site left out is not measured that day. */
export function showMeasurement(
  queryClient: QueryClient,
  date: string,
  input: MeasurementInput,
): void {
  const measurement = Object.fromEntries([
    ['date', date],
    ...MEASUREMENT_SITES.map((site) => [`${site}_cm`, input[`${site}_cm`] ?? null]),
  ]) as Measurement;
  changeMetrics(queryClient, (metrics) =>
    date < metrics.from || date > metrics.to
      ? metrics
      : {
          ...metrics,
          measurements: [
            ...metrics.measurements.filter((shown) => shown.date !== date),
            measurement,
          ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
        },
  );
}

/** The measurements of `date` taken away. */
export function hideMeasurement(queryClient: QueryClient, date: string): void {
  changeMetrics(queryClient, (metrics) => ({
    ...metrics,
    measurements: metrics.measurements.filter((shown) => shown.date !== date),
  }));
}

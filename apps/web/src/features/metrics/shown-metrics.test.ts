import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import type { Measurement, Metrics, WeightEntry } from '@forja/shared/schemas/metrics';
import { weeklyRate, weightTrend } from '@forja/shared/weight-trend';
import { hideMeasurement, hideWeight, showMeasurement, showWeight } from './shown-metrics';

const TO = '2026-03-02';
const FROM = '2026-02-02';

/** Weighings since December up to yesterday, every day or two, losing some 70 g a day. */
const history: WeightEntry[] = Array.from({ length: 70 }, (_, index) => ({
  date: addDays('2025-12-01', index + Math.floor(index / 3)),
  weight_kg: Math.round((84 - index * 0.1 + (index % 4) * 0.3) * 10) / 10,
})).filter((entry) => entry.date <= TO);

const measured: Measurement = {
  date: '2026-02-20',
  waist_cm: 82,
  hip_cm: 98,
  chest_cm: null,
  arm_cm: null,
  thigh_cm: null,
  neck_cm: null,
};

/** What `GET /v0/metrics/?months=1` answers for `weighings`: the API's own computation. */
function metricsOf(weighings: WeightEntry[], measurements: Measurement[] = [measured]): Metrics {
  const sorted = [...weighings].sort((a, b) => (a.date < b.date ? -1 : 1));
  const points = weightTrend(sorted);
  return {
    from: FROM,
    to: TO,
    weights: points.filter((point) => point.date >= FROM && point.date <= TO),
    trend_kg: points.at(-1)?.trend_kg ?? null,
    weekly_rate_kg: weeklyRate(sorted),
    measurements,
    energy: [],
    adherence: { target_kcal: null, days_logged: 0, days_within: 0, percent: null },
  };
}

function holding(metrics: Metrics) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['metrics', 1], metrics);
  const expenditure = { formula_tdee_kcal: 2500 };
  queryClient.setQueryData(['metrics', 'expenditure'], expenditure);
  return {
    queryClient,
    shown: () => queryClient.getQueryData<Metrics>(['metrics', 1]),
    expenditure: () => queryClient.getQueryData(['metrics', 'expenditure']),
    unchanged: expenditure,
  };
}

const close = (metrics: Metrics | undefined) =>
  metrics && {
    ...metrics,
    weights: metrics.weights.map((point) => ({
      ...point,
      trend_kg: Number(point.trend_kg.toFixed(9)),
    })),
    trend_kg: metrics.trend_kg === null ? null : Number(metrics.trend_kg.toFixed(9)),
    weekly_rate_kg:
      metrics.weekly_rate_kg === null ? null : Number(metrics.weekly_rate_kg.toFixed(9)),
  };

describe('the metrics shown before the API has a change', () => {
  it('are what the API will answer for a new weighing today, one in the range and a changed one', () => {
    const inRange = history.find((entry) => entry.date > '2026-02-10');
    expect(inRange).toBeDefined();
    const days = new Set(history.map((entry) => entry.date));
    const missing = history
      .map((entry) => addDays(entry.date, 1))
      .find((date) => !days.has(date) && date > '2026-02-10');
    expect(missing).toBeDefined();
    const changes: [string, number][] = [
      [TO, 77.4],
      [missing ?? TO, 79.9],
      [inRange?.date ?? FROM, 81.2],
    ];
    for (const [date, kg] of changes) {
      const { queryClient, shown, expenditure, unchanged } = holding(metricsOf(history));
      showWeight(queryClient, date, kg);
      const after = [...history.filter((entry) => entry.date !== date), { date, weight_kg: kg }];
      expect(close(shown())).toEqual(close(metricsOf(after)));
      expect(expenditure()).toBe(unchanged);
    }
  });

  it('are what the API will answer once a weighing is taken away', () => {
    const inRange = history.filter((entry) => entry.date >= FROM);
    for (const gone of [inRange[1], inRange[5], inRange.at(-2)]) {
      const { queryClient, shown } = holding(metricsOf(history));
      hideWeight(queryClient, gone?.date ?? '');
      expect(close(shown())).toEqual(
        close(metricsOf(history.filter((entry) => entry.date !== gone?.date))),
      );
    }
  });

  it('start the trend at a change to the range’s first weighing, whose history is not held', () => {
    const first = history.find((entry) => entry.date >= FROM);
    const { queryClient, shown } = holding(metricsOf(history));
    const weighings = shown()?.weights.map((point) => [point.date, point.weight_kg]);
    showWeight(queryClient, first?.date ?? FROM, 80.5);
    expect(shown()?.weights[0]).toEqual({ date: first?.date, weight_kg: 80.5, trend_kg: 80.5 });
    expect(
      shown()
        ?.weights.slice(1)
        .map((point) => [point.date, point.weight_kg]),
    ).toEqual(weighings?.slice(1));
    // The weekly rate needs only the weighings of the last 28 days: it is the API's.
    const after = history.map((entry) =>
      entry.date === first?.date ? { ...entry, weight_kg: 80.5 } : entry,
    );
    expect(shown()?.weekly_rate_kg).toBeCloseTo(metricsOf(after).weekly_rate_kg ?? NaN, 9);
  });

  it('keep the API’s weekly rate when its 28 days reach before the range', () => {
    const early = history.filter((entry) => entry.date < '2026-02-10');
    const { queryClient, shown } = holding(metricsOf(early));
    const rate = shown()?.weekly_rate_kg;
    expect(rate).not.toBeNull();
    showWeight(queryClient, '2026-02-05', 70);
    expect(shown()?.weekly_rate_kg).toBe(rate);
    expect(shown()?.weights.at(-1)).toMatchObject({ date: early.at(-1)?.date });
  });

  it('leave the metrics as they are for a weighing outside the range', () => {
    const { queryClient, shown } = holding(metricsOf(history));
    const before = shown();
    showWeight(queryClient, '2026-01-15', 90);
    hideWeight(queryClient, '2026-01-16');
    expect(shown()).toBe(before);
  });

  it('replace a day’s measurements as a whole, in date order, and take them away', () => {
    const { queryClient, shown } = holding(metricsOf(history));
    showMeasurement(queryClient, '2026-02-10', { waist_cm: 84 });
    showMeasurement(queryClient, '2026-02-20', { neck_cm: 38.5 });
    expect(shown()?.measurements).toEqual([
      { ...measured, date: '2026-02-10', waist_cm: 84, hip_cm: null },
      { ...measured, waist_cm: null, hip_cm: null, neck_cm: 38.5 },
    ]);
    hideMeasurement(queryClient, '2026-02-10');
    expect(shown()?.measurements.map((measurement) => measurement.date)).toEqual(['2026-02-20']);
  });
});

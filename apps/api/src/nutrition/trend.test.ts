import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import { weeklyRate, weightTrend } from './trend';

const day = (offset: number) => addDays('2026-03-01', offset);

describe('weightTrend', () => {
  it('starts at the first weighing and moves 10 % of the way each day', () => {
    const points = weightTrend([
      { date: day(0), weight_kg: 80 },
      { date: day(1), weight_kg: 79 },
      { date: day(2), weight_kg: 79 },
    ]);
    expect(points.map((point) => point.trend_kg)).toEqual([80, 79.9, expect.closeTo(79.81, 10)]);
  });

  it('weighs a weighing after a gap like that many days of it', () => {
    const [, afterGap] = weightTrend([
      { date: day(0), weight_kg: 80 },
      { date: day(7), weight_kg: 78 },
    ]);
    const daily = weightTrend(
      Array.from({ length: 8 }, (_, index) => ({
        date: day(index),
        weight_kg: index === 0 ? 80 : 78,
      })),
    ).at(-1);
    expect(afterGap?.trend_kg).toBeCloseTo(daily?.trend_kg ?? 0, 10);
    expect(afterGap?.trend_kg).toBeCloseTo(80 - 2 * (1 - 0.9 ** 7), 10);
  });

  it('keeps the weighings and stays between the lightest and heaviest', () => {
    const weights = fc.array(fc.double({ min: 40, max: 200, noNaN: true }), {
      minLength: 1,
      maxLength: 60,
    });
    fc.assert(
      fc.property(
        weights,
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 60 }),
        (kg, gaps) => {
          let offset = 0;
          const entries = kg.map((weight_kg, index) => {
            offset += index === 0 ? 0 : (gaps[index] ?? 1);
            return { date: day(offset), weight_kg };
          });
          const points = weightTrend(entries);
          const low = Math.min(...kg);
          const high = Math.max(...kg);
          points.forEach((point, index) => {
            expect(point.weight_kg).toBe(kg[index]);
            expect(point.trend_kg).toBeGreaterThanOrEqual(low - 1e-9);
            expect(point.trend_kg).toBeLessThanOrEqual(high + 1e-9);
          });
        },
      ),
    );
  });
});

describe('weeklyRate', () => {
  it('is the change of the trend over the last week', () => {
    // Losing 0.1 kg a day for a long time: the trend falls 0.7 kg a week.
    const entries = Array.from({ length: 60 }, (_, index) => ({
      date: day(index),
      weight_kg: 90 - 0.1 * index,
    }));
    expect(weeklyRate(weightTrend(entries))).toBeCloseTo(-0.7, 2);
  });

  it('uses what there is when the first weighing is less than a week old', () => {
    const points = weightTrend([
      { date: day(0), weight_kg: 80 },
      { date: day(1), weight_kg: 79.6 },
      { date: day(2), weight_kg: 79.2 },
    ]);
    const last = points.at(-1)?.trend_kg ?? 0;
    expect(weeklyRate(points)).toBeCloseTo(((last - 80) * 7) / 2, 10);
  });

  it('is null with one weighing, or weighings a day apart only', () => {
    expect(weeklyRate([])).toBeNull();
    expect(weeklyRate(weightTrend([{ date: day(0), weight_kg: 80 }]))).toBeNull();
    expect(
      weeklyRate(
        weightTrend([
          { date: day(0), weight_kg: 80 },
          { date: day(1), weight_kg: 79 },
        ]),
      ),
    ).toBeNull();
  });
});

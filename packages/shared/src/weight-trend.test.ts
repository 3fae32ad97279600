import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar';
import { seededRandom } from './fixtures/seeded-random';
import { weeklyRate, weightTrend } from './weight-trend';

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

  it('fills a gap with the straight line between the weighings', () => {
    // 80 kg, then 78 kg a week later: the days between are 79.714, 79.429 … 78 kg, and the
    // trend moves 10 % of the way to each: the same as a week of daily weighings on that line.
    const [, afterGap] = weightTrend([
      { date: day(0), weight_kg: 80 },
      { date: day(7), weight_kg: 78 },
    ]);
    const daily = weightTrend(
      Array.from({ length: 8 }, (_, index) => ({
        date: day(index),
        weight_kg: 80 - (2 * index) / 7,
      })),
    ).at(-1);
    expect(afterGap?.trend_kg).toBeCloseTo(daily?.trend_kg ?? 0, 10);
    // Less than the 80 − 2 × (1 − 0.9⁷) = 79.04 kg of counting the week at 78 kg.
    expect(afterGap?.trend_kg).toBeGreaterThan(79.04);
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

  it('goes on from a point already smoothed as it would over the whole history', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 40, max: 200, noNaN: true }), { minLength: 2, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 40 }),
        fc.nat(),
        (kg, gaps, cut) => {
          let offset = 0;
          const entries = kg.map((weight_kg, index) => {
            offset += index === 0 ? 0 : (gaps[index] ?? 1);
            return { date: day(offset), weight_kg };
          });
          const split = 1 + (cut % (entries.length - 1));
          const whole = weightTrend(entries);
          const before = weightTrend(entries.slice(0, split));
          expect([...before, ...weightTrend(entries.slice(split), before.at(-1))]).toEqual(whole);
        },
      ),
    );
  });
});

/** Days from 0 with gaps of 1 to `maxGap` days, up to `span` days. */
const weighingDays = (maxGap: number, span: number) =>
  fc
    .array(fc.integer({ min: 1, max: maxGap }), { minLength: span, maxLength: span })
    .map((gaps) => {
      const days = [0];
      for (const gap of gaps) {
        const next = (days.at(-1) ?? 0) + gap;
        if (next >= span) break;
        days.push(next);
      }
      return days;
    });

describe('weeklyRate', () => {
  it('is the slope of a steady loss from the fourteenth day: −0.1 kg a day is −0.7 kg a week', () => {
    // The change over the last week of the trend gave 36 % of it after a week of daily weighing.
    const entries = Array.from({ length: 14 }, (_, index) => ({
      date: day(index),
      weight_kg: 90 - 0.1 * index,
    }));
    expect(weeklyRate(entries)).toBeCloseTo(-0.7, 10);
  });

  it('is null until the weighings span 14 days', () => {
    expect(weeklyRate([])).toBeNull();
    expect(weeklyRate([{ date: day(0), weight_kg: 80 }])).toBeNull();
    // day 0 to day 12 is 13 days
    const thirteen = Array.from({ length: 13 }, (_, index) => ({
      date: day(index),
      weight_kg: 80 - 0.1 * index,
    }));
    expect(weeklyRate(thirteen)).toBeNull();
    expect(weeklyRate([...thirteen, { date: day(13), weight_kg: 78.7 }])).not.toBeNull();
  });

  it('barely moves for one heavy weighing after a week away', () => {
    // 80 kg every day for three weeks (days 0–20), then nothing until day 27: 81.5 kg.
    // The old rate, the trend's change over the last week, said (1 − 0.9⁷) × 1.5 = +0.78.
    // Here, in days from day 0: x̄ = (210 + 27) / 22 = 10.77;
    // Σ(x − x̄)² = Σx² − 22·x̄² = (2870 + 729) − 22 × 10.77² = 1045.9;
    // Σ(x − x̄)(y − 80) = (27 − 10.77) × 1.5 = 24.34; 24.34 / 1045.9 × 7 = +0.163 kg a week.
    const steady = Array.from({ length: 21 }, (_, index) => ({ date: day(index), weight_kg: 80 }));
    const rate = weeklyRate([...steady, { date: day(27), weight_kg: 81.5 }]);
    expect(rate).toBeCloseTo(0.163, 3);
  });

  it('looks back 28 days from the latest weighing', () => {
    // A rise long ago, then 28 days at 80 kg: the rise is out of the window.
    const entries = [
      { date: day(0), weight_kg: 70 },
      ...Array.from({ length: 28 }, (_, index) => ({ date: day(40 + index), weight_kg: 80 })),
    ];
    expect(weeklyRate(entries)).toBe(0);
  });

  it('gives the slope of any steady change, whatever the gaps', () => {
    fc.assert(
      fc.property(
        weighingDays(7, 28).filter((days) => (days.at(-1) ?? 0) >= 13),
        fc.double({ min: -0.3, max: 0.3, noNaN: true }),
        (days, perDay) => {
          const entries = days.map((offset) => ({
            date: day(offset),
            weight_kg: 90 + perDay * offset,
          }));
          expect(weeklyRate(entries)).toBeCloseTo(perDay * 7, 9);
        },
      ),
    );
  });

  it('stays near 0 for a steady weight with day-to-day noise of ±0.5 kg and gaps', () => {
    fc.assert(
      fc.property(
        weighingDays(3, 28).filter((days) => (days.at(-1) ?? 0) >= 24),
        fc.integer(),
        (days, seed) => {
          const random = seededRandom(seed);
          const entries = days.map((offset) => ({
            date: day(offset),
            weight_kg: 80 + (random() - 0.5),
          }));
          // Uniform noise of ±0.5 kg has a standard deviation of 0.29 kg; over ten or more
          // weighings across 25 days the slope's is under 0.06 kg a week: 0.3 is 5 of them.
          expect(Math.abs(weeklyRate(entries) ?? Infinity)).toBeLessThan(0.3);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundToSum } from './rounding';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('roundToSum', () => {
  it('makes three thirds add up to one', () => {
    expect(roundToSum([1 / 3, 1 / 3, 1 / 3])).toEqual([1, 0, 0]);
  });

  it('gives the left-over units to the largest remainders', () => {
    // 10.4 + 20.4 + 30.4 = 61.2: plain rounding shows 60, the total is 61.
    expect(roundToSum([10.4, 20.4, 30.4])).toEqual([11, 20, 30]);
    expect(roundToSum([10.2, 20.7, 30.6])).toEqual([10, 21, 31]);
  });

  it('leaves whole numbers alone and handles no values', () => {
    expect(roundToSum([3, 4, 5])).toEqual([3, 4, 5]);
    expect(roundToSum([])).toEqual([]);
  });

  it('meets a total given from above, as meals meet the day', () => {
    expect(roundToSum([0.5, 0.5], 0)).toEqual([0, 0]);
    expect(roundToSum([0.5, 0.5], 2)).toEqual([1, 1]);
  });

  it('always adds up to the rounded sum, each part within one of its value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { maxLength: 30 }),
        (values) => {
          const rounded = roundToSum(values);
          expect(sum(rounded)).toBe(Math.round(sum(values)));
          rounded.forEach((value, index) => {
            expect(Number.isInteger(value)).toBe(true);
            expect(Math.abs(value - (values[index] ?? 0))).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

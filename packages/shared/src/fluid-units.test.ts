import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flOzToMl, mlToFlOz, volumeForDisplay, volumeUnit } from './fluid-units';

describe('fluid ounces', () => {
  it('are US fluid ounces: a 250 ml glass is 8.45 fl oz and a US cup 8 fl oz', () => {
    expect(mlToFlOz(250)).toBeCloseTo(8.4535, 4);
    expect(flOzToMl(8)).toBeCloseTo(236.588, 3);
  });

  it('convert back to the same millilitres', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 20_000, noNaN: true }), (ml) => {
        expect(flOzToMl(mlToFlOz(ml))).toBeCloseTo(ml, 9);
      }),
    );
  });
});

describe('volumes for display', () => {
  it('are whole millilitres, or fluid ounces to one decimal', () => {
    expect([volumeForDisplay(750, 'metric'), volumeUnit('metric')]).toEqual([750, 'ml']);
    expect([volumeForDisplay(750, 'imperial'), volumeUnit('imperial')]).toEqual([25.4, 'fl oz']);
  });
});

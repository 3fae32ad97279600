import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  flOzToMl,
  litresForDisplay,
  mlToFlOz,
  volumeForDisplay,
  volumeFromInput,
  volumeUnit,
} from './fluid-units';

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

describe('volumes as typed', () => {
  it('are millilitres, or fluid ounces turned into millilitres to a hundredth', () => {
    expect(volumeFromInput(330, 'metric')).toBe(330);
    expect(volumeFromInput(8, 'imperial')).toBe(236.59);
    expect(volumeFromInput(12, 'imperial')).toBe(354.88);
  });

  it('read back as the fluid ounces typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1690 }), (tenths) => {
        const flOz = tenths / 10;
        expect(volumeForDisplay(volumeFromInput(flOz, 'imperial'), 'imperial')).toBe(flOz);
      }),
    );
  });
});

describe('a day’s water at a glance', () => {
  it('is in litres, or in fluid ounces with imperial units', () => {
    expect(litresForDisplay(2.5, 'metric')).toEqual({ value: 2.5, unit: 'L' });
    expect(litresForDisplay(0.75, 'metric')).toEqual({ value: 0.8, unit: 'L' });
    expect(litresForDisplay(2.5, 'imperial')).toEqual({ value: 84.5, unit: 'fl oz' });
    expect(litresForDisplay(0, 'imperial')).toEqual({ value: 0, unit: 'fl oz' });
  });
});

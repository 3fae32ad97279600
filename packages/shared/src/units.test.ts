import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cmToIn,
  inToCm,
  kgToLb,
  lbToKg,
  lengthForDisplay,
  lengthFromInput,
  unitLabels,
  weightForDisplay,
  weightFromInput,
} from './units';

describe('unit conversion', () => {
  it('uses the exact definitions: 1 lb = 0.45359237 kg, 1 in = 2.54 cm', () => {
    expect(lbToKg(1)).toBe(0.45359237);
    expect(inToCm(1)).toBe(2.54);
    // 80 kg / 0.45359237 = 176.37 lb; 180 cm / 2.54 = 70.87 in
    expect(kgToLb(80)).toBeCloseTo(176.3698, 4);
    expect(cmToIn(180)).toBeCloseTo(70.8661, 4);
  });

  it('goes there and back without drift', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (value) => {
        expect(lbToKg(kgToLb(value))).toBeCloseTo(value, 9);
        expect(inToCm(cmToIn(value))).toBeCloseTo(value, 9);
      }),
    );
  });

  it('shows and reads numbers in the preferred units, one decimal on screen', () => {
    expect(unitLabels('metric')).toEqual({ weight: 'kg', length: 'cm' });
    expect(unitLabels('imperial')).toEqual({ weight: 'lb', length: 'in' });
    expect(weightForDisplay(80, 'imperial')).toBe(176.4);
    expect(weightForDisplay(80, 'metric')).toBe(80);
    expect(lengthForDisplay(180, 'imperial')).toBe(70.9);
    expect(weightFromInput(176.4, 'imperial')).toBeCloseTo(80.01, 2);
    expect(lengthFromInput(70, 'imperial')).toBeCloseTo(177.8, 9);
    expect(lengthFromInput(180, 'metric')).toBe(180);
  });
});

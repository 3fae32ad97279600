import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cmToFeetAndInches,
  feetAndInchesToCm,
  formatHeight,
  cmToIn,
  inToCm,
  kgToLb,
  kmToMiles,
  lbToKg,
  lengthForDisplay,
  lengthFromInput,
  milesToKm,
  rangeIn,
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
    expect(unitLabels('metric')).toEqual({ weight: 'kg', length: 'cm', distance: 'km' });
    expect(unitLabels('imperial')).toEqual({ weight: 'lb', length: 'in', distance: 'mi' });
    expect(weightForDisplay(80, 'imperial')).toBe(176.4);
    expect(weightForDisplay(80, 'metric')).toBe(80);
    expect(lengthForDisplay(180, 'imperial')).toBe(70.9);
    expect(weightFromInput(176.4, 'imperial')).toBeCloseTo(80.01, 2);
    expect(lengthFromInput(70, 'imperial')).toBeCloseTo(177.8, 9);
    expect(lengthFromInput(180, 'metric')).toBe(180);
  });
});

describe('ranges in the person’s units', () => {
  it('are the metric range itself in metric', () => {
    expect(rangeIn({ min: 20, max: 400 }, 'weight', 'metric')).toEqual({
      min: 20,
      max: 400,
      unit: 'kg',
    });
  });

  it('are narrowed to round numbers inside the metric range in imperial', () => {
    // 20 kg = 44.09 lb, 400 kg = 881.85 lb; 300 cm = 118.11 in
    expect(rangeIn({ min: 20, max: 400 }, 'weight', 'imperial')).toEqual({
      min: 45,
      max: 881,
      unit: 'lb',
    });
    expect(rangeIn({ min: 0, max: 300 }, 'length', 'imperial', 1)).toEqual({
      min: 0,
      max: 118.1,
      unit: 'in',
    });
    // 0.1 km = 0.062 mi, 300 km = 186.41 mi
    expect(rangeIn({ min: 0.1, max: 300 }, 'distance', 'imperial', 1)).toEqual({
      min: 0.1,
      max: 186.4,
      unit: 'mi',
    });
    expect(milesToKm(186.4)).toBeLessThanOrEqual(300);
    expect(kmToMiles(300)).toBeCloseTo(186.4114, 4);
    fc.assert(
      fc.property(fc.integer({ min: 45, max: 881 }), (lb) => {
        const kg = weightFromInput(lb, 'imperial');
        expect(kg).toBeGreaterThanOrEqual(20);
        expect(kg).toBeLessThanOrEqual(400);
      }),
    );
  });
});

describe('heights in feet and inches', () => {
  it('converts feet and inches to centimetres exactly', () => {
    expect(feetAndInchesToCm(5, 9)).toBe(175.26);
    expect(feetAndInchesToCm(6, 0)).toBe(182.88);
    expect(feetAndInchesToCm(4, 11.5)).toBe(151.13);
    expect(feetAndInchesToCm(0, 1)).toBe(2.54);
  });

  it('reads centimetres as whole feet and inches to the nearest half inch', () => {
    expect(cmToFeetAndInches(175.26)).toEqual({ feet: 5, inches: 9 });
    expect(cmToFeetAndInches(175)).toEqual({ feet: 5, inches: 9 });
    expect(cmToFeetAndInches(182.88)).toEqual({ feet: 6, inches: 0 });
    // 5 ft 11.9 in rounds up to 6 ft, never to "5 ft 12 in".
    expect(cmToFeetAndInches(182.7)).toEqual({ feet: 6, inches: 0 });
    expect(cmToFeetAndInches(151.13)).toEqual({ feet: 4, inches: 11.5 });
  });

  it('goes back and forth without drifting for every half inch from 3 to 8 ft', () => {
    for (let half = 72; half <= 192; half += 1) {
      const feet = Math.floor(half / 24);
      const inches = (half - feet * 24) / 2;
      expect(cmToFeetAndInches(feetAndInchesToCm(feet, inches))).toEqual({ feet, inches });
    }
  });

  it('writes a height in the person units', () => {
    expect(formatHeight(175.26, 'imperial')).toBe('5 ft 9 in');
    expect(formatHeight(151.13, 'imperial')).toBe('4 ft 11,5 in');
    expect(formatHeight(175.5, 'metric')).toBe('175,5 cm');
  });
});

import { describe, expect, it } from 'vitest';
import { mealAt } from './meals';

describe('mealAt', () => {
  it('gives the meal of each time of day, each boundary belonging to the later meal', () => {
    expect(mealAt(0)).toBe('desayuno');
    expect(mealAt(7, 30)).toBe('desayuno');
    expect(mealAt(10, 29)).toBe('desayuno');
    expect(mealAt(10, 30)).toBe('almuerzo');
    expect(mealAt(12, 59)).toBe('almuerzo');
    expect(mealAt(13)).toBe('comida');
    expect(mealAt(16, 29)).toBe('comida');
    expect(mealAt(16, 30)).toBe('merienda');
    expect(mealAt(19, 29)).toBe('merienda');
    expect(mealAt(19, 30)).toBe('cena');
    expect(mealAt(23, 59)).toBe('cena');
  });
});

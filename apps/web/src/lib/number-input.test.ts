import { describe, expect, it } from 'vitest';
import { numberInputValue, parseNumberInput, withNumbers } from './number-input';

describe('number boxes', () => {
  it('read a decimal comma or point, and count an empty box as 0', () => {
    expect(parseNumberInput('72,5')).toBe(72.5);
    expect(parseNumberInput(' 72.5 ')).toBe(72.5);
    expect(parseNumberInput('')).toBe(0);
    expect(parseNumberInput('   ')).toBe(0);
  });

  it('leave what is not a number as text, for the schema to refuse', () => {
    expect(parseNumberInput('setenta')).toBe('setenta');
    expect(parseNumberInput('1e999')).toBe('1e999');
  });

  it('parse only the fields named, and show numbers with a comma', () => {
    expect(withNumbers({ weight: '80,5', note: '12' }, ['weight'])).toEqual({
      weight: 80.5,
      note: '12',
    });
    expect(numberInputValue(0.25)).toBe('0,25');
    expect(numberInputValue(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { formatNumber, parseDecimal } from './numbers';

describe('numbers', () => {
  it('read a decimal comma or point', () => {
    expect(parseDecimal('72,5')).toBe(72.5);
    expect(parseDecimal(' 72.5 ')).toBe(72.5);
    expect(parseDecimal('100')).toBe(100);
    expect(parseDecimal(',5')).toBe(0.5);
  });

  it('refuse what is not a number', () => {
    for (const text of ['', 'abc', '1,2,3', '7O', '1e3'])
      expect(parseDecimal(text), text).toBeNull();
  });

  it('are written the Spanish way', () => {
    expect(formatNumber(1234.56, 1)).toBe('1234,6');
    expect(formatNumber(12345)).toBe('12.345');
  });
});

import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same options, and another for other options', () => {
    expect(numberFormat({ maximumFractionDigits: 1 })).toBe(
      numberFormat({ maximumFractionDigits: 1 }),
    );
    expect(numberFormat({ maximumFractionDigits: 1 })).not.toBe(
      numberFormat({ maximumFractionDigits: 2 }),
    );
    expect(dateTimeFormat({ hour: 'numeric' }, 'en-GB')).not.toBe(
      dateTimeFormat({ hour: 'numeric' }),
    );
  });

  it('formats as Spanish readers write', () => {
    expect(numberFormat({ maximumFractionDigits: 1 }).format(12345.67)).toBe('12.345,7');
    expect(
      dateTimeFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date('2026-05-11T00:00:00Z'),
      ),
    ).toBe('11 de mayo de 2026');
  });
});

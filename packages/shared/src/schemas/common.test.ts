import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateTime, email, hasHiddenCharacters, positiveNumber, requiredText, text } from './common';

const name = text('El nombre', { max: 1000 });

describe('text', () => {
  it('keeps every well-formed Unicode string without hidden characters, in NFC', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (value) => {
        fc.pre(!value.includes('\u0000') && !hasHiddenCharacters(value));
        expect(name.parse(value)).toBe(value.normalize('NFC'));
      }),
    );
  });

  it('refuses NUL anywhere', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(name.safeParse(`${before}\u0000${after}`).success).toBe(false);
      }),
    );
  });

  it('refuses lone surrogates but accepts paired ones', () => {
    expect(name.safeParse('a\uD800b').success).toBe(false);
    expect(name.safeParse('a\uDC00').success).toBe(false);
    expect(name.safeParse('\uD83D\uDCAA').success).toBe(true);
  });

  it('says which field is wrong, in Spanish', () => {
    expect(name.safeParse('\u0000').error?.issues[0]?.message).toBe(
      'El nombre contiene caracteres no válidos',
    );
    expect(requiredText('El apellido').safeParse('  ').error?.issues[0]?.message).toBe(
      'El apellido no puede estar vacío',
    );
  });
});

describe('names and other single-line texts', () => {
  const firstName = requiredText('El nombre', { max: 100 });
  const notes = text('Las notas', { max: 1000, lines: 'several' });
  const HIDDEN = {
    'a right-to-left override': 'Ana\u202Eanirtsiv',
    'a left-to-right isolate': 'Ana \u2066Admin\u2069',
    'a right-to-left mark': '\u200FAna',
    'a zero-width space': 'An\u200Ba',
    'a zero-width joiner': 'An\u200Da',
    'a byte order mark': '\uFEFFAna',
    'a soft hyphen': 'An\u00ADa',
    'tag characters': 'Ana\u{E0041}\u{E0064}\u{E006D}',
    'a line feed': 'Ana\nEntrenadora',
    'a carriage return': 'Ana\rEntrenadora',
    'a tab': 'Ana\tLópez',
    'an escape': 'Ana\u001B[31m',
    'a line separator': 'Ana\u2028López',
    'a paragraph separator': 'Ana\u2029López',
    'a C1 control': 'Ana\u0085',
  };

  it('refuses every character that hides or reorders what is shown, in Spanish', () => {
    for (const [what, value] of Object.entries(HIDDEN)) {
      const result = firstName.safeParse(value);
      expect(result.success, what).toBe(false);
      expect(
        result.error?.issues.map((issue) => issue.message),
        what,
      ).toEqual([
        'El nombre contiene saltos de línea o caracteres invisibles o de control, que no se admiten',
      ]);
    }
  });

  it('refuses text that shows nothing', () => {
    for (const value of ['', '   ', '\u00A0\u3000', '\u3164', '\u2800 ', '\u200B\u200B']) {
      expect(firstName.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('stores a decomposed name composed (NFC)', () => {
    const decomposed = 'Jose\u0301 Mari\u0301a Nu\u0301n\u0303ez';
    expect(firstName.parse(decomposed)).toBe('José María Núñez');
    expect(firstName.parse(decomposed)).toHaveLength('José María Núñez'.length);
  });

  it('keeps names in every script, emoji included', () => {
    for (const value of [
      'Zoë',
      'Łukasz',
      'محمد',
      'שרה',
      '李小龙',
      'Ngọc',
      'Ana 💪',
      'Eva 🏋️‍♀️',
      '👩‍👩‍👧',
    ]) {
      expect(firstName.parse(value)).toBe(value);
    }
  });

  it('lets text of several lines keep its line breaks, tabs and emoji joiners, nothing else', () => {
    expect(notes.parse('Lunes:\r\n\tpierna\nMartes: 👩\u200D👩\u200D👧')).toBe(
      'Lunes:\r\n\tpierna\nMartes: 👩\u200D👩\u200D👧',
    );
    for (const value of ['a\u202Eb', 'a\u2066b', 'a\u200Bb', 'a\u001Bb', 'a\u2028b', 'a\uFEFF']) {
      const result = notes.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Las notas contienen caracteres invisibles o de control, que no se admiten',
      );
    }
  });
});

describe('email', () => {
  it('accepts addresses with surrounding spaces trimmed', () => {
    expect(email().parse('  ana@example.com ')).toBe('ana@example.com');
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'ana', 'ana@', '@example.com', 'a b@example.com']) {
      expect(email().safeParse(value).error?.issues[0]?.message).toBe(
        'El correo electrónico debe ser un correo electrónico válido',
      );
    }
  });
});

describe('positiveNumber', () => {
  const weight = positiveNumber('El peso');

  it('turns an empty input into 0', () => {
    expect(weight.parse('')).toBe(0);
  });

  it('refuses negatives with the specification message', () => {
    expect(weight.safeParse(-1).error?.issues[0]?.message).toBe(
      'El peso debe ser un número positivo',
    );
  });

  it('accepts any finite number from zero up', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (value) => {
        expect(weight.parse(value)).toBe(value);
      }),
    );
  });

  it('refuses what is not a finite number', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 'abc', true]) {
      expect(weight.safeParse(value).success).toBe(false);
    }
  });
});

describe('dateTime', () => {
  const wire = '2026-11-23T09:05:07.042Z';

  it('decodes the wire form into a Date and encodes it back to the same string', () => {
    const decoded = z.decode(dateTime, wire);
    expect(decoded).toEqual(new Date(Date.UTC(2026, 10, 23, 9, 5, 7, 42)));
    expect(z.encode(dateTime, decoded)).toBe(wire);
    expect(dateTime.parse(wire)).toEqual(decoded);
  });

  it('round-trips every instant of years 0000 to 9999, to the millisecond', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0000-01-01T00:00:00.000Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const encoded = z.encode(dateTime, date);
          expect(encoded).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
          expect(z.decode(dateTime, encoded)).toEqual(date);
        },
      ),
    );
  });

  it('refuses anything but an ISO string with milliseconds and Z, in Spanish', () => {
    const refused = [
      '2026-11-23',
      '2026-11-23T09:05:07Z',
      '2026-11-23T09:05:07.042+01:00',
      '2026-11-23T09:05:07.042',
      '2026-02-30T00:00:00.000Z',
      'ayer',
      '',
      1764000000000,
      new Date(wire),
      null,
    ];
    for (const value of refused) {
      expect(dateTime.safeParse(value).error?.issues[0]?.message, String(value)).toBe(
        'La fecha debe ser una fecha válida',
      );
    }
    expect(z.safeEncode(dateTime, new Date(Number.NaN)).error?.issues[0]?.message).toBe(
      'La fecha debe ser una fecha válida',
    );
  });
});

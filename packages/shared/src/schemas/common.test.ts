import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { email, positiveNumber, requiredText, text } from './common';

const name = text('El nombre', { max: 1000 });

describe('text', () => {
  it('keeps every well-formed Unicode string exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (value) => {
        fc.pre(!value.includes('\u0000'));
        expect(name.parse(value)).toBe(value);
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

import { describe, expect, it } from 'vitest';
import { positiveNumber } from '@forja/shared/schemas/common';
import { weightInputSchema } from '@forja/shared/schemas/metrics';
import {
  numberBox,
  numberInputValue,
  parseNumberInput,
  withNumberBoxes,
  withNumbers,
} from './number-input';

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

  it('feed a shared schema: a comma or a point, an empty box as 0, text refused in its words', () => {
    const weight = numberBox(positiveNumber('El peso'));
    expect(weight.parse('72,5')).toBe(72.5);
    expect(weight.parse('72.5')).toBe(72.5);
    expect(weight.parse('')).toBe(0);
    expect(weight.safeParse('setenta').error?.issues[0]?.message).toBe(
      'El peso debe ser un número válido',
    );
  });

  it('let a box that may stay empty stand for nothing instead of 0', () => {
    const waist = numberBox(positiveNumber('La cintura').nullable(), null);
    expect(waist.parse('  ')).toBeNull();
    expect(waist.parse('80,5')).toBe(80.5);
  });

  it('read the named boxes of a form before a shared object schema checks it', () => {
    const form = withNumberBoxes<{ weight_kg: string }>(['weight_kg'])(weightInputSchema);
    expect(form.parse({ weight_kg: '80,5' })).toEqual({ weight_kg: 80.5 });
    expect(form.safeParse({ weight_kg: '' }).error?.issues[0]?.message).toBe(
      'El peso debe ser al menos 20 kg',
    );
  });
});

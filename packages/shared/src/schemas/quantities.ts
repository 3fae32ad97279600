import { z } from 'zod';
import { type Condition, positiveNumber } from './common';
import { validationMessages as m } from './messages';

const spanish = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

function limit(value: number, unit: string | undefined): string {
  return unit ? `${spanish.format(value)} ${unit}` : spanish.format(value);
}

interface QuantityOptions {
  /** Shown after the maximum in the message: "g", "kcal", "kg". */
  unit?: string;
  integer?: boolean;
}

/**
 * A number from 0 to `max`; an empty form input counts as 0 (spec §5). `more` are further
 * conditions, checked with these in one check (common.ts, `meets`).
 */
export function numberUpTo(
  field: string,
  max: number,
  options: QuantityOptions = {},
  ...more: Condition<number>[]
) {
  return positiveNumber(
    field,
    { holds: (value) => value <= max, message: m.atMost(field, limit(max, options.unit)) },
    ...(options.integer
      ? [{ holds: (value: number) => Number.isInteger(value), message: m.integer(field) }]
      : []),
    ...more,
  );
}

/** Like numberUpTo, but zero is refused: an amount eaten or a body weight is never 0. */
export function amountUpTo(field: string, max: number, options: QuantityOptions = {}) {
  return numberUpTo(field, max, options, {
    holds: (value) => value > 0,
    message: m.greaterThanZero(field),
  });
}

/** A calendar day, YYYY-MM-DD, as the person lives it (their own time zone). */
export const localDateSchema = z
  .string({ error: m.date('La fecha') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.date('La fecha') })
  .pipe(z.iso.date({ error: m.date('La fecha') }))
  .refine((value) => value >= '2000-01-01' && value <= '2100-12-31', {
    error: m.date('La fecha'),
  });

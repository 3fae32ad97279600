import { z } from 'zod';
import { positiveNumber } from './common';
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

/** A number from 0 to `max`; an empty form input counts as 0 (spec §5). */
export function numberUpTo(field: string, max: number, options: QuantityOptions = {}) {
  let schema = positiveNumber(field).refine((value) => value <= max, {
    error: m.atMost(field, limit(max, options.unit)),
  });
  if (options.integer) {
    schema = schema.refine((value) => Number.isInteger(value), { error: m.integer(field) });
  }
  return schema;
}

/** Like numberUpTo, but zero is refused: an amount eaten or a body weight is never 0. */
export function amountUpTo(field: string, max: number, options: QuantityOptions = {}) {
  return numberUpTo(field, max, options).refine((value) => value > 0, {
    error: m.greaterThanZero(field),
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

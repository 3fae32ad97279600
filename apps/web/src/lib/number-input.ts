import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';

/*
 * Number boxes hold text. These turn that text into numbers the shared schemas check, so
 * that "72,5" (the Spanish way) and "72.5" both work, an empty box counts as 0 (spec §5)
 * and anything else stays text, which the schema refuses with its own "debe ser un número
 * válido". Forms use them through `numberBox` (one field) or `withNumberBoxes` (a shared
 * object schema whose refinements forbid extending it).
 */

export function parseNumberInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(',', '.');
  if (text === '') return 0;
  const number = Number(text);
  return Number.isFinite(number) ? number : value;
}

/** A copy of form values with the named fields parsed as numbers. */
export function withNumbers(values: unknown, fields: readonly string[]): unknown {
  if (typeof values !== 'object' || values === null) return values;
  const copy: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const field of fields) copy[field] = parseNumberInput(copy[field]);
  return copy;
}

/**
 * A shared number schema that reads what a number box holds. `empty` is what a blank box
 * stands for: 0 (spec §5), or null where a field may be left out (a body measurement).
 */
export function numberBox<Schema extends z.ZodType>(schema: Schema, empty: 0 | null = 0) {
  return z.preprocess(
    (value: string) => (value.trim() === '' ? empty : parseNumberInput(value)),
    schema,
  );
}

/**
 * A shared object schema fed by a form of `Values` whose `fields` are number boxes:
 * `withNumberBoxes<FormValues>(['weight_kg'])(weightInputSchema)`. Typing the input as the
 * form's values lets `zodResolver` type the form.
 */
export function withNumberBoxes<Values extends FieldValues>(
  fields: readonly (keyof Values & string)[],
) {
  return <Schema extends z.ZodType>(schema: Schema) =>
    z.preprocess((values: Values) => withNumbers(values, fields), schema);
}

/** A number as a Spanish number box shows it: 72,5. */
export function numberInputValue(value: number | undefined | null): string {
  return value === undefined || value === null ? '' : String(value).replace('.', ',');
}

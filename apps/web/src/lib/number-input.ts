/*
 * Number boxes hold text. These turn that text into numbers the shared schemas check, so
 * that "72,5" (the Spanish way) and "72.5" both work, an empty box counts as 0 (spec §5)
 * and anything else stays text and is reported as "debe ser un número válido".
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

/** A number as a Spanish number box shows it: 72,5. */
export function numberInputValue(value: number | undefined | null): string {
  return value === undefined || value === null ? '' : String(value).replace('.', ',');
}

import { z } from 'zod';
import { validationMessages as m } from './messages';

// A NUL or an unpaired surrogate cannot be stored in PostgreSQL text or round-trip through
// UTF-8, so such text is refused at the edge instead of failing deep inside.
const forbiddenCharacters =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: string): boolean {
  return forbiddenCharacters.test(value);
}

/** Text a person typed: any Unicode except NUL and lone surrogates, kept exactly. */
export function text(field: string, options: { max?: number } = {}) {
  const max = options.max ?? 200;
  return z
    .string({ error: m.string(field) })
    .max(max, { error: m.tooLong(field, max) })
    .refine((value) => !hasForbiddenCharacters(value), { error: m.invalidCharacters(field) });
}

/** Text that must carry something other than white space. */
export function requiredText(field: string, options: { max?: number } = {}) {
  return text(field, options).refine((value) => value.trim().length > 0, {
    error: m.nonEmpty(field),
  });
}

export function email(field = 'El correo electrónico') {
  return z
    .string({ error: m.email(field) })
    .trim()
    .max(254, { error: m.tooLong(field, 254) })
    .pipe(z.email({ error: m.email(field) }));
}

export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: m.oneOf(field, values) });
}

/** A number that is zero or greater; an empty form input counts as 0 (spec §5). */
export function positiveNumber(field: string) {
  return z.preprocess(
    (value) => (value === '' || value === null ? 0 : value),
    z
      .number({ error: m.number(field) })
      .refine((value) => Number.isFinite(value), { error: m.number(field) })
      .refine((value) => value >= 0, { error: m.positiveNumber(field) }),
  );
}

/**
 * A point in time: on the wire an ISO string with milliseconds and `Z`, in code a Date.
 * Parsing (the web client reading an answer) decodes the string; encoding (the server's
 * serialiser) turns the Date back into exactly that string. Only fields declared with it are
 * dates, so a text that happens to look like one stays text.
 */
export const dateTime = z.codec(
  z.iso.datetime({ precision: 3, error: m.date('La fecha') }),
  z.date({ error: m.date('La fecha') }),
  {
    decode: (iso) => new Date(iso),
    encode: (date) => date.toISOString(),
  },
);

export const id = z.uuid();

export function isId(value: string): boolean {
  return id.safeParse(value).success;
}

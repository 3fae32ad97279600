import { z } from 'zod';
import { validationMessages as m } from './messages';
import { lazySchema } from './lazy';

// A NUL or an unpaired surrogate cannot be stored in PostgreSQL text or round-trip through
// UTF-8, so such text is refused at the edge instead of failing deep inside.
const forbiddenCharacters =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: string): boolean {
  return forbiddenCharacters.test(value);
}

/** A condition a value must meet and the message when it does not. */
export interface Condition<T> {
  holds: (value: T) => boolean;
  message: string;
  /** When it fails, the conditions after it are not checked. */
  abort?: boolean;
}

/**
 * One check of several conditions, each reported as `.refine` would report it (in order, each
 * failure an issue of its own). Every `.refine` builds two more schemas, and the web app
 * builds its schemas on a phone when a screen loads (decision 078), so the shared helpers
 * check their conditions with one.
 */
export function meets<T>(...conditions: Condition<T>[]) {
  return (payload: z.core.ParsePayload<T>): void => {
    for (const { holds, message, abort } of conditions) {
      if (holds(payload.value)) continue;
      payload.issues.push({ code: 'custom', input: payload.value, message, continue: !abort });
      if (abort) return;
    }
  };
}

function wellFormedText(field: string, max: number, ...more: Condition<string>[]) {
  return z
    .string({ error: m.string(field) })
    .max(max, { error: m.tooLong(field, max) })
    .check(
      meets<string>(
        { holds: (value) => !hasForbiddenCharacters(value), message: m.invalidCharacters(field) },
        ...more,
      ),
    );
}

/** Text a person typed: any Unicode except NUL and lone surrogates, kept exactly. */
export function text(field: string, options: { max?: number } = {}) {
  return wellFormedText(field, options.max ?? 200);
}

/** Text that must carry something other than white space. */
export function requiredText(field: string, options: { max?: number } = {}) {
  return wellFormedText(field, options.max ?? 200, {
    holds: (value) => value.trim().length > 0,
    message: m.nonEmpty(field),
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

/**
 * A number that is zero or greater; an empty form input counts as 0 (spec §5). `more` are
 * further conditions, checked with the first (`.refine` on the result works too, at the cost
 * of two more schemas each).
 */
export function positiveNumber(field: string, ...more: Condition<number>[]) {
  return z.preprocess(
    (value) => (value === '' || value === null ? 0 : value),
    // zod refuses NaN and the infinities as numbers, with the same message.
    z
      .number({ error: m.number(field) })
      .check(
        meets<number>({ holds: (value) => value >= 0, message: m.positiveNumber(field) }, ...more),
      ),
  );
}

/**
 * A point in time: on the wire an ISO string with milliseconds and `Z`, in code a Date.
 * Parsing (the web client reading an answer) decodes the string; encoding (the server's
 * serialiser) turns the Date back into exactly that string. Only fields declared with it are
 * dates, so a text that happens to look like one stays text.
 */
export const dateTime = lazySchema(() =>
  z.codec(
    z.iso.datetime({ precision: 3, error: m.date('La fecha') }),
    z.date({ error: m.date('La fecha') }),
    {
      decode: (iso) => new Date(iso),
      encode: (date) => date.toISOString(),
    },
  ),
);

export const id = lazySchema(() => z.uuid());

export function isId(value: string): boolean {
  return id.safeParse(value).success;
}

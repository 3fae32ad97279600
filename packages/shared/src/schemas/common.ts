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

// Characters that hide or reorder what is shown, so that a name or a title reads as
// something else in a list, a preview or an e-mail: controls (Cc: CR, LF, ESC…), format
// characters (Cf: bidi overrides and isolates, zero-width characters, tag characters, the soft
// hyphen…) and the line and paragraph separators. A zero-width joiner between two emoji
// (🏋️‍♀️, 👩‍👧) is part of one emoji and stays.
const hiddenInOneLine =
  /(?!(?<=\p{Extended_Pictographic}(?:\uFE0F|\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF})?)\u200D(?=\p{Extended_Pictographic}))[\p{Cc}\p{Cf}\u2028\u2029]/u;
// Text of several lines keeps its line breaks and tabs, and the zero-width joiner and
// non-joiner that emoji sequences and some scripts need; never a bidi control.
const hiddenInLines = /(?![\t\n\r\u200C\u200D])[\p{Cc}\p{Cf}\u2028\u2029]/u;
// Letters that show as nothing (Hangul fillers, the blank Braille pattern): a name of only
// these and white space is empty.
const blank = /^[\s\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** Whether `value` has a character that hides or reorders what is shown (see above). */
export function hasHiddenCharacters(value: string, lines: 'one' | 'several' = 'one'): boolean {
  return (lines === 'one' ? hiddenInOneLine : hiddenInLines).test(value);
}

/** Whether `value` shows nothing: only white space and characters that look like it. */
export function isBlank(value: string): boolean {
  return blank.test(value);
}

/** NFC: the same name typed on two devices is stored, compared and shown the same. */
export function nfc(value: string): string {
  return value.normalize('NFC');
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

/** Single-line text by default; `lines: 'several'` for notes and other free text. */
interface TextOptions {
  max?: number;
  lines?: 'one' | 'several';
}

function wellFormedText(field: string, options: TextOptions, ...more: Condition<string>[]) {
  const max = options.max ?? 200;
  const lines = options.lines ?? 'one';
  return z
    .string({ error: m.string(field) })
    .overwrite(nfc)
    .max(max, { error: m.tooLong(field, max) })
    .check(
      meets<string>(
        {
          holds: (value) => !hasForbiddenCharacters(value),
          message: m.invalidCharacters(field),
          abort: true,
        },
        {
          holds: (value) => !hasHiddenCharacters(value, lines),
          message: lines === 'one' ? m.hiddenCharacters(field) : m.hiddenCharactersInText(field),
          abort: true,
        },
        ...more,
      ),
    );
}

/**
 * Text a person typed, stored in NFC: any Unicode except NUL, lone surrogates and the
 * characters that hide or reorder what is shown (`hasHiddenCharacters`). One line unless
 * `lines: 'several'`, which keeps line breaks and tabs.
 */
export function text(field: string, options: TextOptions = {}) {
  return wellFormedText(field, options);
}

/** Text that must show something other than white space. */
export function requiredText(field: string, options: TextOptions = {}) {
  return wellFormedText(field, options, {
    holds: (value) => !isBlank(value),
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

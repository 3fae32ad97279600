import { z } from 'zod';

// What the schemas do not spell out themselves (an unknown field, a body that is not an
// object) gets zod's own Spanish messages, on the server and in the web app alike.
z.config(z.locales.es());
// In the browser zod checks objects without compiling code: the page's policy forbids `eval`,
// and zod's probe for it, though caught, is a violation the browser reports on every visit.
// The server, with no such policy, keeps zod's compiled checks.
if ('document' in globalThis) z.config({ jitless: true });

/** A field's name as a sentence starts with it, with the gender and number it agrees in. */
export interface FieldLabel {
  label: string;
  gender: 'm' | 'f';
  plural: boolean;
}

/**
 * A field is named either by its label with the article ("La contraseña actual", "Los días
 * de entrenamiento"), whose article gives its gender and number, or by a full FieldLabel for
 * a noun the article does not tell ("El agua" is feminine). A name without an article is
 * spoken of as "El campo «…»".
 */
export type Field = string | FieldLabel;

const articles: Record<string, Omit<FieldLabel, 'label'>> = {
  El: { gender: 'm', plural: false },
  La: { gender: 'f', plural: false },
  Los: { gender: 'm', plural: true },
  Las: { gender: 'f', plural: true },
};

export function fieldLabel(field: Field): FieldLabel {
  if (typeof field !== 'string') return field;
  const agreement = articles[field.split(' ', 1)[0] ?? ''];
  if (agreement) return { label: field, ...agreement };
  return { label: `El campo «${field}»`, gender: 'm', plural: false };
}

/** Picks the form of a word that agrees with the field: [m, f, m plural, f plural]. */
function agree(field: FieldLabel, forms: readonly [string, string, string, string]): string {
  const [masculine, feminine, masculinePlural, femininePlural] = forms;
  if (field.plural) return field.gender === 'f' ? femininePlural : masculinePlural;
  return field.gender === 'f' ? feminine : masculine;
}

/**
 * "{field} debe ser …" or "{fields} deben ser …": the verb agrees with the label, while what
 * it must be stays singular, since one value is checked ("Los días de entrenamiento deben ser
 * un número entero").
 */
function mustBe(what: string) {
  return (field: Field) => `${verb(field, 'debe', 'deben')} ser ${what}`;
}

function verb(field: Field, singular: string, plural: string): string {
  const f = fieldLabel(field);
  return `${f.label} ${f.plural ? plural : singular}`;
}

/** The shared Spanish validation templates (spec §5), agreeing with each field's label. */
export const validationMessages = {
  string: mustBe('un texto válido'),
  nonEmpty: (field: Field) => {
    const f = fieldLabel(field);
    const empty = agree(f, ['vacío', 'vacía', 'vacíos', 'vacías']);
    return `${f.label} no ${f.plural ? 'pueden' : 'puede'} estar ${empty}`;
  },
  number: mustBe('un número válido'),
  positiveNumber: mustBe('un número positivo'),
  greaterThanZero: (field: Field) =>
    `${verb(field, 'debe', 'deben')} ser mayor${fieldLabel(field).plural ? 'es' : ''} que 0`,
  boolean: mustBe('un valor booleano válido'),
  email: mustBe('un correo electrónico válido'),
  oneOf: (field: Field, values: readonly string[]) =>
    mustBe('uno de los valores')(field) + `: ${values.join(', ')}`,
  nonEmptyStringArray: mustBe('una lista de textos no vacíos'),
  invalidCharacters: (field: Field) =>
    `${verb(field, 'contiene', 'contienen')} caracteres no válidos`,
  hiddenCharacters: (field: Field) =>
    `${verb(field, 'contiene', 'contienen')} saltos de línea o caracteres invisibles o de control, que no se admiten`,
  hiddenCharactersInText: (field: Field) =>
    `${verb(field, 'contiene', 'contienen')} caracteres invisibles o de control, que no se admiten`,
  tooLong: (field: Field, max: number) =>
    `${verb(field, 'no puede', 'no pueden')} superar ${max} caracteres`,
  passwordTooShort: 'La contraseña no puede ser menor a 8 caracteres',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  date: mustBe('una fecha válida'),
  integer: mustBe('un número entero'),
  between: (field: Field, min: string, max: string) =>
    `${verb(field, 'debe', 'deben')} estar entre ${min} y ${max}`,
  atMost: (field: Field, max: string) => `${verb(field, 'no puede', 'no pueden')} superar ${max}`,
} as const;

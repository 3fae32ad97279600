import { z } from 'zod';

// What the schemas do not spell out themselves (an unknown field, a body that is not an
// object) gets zod's own Spanish messages, on the server and in the web app alike.
z.config(z.locales.es());

/** The shared Spanish validation templates (spec §5). */

export const validationMessages = {
  string: (field: string) => `${field} debe ser un texto válido`,
  nonEmpty: (field: string) => `${field} no puede estar vacío`,
  number: (field: string) => `${field} debe ser un número válido`,
  positiveNumber: (field: string) => `${field} debe ser un número positivo`,
  boolean: (field: string) => `${field} debe ser un valor booleano válido`,
  email: (field: string) => `${field} debe ser un correo electrónico válido`,
  oneOf: (field: string, values: readonly string[]) =>
    `${field} debe ser uno de los valores: ${values.join(', ')}`,
  nonEmptyStringArray: (field: string) => `${field} debe ser una lista de textos no vacíos`,
  invalidCharacters: (field: string) => `${field} contiene caracteres no válidos`,
  tooLong: (field: string, max: number) => `${field} no puede superar ${max} caracteres`,
  passwordTooShort: 'La contraseña no puede ser menor a 8 caracteres',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  date: (field: string) => `${field} debe ser una fecha válida`,
  integer: (field: string) => `${field} debe ser un número entero`,
  between: (field: string, min: string, max: string) => `${field} debe estar entre ${min} y ${max}`,
  atMost: (field: string, max: string) => `${field} no puede superar ${max}`,
} as const;

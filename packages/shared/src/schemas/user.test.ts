import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '../constants';
import { CONSENT_MESSAGES } from '../errors';
import { hasForbiddenCharacters } from './common';
import { registrationFormSchema, registrationSchema } from './user';

const valid = {
  email: 'ana@example.com',
  password: 'contraseña larga',
  first_name: 'Ana',
  last_name: 'Núñez',
  country: 'ES',
  terms_version: TERMS_VERSION,
};
const formFields = {
  email: valid.email,
  password: valid.password,
  first_name: valid.first_name,
  last_name: valid.last_name,
  country: valid.country,
};

/** The first message of each field, as a form shows it. */
function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

describe('registration', () => {
  it('accepts a complete form and sends it without the confirmation', () => {
    const form = registrationFormSchema.parse({
      ...formFields,
      password_confirmation: valid.password,
      accepts_terms: true,
    });
    expect(registrationSchema.parse({ ...valid })).toEqual(valid);
    expect(form.password_confirmation).toBe(valid.password);
  });

  it('uses the specification messages for short and mismatched passwords', () => {
    expect(
      messages(
        registrationFormSchema.safeParse({
          ...formFields,
          accepts_terms: true,
          password: 'corta',
          password_confirmation: 'x',
        }),
      ),
    ).toMatchObject({
      password: 'La contraseña no puede ser menor a 8 caracteres',
      password_confirmation: 'La contraseña no puede ser menor a 8 caracteres',
    });
    expect(
      messages(
        registrationFormSchema.safeParse({
          ...formFields,
          accepts_terms: true,
          password_confirmation: 'otra contraseña',
        }),
      ),
    ).toEqual({ password_confirmation: 'Las contraseñas no coinciden' });
  });

  it('needs the terms in force accepted, with the same Spanish message on the form and the API', () => {
    for (const terms_version of [undefined, '', '2020-01-01']) {
      expect(messages(registrationSchema.safeParse({ ...valid, terms_version }))).toEqual({
        terms_version: CONSENT_MESSAGES.termsRequired,
      });
    }
    for (const accepts_terms of [undefined, false]) {
      const form = { ...formFields, password_confirmation: valid.password, accepts_terms };
      expect(messages(registrationFormSchema.safeParse(form))).toEqual({
        accepts_terms: CONSENT_MESSAGES.termsRequired,
      });
    }
  });

  it('refuses fields the form does not have, such as a role', () => {
    expect(registrationSchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...valid, enabled: true }).success).toBe(false);
  });

  it('accepts any password of 8 characters or more, never truncating it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 8, maxLength: 300 }), (password) => {
        fc.pre(password.length >= 8 && !hasForbiddenCharacters(password));
        expect(registrationSchema.parse({ ...valid, password }).password).toBe(password);
      }),
    );
  });

  it('wants the country as an ISO 3166-1 alpha-2 code', () => {
    expect(registrationSchema.safeParse({ ...valid, country: 'España' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...valid, country: 'MX' }).success).toBe(true);
  });

  it('requires the country, saying it cannot be empty like the names', () => {
    expect(
      messages(registrationSchema.safeParse({ ...valid, first_name: ' ', country: '' })),
    ).toEqual({
      first_name: 'El nombre no puede estar vacío',
      country: 'El país no puede estar vacío',
    });
    expect(messages(registrationSchema.safeParse({ ...valid, country: 'es' }))).toEqual({
      country: 'El país debe ser un código ISO de dos letras',
    });
  });
});

import fc from 'fast-check';
import { TERMS_VERSION } from '../constants';
import { describe, expect, it } from 'vitest';
import { loginSchema, passwordSchema, refreshSchema } from './auth';
import { hasForbiddenCharacters, hasHiddenCharacters, isBlank } from './common';
import {
  emailVerificationSchema,
  passwordResetSchema,
  registrationSchema,
  userUpdateSchema,
} from './user';

const validPassword = fc
  .string({ unit: 'grapheme', minLength: 8, maxLength: 60 })
  .filter((value) => !hasForbiddenCharacters(value) && value.length >= 8);
const name = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  .filter(
    (value) =>
      !isBlank(value) &&
      !hasForbiddenCharacters(value) &&
      !hasHiddenCharacters(value) &&
      value.length <= 100,
  );
const country = fc.stringMatching(/^[A-Z]{2}$/);
// Addresses people use; RFC 5322 allows stranger ones that the form refuses on purpose.
const email = fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,12})?@[a-z0-9]{1,15}\.[a-z]{2,6}$/);
const registration = fc.record({
  email,
  password: validPassword,
  first_name: name,
  last_name: name,
  country,
  terms_version: fc.constant(TERMS_VERSION),
});

describe('request schemas (properties)', () => {
  it('accept every well-formed registration, keep passwords exactly and names in NFC', () => {
    fc.assert(
      fc.property(registration, (input) => {
        const parsed = registrationSchema.safeParse(input);
        if (!parsed.success) return false;
        return (
          parsed.data.first_name === input.first_name.normalize('NFC') &&
          parsed.data.last_name === input.last_name.normalize('NFC') &&
          parsed.data.password === input.password
        );
      }),
    );
  });

  it('refuse a registration carrying any extra field', () => {
    const forbidden = fc.constantFrom('enabled', 'role', 'trainer_id', 'id', 'user_id', 'status');
    fc.assert(
      fc.property(registration, forbidden, fc.jsonValue(), (input, key, value) => {
        return !registrationSchema.safeParse({ ...input, [key]: value }).success;
      }),
    );
  });

  it('refuse any text with NUL or a lone surrogate, wherever it is put', () => {
    const poison = fc.constantFrom('\u0000', '\ud800', '\udfff');
    fc.assert(
      fc.property(registration, poison, fc.nat(), (input, bad, at) => {
        const inject = (value: string) => {
          const index = at % (value.length + 1);
          return value.slice(0, index) + bad + value.slice(index);
        };
        return (
          !registrationSchema.safeParse({ ...input, first_name: inject(input.first_name) })
            .success &&
          !registrationSchema.safeParse({ ...input, password: inject(input.password) }).success &&
          !userUpdateSchema.safeParse({ last_name: inject(input.last_name) }).success
        );
      }),
    );
  });

  it('refuse passwords under 8 characters with the specified message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 7 }), (password) => {
        const parsed = passwordSchema.safeParse(password);
        return (
          !parsed.success &&
          parsed.error.issues.some(
            (issue) => issue.message === 'La contraseña no puede ser menor a 8 caracteres',
          )
        );
      }),
    );
  });

  it('accept exactly six digits as a verification code', () => {
    fc.assert(
      fc.property(email, fc.string({ maxLength: 10 }), (address, token) => {
        const parsed = emailVerificationSchema.safeParse({ email: address, token });
        return parsed.success === /^\d{6}$/.test(token);
      }),
    );
  });

  it('never throw on arbitrary input, only answer success or failure', () => {
    const schemas = [
      loginSchema,
      refreshSchema,
      registrationSchema,
      emailVerificationSchema,
      passwordResetSchema,
      userUpdateSchema,
    ];
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const schema of schemas) {
          expect(typeof schema.safeParse(value).success).toBe('boolean');
        }
      }),
    );
  });
});

import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants';
import { email, hasForbiddenCharacters, requiredText } from './common';
import { validationMessages as m } from './messages';
import { recoveryCodeSchema, totpCodeSchema } from './two-factor';

/**
 * Any Unicode, at least 8 characters, no composition rules, never truncated. NUL and lone
 * surrogates are refused: they cannot be typed, and a lone surrogate would be hashed as
 * U+FFFD, letting different passwords collide.
 */
export const passwordSchema = z
  .string({ error: m.string('La contraseña') })
  .min(MIN_PASSWORD_LENGTH, { error: m.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { error: m.tooLong('La contraseña', MAX_PASSWORD_LENGTH) })
  .refine((value) => !hasForbiddenCharacters(value), {
    error: m.invalidCharacters('La contraseña'),
  });

export const loginSchema = z.strictObject({
  email: email(),
  password: passwordSchema,
  /** Only for an account with two-factor sign-in, once the server has asked for it. */
  totp_code: totpCodeSchema.optional(),
  recovery_code: recoveryCodeSchema.optional(),
});
export type Login = z.infer<typeof loginSchema>;

export const authTokensSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

export const refreshSchema = z.strictObject({
  refresh_token: requiredText('El token de actualización', { max: 512 }),
});
export type Refresh = z.infer<typeof refreshSchema>;

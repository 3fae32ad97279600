import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants';
import { validationMessages as m } from './messages';

/** Six digits from the authenticator app; spaces between them are allowed and dropped. */
export const totpCodeSchema = z
  .string({ error: m.string('El código') })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'El código debe tener 6 dígitos' }));

/** A recovery code as printed (`abcde-fghjk`); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: m.string('El código de recuperación') })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(
    z.string().regex(/^[a-z0-9]{10}$/, {
      error: 'El código de recuperación tiene 10 letras y números',
    }),
  );

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes; 0 when two-factor sign-in is off. */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** What enrolment answers, once: the secret as text and as an `otpauth://` address for a QR. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmationSchema = z.strictObject({ code: totpCodeSchema });
export type TwoFactorConfirmation = z.infer<typeof twoFactorConfirmationSchema>;

/** The ten recovery codes, answered once when two-factor sign-in is turned on. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning it off takes the password or a current code. */
export const twoFactorDisableSchema = z
  .strictObject({
    password: z
      .string({ error: m.string('La contraseña') })
      .min(1, { error: m.nonEmpty('La contraseña') })
      .max(MAX_PASSWORD_LENGTH)
      .optional(),
    code: totpCodeSchema.optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    error: 'Escribe tu contraseña o un código de tu aplicación de autenticación',
    path: ['password'],
  });
export type TwoFactorDisable = z.infer<typeof twoFactorDisableSchema>;

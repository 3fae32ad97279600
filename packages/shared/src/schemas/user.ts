import { z } from 'zod';
import { REGISTRATION_ROLES, ROLES, TERMS_VERSION } from '../constants';
import { COACHING_MESSAGES, CONSENT_MESSAGES } from '../errors';
import { dateTime, email, id, requiredText, text } from './common';
import { passwordSchema } from './auth';
import { validationMessages as m } from './messages';

/** ISO 3166-1 alpha-2, upper case; required, so an empty choice says so first. */
export const countrySchema = z
  .string({ error: m.string('El país') })
  .min(1, { error: m.nonEmpty('El país'), abort: true })
  .regex(/^[A-Z]{2}$/, { error: 'El país debe ser un código ISO de dos letras' });

export const userSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  country: z.string(),
  profile_picture_url: z.string(),
  /** The linked trainer's id, or '' when the trainee has none. */
  trainer_id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  last_login: dateTime.nullable(),
  enabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userUpdateSchema = z.strictObject({
  first_name: requiredText('El nombre', { max: 100 }).optional(),
  last_name: requiredText('El apellido', { max: 100 }).optional(),
  country: countrySchema.optional(),
  profile_picture_url: text('La foto de perfil', { max: 2048 }).optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** What the server receives on registration: the form without the confirmation. */
export const registrationSchema = z.strictObject({
  email: email(),
  password: passwordSchema,
  first_name: requiredText('El nombre', { max: 100 }),
  last_name: requiredText('El apellido', { max: 100 }),
  country: countrySchema,
  /** The terms the person accepted: only the version in force is accepted. */
  terms_version: z.literal(TERMS_VERSION, { error: CONSENT_MESSAGES.termsRequired }),
  /** A trainee unless told otherwise; an admin is never made here. */
  role: z.enum(REGISTRATION_ROLES, { error: COACHING_MESSAGES.roleInvalid }).optional(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** The registration form as the user fills it in: a ticked box stands for the terms. */
export const registrationFormSchema = registrationSchema
  .omit({ terms_version: true })
  .extend({
    password_confirmation: passwordSchema,
    accepts_terms: z
      .boolean({ error: CONSENT_MESSAGES.termsRequired })
      .refine((accepted) => accepted, { error: CONSENT_MESSAGES.termsRequired }),
  })
  .refine((form) => form.password === form.password_confirmation, {
    error: m.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

export const emailVerificationSchema = z.strictObject({
  email: email(),
  token: z
    .string({ error: m.string('El código') })
    .regex(/^\d{6}$/, { error: 'El código debe tener 6 dígitos' }),
});
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

export const emailOnlySchema = z.strictObject({ email: email() });
export type EmailOnly = z.infer<typeof emailOnlySchema>;

export const passwordResetTriggerSchema = emailOnlySchema;
export type PasswordResetTrigger = z.infer<typeof passwordResetTriggerSchema>;

export const passwordResetSchema = z.strictObject({
  email: email(),
  password: passwordSchema,
  token: requiredText('El token', { max: 512 }),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const passwordChangeSchema = z.strictObject({
  current_password: z.string({ error: m.string('La contraseña actual') }).min(1, {
    error: m.nonEmpty('La contraseña actual'),
  }),
  password: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

const usersLimitMessage = 'El límite debe ser un número entero entre 1 y 1000';

/**
 * `GET /users/?limit=n`: the first n of the list, the current user first. The web app asks
 * for 1, itself: a trainer's list holds all their trainees.
 */
export const usersQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: usersLimitMessage })
    .int({ error: usersLimitMessage })
    .min(1, { error: usersLimitMessage })
    .max(1000, { error: usersLimitMessage })
    .optional(),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

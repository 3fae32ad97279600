import { z } from 'zod';
import { id, oneOf, text } from './common';
import { validationMessages as m } from './messages';

export const METRIC_SYSTEMS = ['metric', 'imperial'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
export const LANGUAGES = ['es'] as const;
/** The time zone of people who have not chosen one. */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

function isIanaTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timezoneSchema = z
  .string({ error: m.string('La zona horaria') })
  .max(64)
  .refine(isIanaTimezone, { error: 'La zona horaria no es válida' });

const preferenceFields = {
  metric_system: oneOf('El sistema de medida', METRIC_SYSTEMS),
  theme: oneOf('El tema', THEMES),
  language: oneOf('El idioma', LANGUAGES),
  timezone: timezoneSchema,
  extra: text('El campo extra', { max: 10_000, lines: 'several' }),
};

export const userPreferencesSchema = z.object({
  id,
  user_id: id,
  metric_system: z.enum(METRIC_SYSTEMS),
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  timezone: z.string(),
  extra: z.string(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const userPreferencesCreateSchema = z.strictObject({
  metric_system: preferenceFields.metric_system.default('metric'),
  theme: preferenceFields.theme.default('system'),
  language: preferenceFields.language.default('es'),
  timezone: preferenceFields.timezone.default(DEFAULT_TIME_ZONE),
  extra: preferenceFields.extra.default(''),
});
export type UserPreferencesCreate = z.input<typeof userPreferencesCreateSchema>;

export const userPreferencesUpdateSchema = z.strictObject({
  metric_system: preferenceFields.metric_system.optional(),
  theme: preferenceFields.theme.optional(),
  language: preferenceFields.language.optional(),
  timezone: preferenceFields.timezone.optional(),
  extra: preferenceFields.extra.optional(),
});
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdateSchema>;

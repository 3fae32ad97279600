import { z } from 'zod';
import { CONSENT_AREAS, MAX_INVITATION_DAYS, MAX_INVITATION_USES } from '../constants';
import { dateTime, id } from './common';
import { validationMessages as m } from './messages';

const areaBoolean = (field: string) => z.boolean({ error: m.boolean(field) });

/** What a trainee shares with their trainer: each area, yes or no, all four stated. */
export const consentAreasSchema = z.strictObject({
  diary: areaBoolean('El diario'),
  training: areaBoolean('El entrenamiento'),
  body: areaBoolean('El cuerpo'),
  check_ins: areaBoolean('Las revisiones'),
});
export type ConsentAreas = z.infer<typeof consentAreasSchema>;

function wholeNumber(field: string, min: number, max: number) {
  return z
    .number({ error: m.number(field) })
    .int({ error: m.integer(field) })
    .min(min, { error: m.between(field, String(min), String(max)) })
    .max(max, { error: m.between(field, String(min), String(max)) });
}

/** A new invitation: how many people may accept it, and for how many days. */
export const invitationCreateSchema = z.strictObject({
  max_uses: wholeNumber('El número de usos', 1, MAX_INVITATION_USES).optional(),
  expires_in_days: wholeNumber('La validez en días', 1, MAX_INVITATION_DAYS).optional(),
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

/** An open invitation as its trainer lists it: the code itself is shown only once. */
export const invitationSummarySchema = z.object({
  id,
  expires_at: dateTime,
  uses_left: z.number().int(),
  max_uses: z.number().int(),
  created_at: dateTime,
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** A new invitation: its code and the link to send, shown this once. */
export const invitationSchema = invitationSummarySchema.extend({
  code: z.string(),
  url: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What anyone holding the link sees before accepting it: who invites and what is asked. */
export const invitationPreviewSchema = z.object({
  trainer: z.object({ first_name: z.string(), last_name: z.string() }),
  areas: z.array(z.enum(CONSENT_AREAS)),
  expires_at: dateTime,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Accepting an invitation: what the trainee chooses to share. */
export const invitationAcceptanceSchema = z.strictObject({ consent: consentAreasSchema });
export type InvitationAcceptance = z.infer<typeof invitationAcceptanceSchema>;

/** A trainee's trainer and what the trainee shares with them. */
export const traineeTrainerSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  profile_picture_url: z.string(),
  consent: consentAreasSchema,
});
export type TraineeTrainer = z.infer<typeof traineeTrainerSchema>;

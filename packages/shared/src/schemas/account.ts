import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants';

/** The word a person types to confirm that their account and all its data go. */
export const ACCOUNT_DELETION_WORD = 'ELIMINAR';

/** Deleting needs the word, exactly as written, and the current password. */
export const accountDeletionSchema = z.strictObject({
  confirmation: z.string({ error: `Escribe ${ACCOUNT_DELETION_WORD} para confirmar` }),
  password: z
    .string({ error: 'Escribe tu contraseña para confirmar' })
    .min(1, { error: 'Escribe tu contraseña para confirmar' })
    .max(MAX_PASSWORD_LENGTH, {
      error: `La contraseña no puede superar ${MAX_PASSWORD_LENGTH} caracteres`,
    }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const profilePictureSchema = z.object({
  /** Where the picture is served; also the user's new `profile_picture_url`. */
  profile_picture_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProfilePicture = z.infer<typeof profilePictureSchema>;

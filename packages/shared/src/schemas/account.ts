import { z } from 'zod';

/** The word a person types to confirm that their account and all its data go. */
export const ACCOUNT_DELETION_WORD = 'ELIMINAR';

export const accountDeletionSchema = z.strictObject({
  confirmation: z.string({ error: `Escribe ${ACCOUNT_DELETION_WORD} para confirmar` }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const profilePictureSchema = z.object({
  /** Where the picture is served; also the user's new `profile_picture_url`. */
  profile_picture_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProfilePicture = z.infer<typeof profilePictureSchema>;

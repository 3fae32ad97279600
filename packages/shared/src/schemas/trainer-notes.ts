import { z } from 'zod';
import { MAX_NOTE_LENGTH } from '../constants';
import { dateTime, hasForbiddenCharacters, hasHiddenCharacters, id, nfc } from './common';
import { validationMessages as m } from './messages';

/*
 * A trainer's private notes about one of their trainees (decision 057): only that trainer
 * reads them, never the trainee nor a later trainer, and they end with the link.
 */

/** The text of a note: trimmed, 1 to 4000 characters. */
export const noteBodySchema = z
  .string({ error: m.string('La nota') })
  .overwrite(nfc)
  .trim()
  .min(1, { error: 'La nota no puede estar vacía' })
  .max(MAX_NOTE_LENGTH, { error: m.tooLong('La nota', MAX_NOTE_LENGTH) })
  .refine((value) => !hasForbiddenCharacters(value), {
    error: m.invalidCharacters('La nota'),
    abort: true,
  })
  .refine((value) => !hasHiddenCharacters(value, 'several'), {
    error: m.hiddenCharactersInText('La nota'),
  });

export const noteInputSchema = z.strictObject({ body: noteBodySchema });
export type NoteInput = z.input<typeof noteInputSchema>;

export const noteParamsSchema = z.object({ id: z.string(), note_id: z.string() });

export const noteSchema = z.object({
  id,
  body: z.string(),
  created_at: dateTime,
  updated_at: dateTime,
});
export type Note = z.infer<typeof noteSchema>;

/** Newest first (by when they were written). */
export const noteListSchema = z.array(noteSchema);

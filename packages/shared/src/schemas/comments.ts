import { z } from 'zod';
import { MAX_COMMENT_LENGTH } from '../constants';
import { dateTime, hasForbiddenCharacters, hasHiddenCharacters, id, nfc, oneOf } from './common';
import { MEALS, mealSchema } from './diary';
import { validationMessages as m } from './messages';
import { localDateSchema } from './quantities';

/*
 * Comments between a trainee and their trainer (decision 055): on a day of the diary, on one
 * of its meals or on a training session. Both sides write on the same target; the thread of a
 * target is its comments in the order they were written.
 */

export const COMMENT_TARGETS = ['day', 'meal', 'workout'] as const;
export type CommentTarget = (typeof COMMENT_TARGETS)[number];

/** The text of a comment: trimmed, 1 to 2000 characters. */
export const commentBodySchema = z
  .string({ error: m.string('El comentario') })
  .overwrite(nfc)
  .trim()
  .min(1, { error: m.nonEmpty('El comentario') })
  .max(MAX_COMMENT_LENGTH, { error: m.tooLong('El comentario', MAX_COMMENT_LENGTH) })
  .refine((value) => !hasForbiddenCharacters(value), {
    error: m.invalidCharacters('El comentario'),
    abort: true,
  })
  .refine((value) => !hasHiddenCharacters(value, 'several'), {
    error: m.hiddenCharactersInText('El comentario'),
  });

/** What a comment is written on, within the day the call names. */
export const commentTargetInputSchema = z.discriminatedUnion(
  'target',
  [
    z.strictObject({ target: z.literal('day'), body: commentBodySchema }),
    z.strictObject({ target: z.literal('meal'), meal: mealSchema, body: commentBodySchema }),
    z.strictObject({ target: z.literal('workout'), workout_id: id, body: commentBodySchema }),
  ],
  { error: m.oneOf('El destino del comentario', COMMENT_TARGETS) },
);
export type CommentInput = z.input<typeof commentTargetInputSchema>;

export const commentDateQuerySchema = z.strictObject({ date: localDateSchema });

export const commentSchema = z.object({
  id,
  target: oneOf('El destino del comentario', COMMENT_TARGETS),
  date: z.string(),
  /** The meal, for a comment on a meal; null otherwise. */
  meal: z.enum(MEALS).nullable(),
  /** The session, for a comment on one; null otherwise. */
  workout_id: id.nullable(),
  body: z.string(),
  /** Which side of the pair wrote it. */
  by: z.enum(['trainer', 'trainee']),
  author: z.object({ id, first_name: z.string(), last_name: z.string() }),
  created_at: dateTime,
  /** When the other side first read it; null while unread. */
  read_at: dateTime.nullable(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.array(commentSchema);

/** For home: how many of their trainers' comments are unread, and the latest few of them. */
export const MAX_LATEST_COMMENTS = 3;
export const unreadCommentsSchema = z.object({
  count: z.number(),
  /** Their trainers' newest comments, read or not, newest first (at most 3). */
  latest: z.array(commentSchema),
});
export type UnreadComments = z.infer<typeof unreadCommentsSchema>;

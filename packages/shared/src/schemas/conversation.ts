import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from '../constants';
import { dateTime, hasForbiddenCharacters, hasHiddenCharacters, id, nfc } from './common';
import { validationMessages as m } from './messages';

/*
 * The conversation of a trainee and their trainer (decision 060): text and photos, read
 * receipts and unread counts, and the event stream that carries them live.
 */

/** The text of a message: trimmed, 1 to 2000 characters. */
export const messageBodySchema = z
  .string({ error: m.string('El mensaje') })
  .overwrite(nfc)
  .trim()
  .min(1, { error: m.nonEmpty('El mensaje') })
  .max(MAX_MESSAGE_LENGTH, { error: m.tooLong('El mensaje', MAX_MESSAGE_LENGTH) })
  .refine((value) => !hasForbiddenCharacters(value), {
    error: m.invalidCharacters('El mensaje'),
    abort: true,
  })
  .refine((value) => !hasHiddenCharacters(value, 'several'), {
    error: m.hiddenCharactersInText('El mensaje'),
  });

export const messageInputSchema = z.strictObject({ body: messageBodySchema });
export type MessageInput = z.input<typeof messageInputSchema>;

/** The photo of a photo message: asked for by its id, with the access token. */
export const messagePhotoSchema = z.object({ id, width: z.number(), height: z.number() });

export const messageSchema = z.object({
  id,
  /** Which side of the pair wrote it. */
  by: z.enum(['trainer', 'trainee']),
  /** The text; empty for a photo. */
  body: z.string(),
  photo: messagePhotoSchema.nullable(),
  created_at: dateTime,
  /** When the other side read it; null while unread. */
  read_at: dateTime.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** The person on the other side of the conversation. */
export const correspondentSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  profile_picture_url: z.string(),
});

/** One page of history, oldest first; `next_cursor` asks for the page before it. */
export const conversationPageSchema = z.object({
  with: correspondentSchema,
  messages: z.array(messageSchema),
  next_cursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const conversationQuerySchema = z.strictObject({
  before: z
    .string({ error: m.string('El cursor') })
    .regex(/^[1-9][0-9]{0,15}$/, { error: 'El cursor no es válido' })
    .optional(),
});

/** Marks as read every message of the other side up to this one (included). */
export const markReadInputSchema = z.strictObject({ up_to: id });
export const unreadMessagesSchema = z.object({ count: z.number() });
export const trainerUnreadMessagesSchema = z.object({
  count: z.number(),
  /** The trainees with something unread, with how much. */
  trainees: z.array(
    z.object({
      trainee_id: id,
      first_name: z.string(),
      last_name: z.string(),
      count: z.number(),
    }),
  ),
});
export type TrainerUnreadMessages = z.infer<typeof trainerUnreadMessagesSchema>;

/** What a stream sends for a new message: the conversation (its trainee) and the message. */
export const messageEventSchema = z.object({
  trainee_id: id,
  trainer_id: id,
  message: messageSchema,
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

/** What a stream sends when one side has read the other's messages up to one. */
export const messageReadEventSchema = z.object({
  trainee_id: id,
  trainer_id: id,
  reader: z.enum(['trainer', 'trainee']),
  up_to: id,
  read_at: dateTime,
});
export type MessageReadEvent = z.infer<typeof messageReadEventSchema>;

export const EVENT_KINDS = ['message', 'message_read', 'notification'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const streamTicketSchema = z.object({ ticket: z.string(), expires_at: dateTime });
export const eventStreamQuerySchema = z.strictObject({
  ticket: z.string({ error: m.string('El ticket') }).max(64, { error: m.tooLong('El ticket', 64) }),
  /** The last event received, for a client that cannot send Last-Event-ID. */
  after: z
    .string({ error: m.string('El último evento') })
    .regex(/^(0|[1-9][0-9]{0,15})$/, { error: 'El último evento recibido no es válido' })
    .optional(),
});

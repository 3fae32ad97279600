import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  conversationPageSchema,
  messageSchema,
  trainerUnreadMessagesSchema,
  unreadMessagesSchema,
} from '@forja/shared/schemas/conversation';
import { http } from '#lib/http';
import { conversationKey, unreadMessagesKey } from '#lib/query-keys';

/** Whose screen it is: the trainee's own conversation, or the trainer's with one trainee. */
export interface Side {
  role: 'trainee' | 'trainer';
  /** The trainee of the pair: the signed-in trainee, or the trainer's client. */
  traineeId: string;
}

function basePath(side: Side): string {
  return side.role === 'trainee'
    ? '/messages/'
    : `/trainers/trainees/${encodeURIComponent(side.traineeId)}/messages/`;
}

/** The conversation, newest page first; each page is oldest first. */
export function conversationQuery(side: Side) {
  return infiniteQueryOptions({
    queryKey: conversationKey(side.traineeId),
    queryFn: ({ pageParam }) =>
      http.get(basePath(side), {
        schema: conversationPageSchema,
        ...(pageParam ? { query: { before: pageParam } } : {}),
        invalidResponseMessage: 'Ocurrió un error al obtener los mensajes',
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function sendText(side: Side, body: string) {
  return http.post(basePath(side), {
    schema: messageSchema,
    body: { body },
    invalidResponseMessage: 'Ocurrió un error al enviar el mensaje',
  });
}

/** Sends the photo as the browser has it; the server shrinks it and removes its metadata. */
export function sendPhoto(side: Side, file: File) {
  const form = new FormData();
  form.append('photo', file);
  return http.post(`${basePath(side)}photos/`, {
    schema: messageSchema,
    body: form,
    invalidResponseMessage: 'Ocurrió un error al enviar la foto',
  });
}

export function markRead(side: Side, upTo: string) {
  return http.post(`${basePath(side)}read/`, {
    schema: unreadMessagesSchema,
    body: { up_to: upTo },
    invalidResponseMessage: 'Ocurrió un error al marcar los mensajes como leídos',
  });
}

/** A photo of the conversation, asked for with the access token: never a public address. */
export function photoBlob(photoId: string) {
  return http.blob(`/messages/photos/${encodeURIComponent(photoId)}/`);
}

/** The trainee's unread messages, for their navigation. */
export const traineeUnreadQuery = queryOptions({
  queryKey: [...unreadMessagesKey, 'trainee'] as const,
  queryFn: () =>
    http.get('/messages/unread/', {
      schema: unreadMessagesSchema,
      invalidResponseMessage: 'Ocurrió un error al contar los mensajes',
    }),
});

/** The trainer's unread messages, in all and per trainee, for their navigation and inbox. */
export const trainerUnreadQuery = queryOptions({
  queryKey: [...unreadMessagesKey, 'trainer'] as const,
  queryFn: () =>
    http.get('/trainers/messages/unread/', {
      schema: trainerUnreadMessagesSchema,
      invalidResponseMessage: 'Ocurrió un error al contar los mensajes',
    }),
});

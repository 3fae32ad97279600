import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  checkInFormSchema,
  checkInFormsSchema,
  checkInListSchema,
  effectiveCheckInFormSchema,
  reviewItemSchema,
  reviewListSchema,
  type CheckInFormInput,
  type CheckInStatus,
} from '@forja/shared/schemas/check-ins';
import { http } from '#lib/http';

/** Where a form is saved: the trainer's default, a group's (a tag) or one trainee's. */
export type FormTarget =
  { scope: 'default' } | { scope: 'group'; tag: string } | { scope: 'trainee'; traineeId: string };

function formPath(target: FormTarget): string {
  switch (target.scope) {
    case 'default':
      return '/trainers/check-in-forms/default/';
    case 'group':
      return `/trainers/check-in-forms/groups/${encodeURIComponent(target.tag)}/`;
    case 'trainee':
      return `/trainers/check-in-forms/trainees/${encodeURIComponent(target.traineeId)}/`;
  }
}

export const reviewsKey = ['trainers', 'check-ins'] as const;
export const checkInFormsKey = ['trainers', 'check-in-forms'] as const;

export function reviewListQuery(status: CheckInStatus) {
  return queryOptions({
    queryKey: [...reviewsKey, 'list', status],
    queryFn: () =>
      http.get('/trainers/check-ins/', {
        schema: reviewListSchema,
        query: { status },
        invalidResponseMessage: 'Ocurrió un error al obtener las revisiones',
      }),
  });
}

export function reviewQuery(checkInId: string) {
  return queryOptions({
    queryKey: [...reviewsKey, 'one', checkInId],
    queryFn: () =>
      http.get(`/trainers/check-ins/${encodeURIComponent(checkInId)}/`, {
        schema: reviewItemSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener la revisión',
      }),
  });
}

export function traineeCheckInsQuery(traineeId: string) {
  return queryOptions({
    queryKey: [...reviewsKey, 'trainee', traineeId],
    queryFn: () =>
      http.get(`/trainers/trainees/${encodeURIComponent(traineeId)}/check-ins/`, {
        schema: checkInListSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener las revisiones del cliente',
      }),
  });
}

export function replyToCheckIn(checkInId: string, body: string) {
  return http.post(`/trainers/check-ins/${encodeURIComponent(checkInId)}/reply/`, {
    schema: reviewItemSchema,
    body: { body },
    invalidResponseMessage: 'Ocurrió un error al enviar tu respuesta',
  });
}

export const checkInFormsQuery = queryOptions({
  queryKey: checkInFormsKey,
  queryFn: () =>
    http.get('/trainers/check-in-forms/', {
      schema: checkInFormsSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener tus formularios de revisión',
    }),
});

export function traineeFormQuery(traineeId: string) {
  return queryOptions({
    queryKey: [...checkInFormsKey, 'trainee', traineeId],
    queryFn: () =>
      http.get(`/trainers/trainees/${encodeURIComponent(traineeId)}/check-in-form/`, {
        schema: effectiveCheckInFormSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener el formulario del cliente',
      }),
  });
}

export function saveForm(target: FormTarget, form: CheckInFormInput) {
  return http.put(formPath(target), {
    schema: checkInFormSchema,
    body: form,
    invalidResponseMessage: 'Ocurrió un error al guardar el formulario',
  });
}

export async function deleteForm(target: FormTarget) {
  await http.delete(formPath(target), { schema: z.unknown() });
}

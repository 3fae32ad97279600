import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  checkInListSchema,
  checkInSchema,
  currentCheckInSchema,
  progressPhotoSchema,
  type CheckInAnswers,
  type PhotoPose,
} from '@forja/shared/schemas/check-ins';
import { http } from '#lib/http';

export const currentCheckInKey = ['check-ins', 'current'] as const;
export const ownCheckInsKey = ['check-ins', 'list'] as const;

/** This week's check-in; null without a trainer the trainee shares check-ins with. */
export const currentCheckInQuery = queryOptions({
  queryKey: currentCheckInKey,
  queryFn: () =>
    http.get('/check-ins/current/', {
      schema: currentCheckInSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener tu revisión semanal',
    }),
});

/** Every check-in sent, newest first: the history and the photos to compare. */
export const ownCheckInsQuery = queryOptions({
  queryKey: ownCheckInsKey,
  queryFn: () =>
    http.get('/check-ins/', {
      schema: checkInListSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener tus revisiones',
    }),
});

export function sendCheckIn(week: string, answers: CheckInAnswers) {
  return http.put(`/check-ins/${encodeURIComponent(week)}/`, {
    schema: checkInSchema,
    body: { answers, health_data_consent: true },
    invalidResponseMessage: 'Ocurrió un error al enviar tu revisión',
  });
}

export function uploadPhoto(checkInId: string, pose: PhotoPose, file: File) {
  const body = new FormData();
  body.append('photo', file);
  return http.post(`/check-ins/${encodeURIComponent(checkInId)}/photos/`, {
    schema: progressPhotoSchema,
    body,
    query: { pose },
    invalidResponseMessage: 'Ocurrió un error al subir la foto',
  });
}

export async function deletePhoto(photoId: string) {
  await http.delete(`/progress-photos/${encodeURIComponent(photoId)}/`, { schema: z.unknown() });
}

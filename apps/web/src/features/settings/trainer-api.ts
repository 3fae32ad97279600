import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  traineeTrainerSchema,
  type ConsentAreas,
  type TraineeTrainer,
} from '@forja/shared/schemas/trainers';
import { healthAnswerSchema, type HealthAnswer } from '@forja/shared/schemas/onboarding';
import { ApiError } from '#lib/api-error';
import { http } from '#lib/http';

const INVALID = 'Ocurrió un error al obtener tu entrenador';

function base(userId: string) {
  return `/users/${encodeURIComponent(userId)}/trainer`;
}

/** The trainee's trainer and what they share with them, or null without a trainer. */
export function traineeTrainerQuery(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'trainer'],
    queryFn: async (): Promise<TraineeTrainer | null> => {
      try {
        return await http.get(`${base(userId)}/`, {
          schema: traineeTrainerSchema,
          invalidResponseMessage: INVALID,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Replaces the four areas at once; the trainer sees the change on their next read. */
export function saveTrainerConsent(userId: string, consent: ConsentAreas): Promise<TraineeTrainer> {
  return http.put(`${base(userId)}/consent/`, {
    schema: traineeTrainerSchema,
    body: consent,
    invalidResponseMessage: INVALID,
  });
}

/** Ends the link: the trainer no longer sees anything, and their target override goes. */
export async function endTrainerLink(userId: string): Promise<void> {
  await http.delete(`${base(userId)}/`, { schema: z.unknown() });
}

function healthPath(userId: string) {
  return `/users/${encodeURIComponent(userId)}/onboarding/health/`;
}

/** The trainee's answer to the health step, which says whether the trainer sees it; null before. */
export function healthAnswerQuery(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'onboarding', 'health'],
    queryFn: (): Promise<HealthAnswer | null> =>
      http.get(healthPath(userId), {
        schema: healthAnswerSchema.nullable(),
        invalidResponseMessage: 'Ocurrió un error al obtener tus respuestas de salud',
      }),
  });
}

/**
 * Shares the health answers with the trainer, or stops: the same answer saved again with that
 * choice alone changed. The four areas stay as they are.
 */
export async function saveHealthSharing(
  userId: string,
  answer: HealthAnswer,
  share: boolean,
): Promise<HealthAnswer> {
  if (share) {
    const body = answer.health_data_consent
      ? { ...answer, share_with_trainer: true }
      : { health_data_consent: false, share_with_trainer: true };
    await http.put(healthPath(userId), { schema: z.unknown(), body });
  } else {
    // Stopping needs no plan: the consents' own call, outside the subscription gate.
    await http.delete(`/users/${encodeURIComponent(userId)}/consents/trainer-health/`, {
      schema: z.unknown(),
    });
  }
  return { ...answer, share_with_trainer: share };
}

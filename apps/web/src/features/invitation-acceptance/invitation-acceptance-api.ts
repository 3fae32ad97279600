import { queryOptions } from '@tanstack/react-query';
import {
  invitationPreviewSchema,
  traineeTrainerSchema,
  type ConsentAreas,
  type TraineeTrainer,
} from '@forja/shared/schemas/trainers';
import { http } from '#lib/http';

/** Who invites and what they ask to see; anyone holding the link may read it. */
export function invitationPreviewQuery(code: string) {
  return queryOptions({
    queryKey: ['invitations', code],
    queryFn: () =>
      http.get(`/invitations/${encodeURIComponent(code)}/`, {
        schema: invitationPreviewSchema,
        auth: 'none',
        invalidResponseMessage: 'Ocurrió un error al obtener la invitación',
      }),
    // A used or revoked invitation must not be shown as open from an old read.
    staleTime: 0,
  });
}

/** Accepts the invitation with what the trainee chooses to share; answers their trainer. */
export function acceptInvitation(code: string, consent: ConsentAreas): Promise<TraineeTrainer> {
  return http.post(`/trainers/invitations/${encodeURIComponent(code)}/acceptance/`, {
    schema: traineeTrainerSchema,
    body: { consent },
    invalidResponseMessage: 'Ocurrió un error al aceptar la invitación',
  });
}

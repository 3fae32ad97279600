import { queryOptions } from '@tanstack/react-query';
import { API_ERRORS } from '@forja/shared/errors';
import {
  targetProposalSchema,
  targetProposalsSchema,
  type TrainerProposalDecision,
} from '@forja/shared/schemas/target-proposals';
import { ApiError } from './api-error';
import { http } from './http';

/*
 * A trainee's weekly proposals of a new energy target, as their trainer reads and decides
 * them (decision 066): in Hoy and in the file's Objetivos. Features never import each other,
 * so both take them from here.
 */

const path = (traineeId: string) =>
  `/trainers/trainees/${encodeURIComponent(traineeId)}/proposals/`;

export const traineeProposalsKey = (traineeId: string) =>
  ['trainers', 'trainees', traineeId, 'proposals'] as const;

/** The trainee's proposals, newest first; a 404 unless they share both body and diary. */
export function traineeProposalsQuery(traineeId: string) {
  return queryOptions({
    queryKey: traineeProposalsKey(traineeId),
    queryFn: () =>
      http.get(path(traineeId), {
        schema: targetProposalsSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener los ajustes semanales del cliente',
      }),
  });
}

/** Approves (perhaps with another energy) or rejects a proposal; answers it as decided. */
export function decideTraineeProposal(
  traineeId: string,
  proposalId: string,
  decision: TrainerProposalDecision,
) {
  return http.put(`${path(traineeId)}${encodeURIComponent(proposalId)}/decision/`, {
    schema: targetProposalSchema,
    body: decision,
    invalidResponseMessage: 'Ocurrió un error al guardar tu decisión',
  });
}

/** The server's 400 for an energy below the trainee's floor that was not confirmed. */
export function isEnergyBelowMinimum(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === API_ERRORS.energyBelowMinimum.status &&
    error.serverError === API_ERRORS.energyBelowMinimum.error
  );
}

import { queryOptions } from '@tanstack/react-query';
import { traineeTargetsSchema, type TargetOverrideInput } from '@forja/shared/schemas/targets';
import { http } from '#lib/http';

const path = (traineeId: string) => `/users/${encodeURIComponent(traineeId)}/targets/`;

export const traineeTargetsKey = (traineeId: string) =>
  ['trainers', 'trainees', traineeId, 'targets'] as const;

/** The trainee's targets: the formula's, the trainer's, what they are given, the history. */
export function traineeTargetsQuery(traineeId: string) {
  return queryOptions({
    queryKey: traineeTargetsKey(traineeId),
    queryFn: () =>
      http.get(path(traineeId), {
        schema: traineeTargetsSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener los objetivos del cliente',
      }),
  });
}

/** Prescribes the energy (and protein and fat, when given); answers the targets as they are. */
export function setTraineeTargets(traineeId: string, input: TargetOverrideInput) {
  return http.put(path(traineeId), {
    schema: traineeTargetsSchema,
    body: input,
    invalidResponseMessage: 'Ocurrió un error al guardar los objetivos',
  });
}

/** Takes the trainee back to the formula's targets. */
export function clearTraineeTargets(traineeId: string) {
  return http.delete(path(traineeId), {
    schema: traineeTargetsSchema,
    invalidResponseMessage: 'Ocurrió un error al volver a los objetivos de la fórmula',
  });
}

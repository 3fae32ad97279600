import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  targetProposalSchema,
  targetProposalsSchema,
  type TraineeProposalDecision,
} from '@forja/shared/schemas/target-proposals';
import { targetChangeSchema } from '@forja/shared/schemas/targets';
import { http } from '#lib/http';

/** The weekly proposals and the history of changes: what a decision makes out of date. */
export const proposalsKey = ['target-proposals'] as const;

/**
 * The trainee's weekly proposals of a new energy target, newest first, and who decides them.
 * Reading them is also what makes this week's proposal when one is due.
 */
export const proposalsQuery = queryOptions({
  queryKey: [...proposalsKey, 'list'],
  queryFn: () =>
    http.get('/targets/proposals/', {
      schema: targetProposalsSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener el ajuste de tu objetivo',
    }),
});

/** Every change of the trainee's targets, newest first: who, when and why. */
export const targetHistoryQuery = queryOptions({
  queryKey: [...proposalsKey, 'history'],
  queryFn: () =>
    http.get('/targets/history/', {
      schema: z.array(targetChangeSchema),
      invalidResponseMessage: 'Ocurrió un error al obtener los cambios de tu objetivo',
    }),
});

/** Takes the proposed target, or keeps the current one; answers the proposal as decided. */
export function decideProposal(proposalId: string, decision: TraineeProposalDecision['decision']) {
  return http.put(`/targets/proposals/${encodeURIComponent(proposalId)}/decision/`, {
    schema: targetProposalSchema,
    body: { decision },
    invalidResponseMessage: 'Ocurrió un error al guardar tu decisión',
  });
}

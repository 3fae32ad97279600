import { formatSpanishNumber } from '@forja/shared/schemas/onboarding';
import type { Rule } from './rule';

/**
 * A weekly proposal of a new energy target waiting for the trainer's decision (decision
 * 066), from the day it was made. Deciding it ends it; next week's starts anew.
 */
export const targetProposal: Rule = (trainee) => {
  const proposal = trainee.pending_proposal;
  if (proposal === null || !trainee.shares.body || !trainee.shares.diary) return null;
  const kcal = (value: number) => `${formatSpanishNumber(value)} kcal`;
  const direction =
    proposal.proposed_energy_kcal > proposal.current_energy_kcal ? 'subir' : 'bajar';
  return {
    rule: 'target_proposal',
    severity: 'medium',
    detail: `Ajuste semanal: ${direction} su objetivo de ${kcal(proposal.current_energy_kcal)} a ${kcal(proposal.proposed_energy_kcal)}; su gasto real es de unas ${kcal(proposal.expenditure_kcal)}`,
    since: proposal.made_on,
    clipped: false,
    proposal,
  };
};

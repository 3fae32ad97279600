import { describe, expect, it } from 'vitest';
import { snapshot } from '#test/trainee-snapshot';
import { targetProposal } from './target-proposal';

const proposal = {
  id: '00000000-0000-4000-8000-0000000000aa',
  made_on: '2026-11-16',
  current_energy_kcal: 1900,
  proposed_energy_kcal: 2050,
  expenditure_kcal: 2650,
};

describe('target_proposal', () => {
  it('fires from the day the proposal was made, saying which way and why', () => {
    expect(targetProposal(snapshot({ pending_proposal: proposal }))).toEqual({
      rule: 'target_proposal',
      severity: 'medium',
      detail:
        'Ajuste semanal: subir su objetivo de 1900 kcal a 2050 kcal; su gasto real es de unas 2650 kcal',
      since: '2026-11-16',
      clipped: false,
      proposal,
    });
    const down = { ...proposal, proposed_energy_kcal: 1750, expenditure_kcal: 2200 };
    expect(targetProposal(snapshot({ pending_proposal: down }))?.detail).toBe(
      'Ajuste semanal: bajar su objetivo de 1900 kcal a 1750 kcal; su gasto real es de unas 2200 kcal',
    );
  });

  it('is silent without a proposal, or without the body or the diary shared', () => {
    expect(targetProposal(snapshot())).toBeNull();
    for (const area of ['body', 'diary'] as const) {
      const shares = { diary: true, training: true, body: true, check_ins: true, [area]: false };
      expect(targetProposal(snapshot({ shares, pending_proposal: proposal }))).toBeNull();
    }
  });
});

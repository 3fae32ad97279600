import {
  PROPOSAL_MAX_STEP_KCAL,
  PROPOSAL_MIN_CHANGE_KCAL,
} from '@forja/shared/schemas/target-proposals';

/** Where a week's proposal starts from and where it aims. */
export interface ProposalBasis {
  /** The energy target in force now. */
  current_kcal: number;
  /**
   * The energy the targets give with the measured expenditure in place of the formula's:
   * the chosen pace from it, never a deficit where none is safe (decision 063).
   */
  aim_kcal: number;
  /** The least energy the safety rules allow: the larger of the BMR and 1200 / 1500 kcal. */
  floor_kcal: number;
}

/**
 * The week's proposal (decision 066): a step from the current target towards the aim, of at
 * most 150 kcal and rounded towards the current target to whole tens; never down across the
 * floor (a target already below it, a trainer's confirmed prescription, is not lowered
 * further). Null when the step would move the target by less than 50 kcal.
 */
export function proposedEnergyKcal(basis: ProposalBasis): number | null {
  const { current_kcal: current, aim_kcal: aim, floor_kcal: floor } = basis;
  const wanted = Math.max(-PROPOSAL_MAX_STEP_KCAL, Math.min(PROPOSAL_MAX_STEP_KCAL, aim - current));
  let proposed = current + Math.sign(wanted) * Math.floor(Math.abs(wanted) / 10) * 10;
  if (proposed < current && proposed < floor) proposed = Math.min(current, floor);
  return Math.abs(proposed - current) >= PROPOSAL_MIN_CHANGE_KCAL ? proposed : null;
}

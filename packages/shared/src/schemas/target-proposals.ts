import { z } from 'zod';
import { dateTime, id, oneOf } from './common';
import { EXPENDITURE_CONFIDENCES } from './expenditure';
import { validationMessages as m } from './messages';
import { TARGET_OVERRIDE_LIMITS, wholeNumberBetween } from './targets';

/**
 * The weekly proposal of a new energy target from the expenditure estimate (decision 066):
 * a step of at most 150 kcal towards where the estimate and the chosen pace point, never
 * across the safety floors of decision 063, and only when it moves the target by 50 kcal
 * or more.
 */
export const PROPOSAL_MAX_STEP_KCAL = 150;
export const PROPOSAL_MIN_CHANGE_KCAL = 50;
/** The proposals kept per trainee, newest first: half a year of weeks. */
export const MAX_TARGET_PROPOSALS = 26;

/**
 * - `pending`: waiting for its reviewer.
 * - `approved` / `rejected`: the trainer's decision (approved perhaps with another energy).
 * - `accepted` / `kept`: the trainee's, without a trainer who reviews.
 * - `expired`: the next week's proposal came before a decision.
 */
export const PROPOSAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'accepted',
  'kept',
  'expired',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * Who decides a trainee's proposals: their trainer when the trainer sees both the body and
 * the diary, otherwise the trainee.
 */
export const PROPOSAL_REVIEWERS = ['trainer', 'trainee'] as const;
export type ProposalReviewer = (typeof PROPOSAL_REVIEWERS)[number];

const person = z.object({ id, first_name: z.string(), last_name: z.string() });

export const targetProposalSchema = z.object({
  id,
  /** YYYY-MM-DD: the Monday of the week it is for, where the trainee lives. */
  week: z.string(),
  created_at: dateTime,
  status: z.enum(PROPOSAL_STATUSES),
  /** The energy target in force when it was made. */
  current_energy_kcal: z.number().int(),
  /** The new energy target proposed: at most 150 kcal from the current one. */
  proposed_energy_kcal: z.number().int(),
  /** Where the estimate and the pace point, before the weekly bound and the floors. */
  aim_energy_kcal: z.number().int(),
  /** The least energy the safety rules allow this trainee (decision 063). */
  energy_floor_kcal: z.number().int(),
  /** The estimate it comes from (decision 065). */
  expenditure_kcal: z.number().int(),
  margin_kcal: z.number().int(),
  confidence: z.enum(EXPENDITURE_CONFIDENCES),
  formula_tdee_kcal: z.number().int(),
  days_logged: z.number().int(),
  weigh_ins: z.number().int(),
  /** The energy decided (approved, maybe edited, or accepted); null otherwise. */
  decided_energy_kcal: z.number().int().nullable(),
  /** Who decided; null while pending, once expired, or once that account is gone. */
  decided_by: person.nullable(),
  decided_at: dateTime.nullable(),
});
export type TargetProposal = z.infer<typeof targetProposalSchema>;

/** A trainee's proposals, newest first, and who decides them now. */
export const targetProposalsSchema = z.object({
  reviewer: z.enum(PROPOSAL_REVIEWERS),
  proposals: z.array(targetProposalSchema),
});
export type TargetProposals = z.infer<typeof targetProposalsSchema>;

/** The trainee's decision, without a trainer who reviews: take the new target or keep theirs. */
export const traineeProposalDecisionSchema = z.strictObject({
  decision: oneOf('La decisión', ['accept', 'keep'] as const),
});
export type TraineeProposalDecision = z.infer<typeof traineeProposalDecisionSchema>;

/**
 * The trainer's decision: approve (with `energy_kcal`, another energy than the one proposed)
 * or reject. An energy below the trainee's floor needs `confirm_below_minimum`, as a target
 * the trainer sets by hand does.
 */
export const trainerProposalDecisionSchema = z.strictObject({
  decision: oneOf('La decisión', ['approve', 'reject'] as const),
  energy_kcal: wholeNumberBetween(
    'La energía',
    TARGET_OVERRIDE_LIMITS.energyKcal,
    'kcal',
  ).optional(),
  confirm_below_minimum: z.boolean({ error: m.boolean('La confirmación') }).optional(),
});
export type TrainerProposalDecision = z.infer<typeof trainerProposalDecisionSchema>;

import { z } from 'zod';
import { TARGET_MESSAGES } from '../errors';
import { dateTime, id, meets } from './common';
import { validationMessages as m } from './messages';
import { ACTIVITY_LEVELS, formatSpanishNumber, GOALS, type ActivityLevel } from './onboarding';

export const BMR_FORMULAS = ['mifflin-st-jeor', 'katch-mcardle'] as const;
export type BmrFormula = (typeof BMR_FORMULAS)[number];

/**
 * Multipliers of the basal metabolic rate for each level of daily life, training left out:
 * the training's energy is counted apart from its hours and kind (decision 103).
 */
export const ACTIVITY_FACTORS: Record<ActivityLevel, number> = {
  sedentary: 1.2,
  light: 1.3,
  moderate: 1.4,
  active: 1.5,
  very_active: 1.6,
};

/**
 * Why the targets are not exactly what was asked for, or what deserves a second look:
 * - `limited_by_bmr`: the pace asked for would put energy below the BMR, so it is slower.
 * - `goal_weight_reached`: the goal weight is not in the direction of the goal.
 * - `health_review`: a health question was answered "yes".
 * - `set_by_trainer`: the energy (and maybe protein or fat) is the trainer's, not the
 *   formula's; it may be below the BMR.
 * - `limited_by_minimum`: the pace would put energy below 1200 kcal (women) or 1500 kcal
 *   (men), so it is slower.
 * - `pace_limited`: the pace asked for is more than 1 % of the body weight a week.
 * - `pregnancy`: pregnant (or the older question «embarazada o he dado a luz» ticked):
 *   never a deficit, the trimester's energy and protein; follow the midwife or doctor.
 * - `breastfeeding`: the milk's energy and protein added, at least 1800 kcal, a deficit only
 *   from 8 weeks and at most 0.5 kg a week.
 * - `limited_by_obesity_deficit`: with a BMI of 30 or more, the deficit is at most 750 kcal.
 * - `under_18`: the formulas are validated from 18: no deficit.
 * - `underweight`: the body-mass index is already below 18.5: no deficit.
 * - `goal_weight_underweight`: the goal weight is below a body-mass index of 18.5: no date.
 * - `adapted_to_expenditure`: the energy is the weekly proposal the trainee accepted, from
 *   their expenditure as their own data show it (decision 066), not the formula's.
 */
export const TARGET_NOTES = [
  'limited_by_bmr',
  'goal_weight_reached',
  'health_review',
  'set_by_trainer',
  'limited_by_minimum',
  'pace_limited',
  'pregnancy',
  'under_18',
  'underweight',
  'goal_weight_underweight',
  'adapted_to_expenditure',
  'breastfeeding',
  'limited_by_obesity_deficit',
] as const;
export type TargetNote = (typeof TARGET_NOTES)[number];

/** Daily targets computed on the server from the onboarding answers and a trainer's override. */
export const targetsSchema = z.object({
  goal: z.enum(GOALS),
  formula: z.enum(BMR_FORMULAS),
  age_years: z.number().int(),
  /** The body weight the per-kilogram figures use. */
  weight_kg: z.number(),
  bmr_kcal: z.number().int(),
  /**
   * The least energy the formula prescribes: the larger of the BMR and 1200 kcal (women) or
   * 1500 kcal (men). A trainer must confirm an energy below it.
   */
  energy_floor_kcal: z.number().int(),
  activity_level: z.enum(ACTIVITY_LEVELS),
  activity_factor: z.number(),
  /** The training's energy a day, from its hours and kind, in the TDEE. */
  exercise_kcal: z.number().int(),
  tdee_kcal: z.number().int(),
  energy_kcal: z.number().int(),
  protein_g: z.number().int(),
  protein_g_per_kg: z.number(),
  fat_g: z.number().int(),
  fat_g_per_kg: z.number(),
  carbohydrate_g: z.number().int(),
  carbohydrate_g_per_kg: z.number(),
  fibre_g: z.number().int(),
  /** Total water a day (EFSA), food included. */
  water_l: z.number(),
  /** What to drink: about 80 % of the total water, the rest comes with food. */
  drinks_l: z.number(),
  /** Expected change of body weight per week: negative when losing. */
  weekly_change_kg: z.number(),
  /** 0 when there is none. */
  goal_weight_kg: z.number(),
  /** YYYY-MM-DD, or null when no date can be given (maintaining, goal reached). */
  goal_date: z.string().nullable(),
  notes: z.array(z.enum(TARGET_NOTES)),
});
export type Targets = z.infer<typeof targetsSchema>;

/** What a trainer may prescribe: whole numbers within these bounds. */
export const TARGET_OVERRIDE_LIMITS = {
  energyKcal: { min: 800, max: 6000 },
  proteinG: { min: 20, max: 500 },
  fatG: { min: 10, max: 300 },
} as const;

/** A whole number within `limits`, with Spanish messages naming the field and the unit. */
export function wholeNumberBetween(
  field: string,
  limits: { min: number; max: number },
  unit: string,
) {
  return z.number({ error: m.number(field) }).check(
    meets<number>(
      { holds: (value) => Number.isInteger(value), message: m.integer(field), abort: true },
      {
        holds: (value) => value >= limits.min && value <= limits.max,
        message: m.between(
          field,
          formatSpanishNumber(limits.min),
          `${formatSpanishNumber(limits.max)} ${unit}`,
        ),
      },
    ),
  );
}

/**
 * A trainer's targets for one trainee: the energy, and optionally protein and fat in grams
 * a day. Left out (or null), protein and fat come from the formula; carbohydrate is always
 * the energy that remains.
 */
export const targetOverrideInputSchema = z
  .strictObject({
    energy_kcal: wholeNumberBetween('La energía', TARGET_OVERRIDE_LIMITS.energyKcal, 'kcal'),
    protein_g: wholeNumberBetween('La proteína', TARGET_OVERRIDE_LIMITS.proteinG, 'g')
      .nullable()
      .optional(),
    fat_g: wholeNumberBetween('La grasa', TARGET_OVERRIDE_LIMITS.fatG, 'g').nullable().optional(),
    /**
     * Needed (true) to prescribe less energy than the trainee's minimum (1200 kcal women,
     * 1500 kcal men); without it such an energy is a 400.
     */
    confirm_below_minimum: z.boolean({ error: m.boolean('La confirmación') }).optional(),
  })
  .refine(
    (input) =>
      input.protein_g == null ||
      input.fat_g == null ||
      // 4 kcal in a gram of protein, 9 in a gram of fat.
      input.protein_g * 4 + input.fat_g * 9 <= input.energy_kcal,
    { error: TARGET_MESSAGES.macrosExceedEnergy, path: ['energy_kcal'] },
  );
export type TargetOverrideInput = z.infer<typeof targetOverrideInputSchema>;

/** A stored override: null protein or fat means "from the formula". */
export const targetOverrideSchema = z.object({
  energy_kcal: z.number().int(),
  protein_g: z.number().int().nullable(),
  fat_g: z.number().int().nullable(),
  /** Who set it; null once that account is gone. */
  set_by: id.nullable(),
  set_at: dateTime,
});
export type TargetOverride = z.infer<typeof targetOverrideSchema>;

/**
 * The kinds of change a trainee's targets history records: `set`, a trainer (or an admin)
 * prescribed targets; `cleared`, they went back to the formula's; `approved`, the trainer
 * approved a weekly proposal (perhaps with another energy); `accepted`, the trainee accepted
 * one (decision 066).
 */
export const TARGET_CHANGE_KINDS = ['set', 'cleared', 'approved', 'accepted'] as const;
export type TargetChangeKind = (typeof TARGET_CHANGE_KINDS)[number];

/** One change of a trainee's targets, as it was at that moment. */
export const targetChangeSchema = z.object({
  id,
  kind: z.enum(TARGET_CHANGE_KINDS),
  /** Who made it; null once that account is gone (or for a change nobody made). */
  changed_by: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
  changed_at: dateTime,
  /** What was prescribed (`set`); null for `cleared`, and protein or fat left to the formula. */
  energy_kcal: z.number().int().nullable(),
  protein_g: z.number().int().nullable(),
  fat_g: z.number().int().nullable(),
  /** The formula's energy at that moment; null when the trainee had not answered yet. */
  formula_energy_kcal: z.number().int().nullable(),
  /**
   * Why, for a weekly proposal (`approved`, `accepted`): the expenditure the trainee's data
   * showed; null for the other kinds.
   */
  expenditure_kcal: z.number().int().nullable(),
});
export type TargetChange = z.infer<typeof targetChangeSchema>;

/**
 * The targets as a trainer reads them (decision 096): what reveals the body is null unless the
 * trainee shares it, and the health notes are there only when they share their health answers.
 */
export const sharedTargetsSchema = targetsSchema.extend({
  formula: z.enum(BMR_FORMULAS).nullable(),
  age_years: z.number().int().nullable(),
  weight_kg: z.number().nullable(),
  bmr_kcal: z.number().int().nullable(),
  exercise_kcal: z.number().int().nullable(),
  tdee_kcal: z.number().int().nullable(),
  protein_g_per_kg: z.number().nullable(),
  fat_g_per_kg: z.number().nullable(),
  carbohydrate_g_per_kg: z.number().nullable(),
  weekly_change_kg: z.number().nullable(),
  goal_weight_kg: z.number().nullable(),
});
export type SharedTargets = z.infer<typeof sharedTargetsSchema>;

/** A trainee's targets as their trainer (or an admin) sees them. */
export const traineeTargetsSchema = z.object({
  user_id: id,
  override: targetOverrideSchema.nullable(),
  /** What the trainee is given: the override when there is one. Null until they answer. */
  targets: sharedTargetsSchema.nullable(),
  /** What the formula alone gives, to compare with. Null until they answer. */
  formula_targets: sharedTargetsSchema.nullable(),
  /** The changes of the targets, newest first: the last 100. */
  history: z.array(targetChangeSchema),
});
export type TraineeTargets = z.infer<typeof traineeTargetsSchema>;

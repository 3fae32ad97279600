import { z } from 'zod';
import { ACTIVITY_LEVELS, GOALS, type ActivityLevel } from './onboarding';

export const BMR_FORMULAS = ['mifflin-st-jeor', 'katch-mcardle'] as const;
export type BmrFormula = (typeof BMR_FORMULAS)[number];

/** Multipliers of the basal metabolic rate for each activity level. */
export const ACTIVITY_FACTORS: Record<ActivityLevel, number> = {
  sedentary: 1.2,
  light: 1.375,
  moderate: 1.55,
  active: 1.725,
  very_active: 1.9,
};

/**
 * Why the targets are not exactly what was asked for, or what deserves a second look:
 * - `limited_by_bmr`: the pace asked for would put energy below the BMR, so it is slower.
 * - `goal_weight_reached`: the goal weight is not in the direction of the goal.
 * - `health_review`: a health question was answered "yes".
 */
export const TARGET_NOTES = ['limited_by_bmr', 'goal_weight_reached', 'health_review'] as const;
export type TargetNote = (typeof TARGET_NOTES)[number];

/** Daily targets computed on the server from the onboarding answers. */
export const targetsSchema = z.object({
  goal: z.enum(GOALS),
  formula: z.enum(BMR_FORMULAS),
  age_years: z.number().int(),
  /** The body weight the per-kilogram figures use. */
  weight_kg: z.number(),
  bmr_kcal: z.number().int(),
  activity_level: z.enum(ACTIVITY_LEVELS),
  activity_factor: z.number(),
  tdee_kcal: z.number().int(),
  energy_kcal: z.number().int(),
  protein_g: z.number().int(),
  protein_g_per_kg: z.number(),
  fat_g: z.number().int(),
  fat_g_per_kg: z.number(),
  carbohydrate_g: z.number().int(),
  carbohydrate_g_per_kg: z.number(),
  fibre_g: z.number().int(),
  water_l: z.number(),
  /** Expected change of body weight per week: negative when losing. */
  weekly_change_kg: z.number(),
  /** 0 when there is none. */
  goal_weight_kg: z.number(),
  /** YYYY-MM-DD, or null when no date can be given (maintaining, goal reached). */
  goal_date: z.string().nullable(),
  notes: z.array(z.enum(TARGET_NOTES)),
});
export type Targets = z.infer<typeof targetsSchema>;

import { z } from 'zod';

/**
 * How sure the estimate of expenditure is (decision 065): `none` until the data say anything
 * (it is then the formula's TDEE), `high` when its 95 % margin is within 5 % of it, `medium`
 * within 10 %, else `low`.
 */
export const EXPENDITURE_CONFIDENCES = ['none', 'low', 'medium', 'high'] as const;
export type ExpenditureConfidence = (typeof EXPENDITURE_CONFIDENCES)[number];

/** How many weeks of estimates the chart is given. */
export const EXPENDITURE_HISTORY_WEEKS = 26;

export const expenditurePointSchema = z.object({
  /** YYYY-MM-DD: the day the estimate stood on. */
  date: z.string(),
  expenditure_kcal: z.number().int(),
  /** Half the width of the 95 % interval, in kcal a day. */
  margin_kcal: z.number().int(),
  confidence: z.enum(EXPENDITURE_CONFIDENCES),
});
export type ExpenditurePoint = z.infer<typeof expenditurePointSchema>;

/**
 * A person's expenditure as their own data show it, beside the formula's TDEE: the latest
 * estimate (today's), with the days logged as complete and the weighings it counted, and
 * its history a week apart, oldest first, at most 26 weeks.
 */
export const expenditureSchema = z.object({
  /** The formula's TDEE, the estimate's starting point. */
  formula_tdee_kcal: z.number().int(),
  estimate: expenditurePointSchema,
  days_logged: z.number().int(),
  weigh_ins: z.number().int(),
  history: z.array(expenditurePointSchema),
});
export type Expenditure = z.infer<typeof expenditureSchema>;

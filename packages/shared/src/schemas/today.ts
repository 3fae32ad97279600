import { z } from 'zod';

/**
 * Today at a glance for the home screen: what was eaten, drunk and trained today in the
 * person's timezone, and their latest weights. The diary and metrics record these; until
 * something is recorded every figure is 0 and the lists are empty.
 */
export const todaySchema = z.object({
  /** YYYY-MM-DD in the person's timezone. */
  date: z.string(),
  timezone: z.string(),
  intake: z.object({
    energy_kcal: z.number(),
    protein_g: z.number(),
    fat_g: z.number(),
    carbohydrate_g: z.number(),
    fibre_g: z.number(),
  }),
  water_l: z.number(),
  training: z.object({
    sessions: z.number().int(),
    sets: z.number().int(),
    /**
     * The program the trainer gave (decision 058): its name, the weekdays it trains on (1
     * Monday … 7 Sunday) and the day it starts. Null without one; then the onboarding's
     * training days per week are the plan.
     */
    program: z
      .object({ name: z.string(), weekdays: z.array(z.number().int()), starts_on: z.string() })
      .nullable(),
  }),
  weight: z.object({
    /** The latest weight known: the last weigh-in, else the onboarding answer. */
    latest_kg: z.number().nullable(),
    /** Weigh-ins, oldest first, YYYY-MM-DD. */
    entries: z.array(z.object({ date: z.string(), kg: z.number() })),
  }),
});
export type Today = z.infer<typeof todaySchema>;

import { z } from 'zod';
import { foodSchema } from './foods';

/*
 * Apart from `foods.ts`, which the daily screens load: only the API and the code that keeps
 * the table on a device (decision 081) build these (decision 078).
 */

/**
 * A food of the shipped table as a device keeps it to search without signal (decision 081):
 * a food without the person's marks and warnings, with what the search ranks by besides
 * its name: other names it is known by, and how commonly it is eaten.
 */
export const tableFoodSchema = foodSchema
  .omit({
    allergy_warnings: true,
    other_allergy_warnings: true,
    favourite: true,
    recent: true,
    phrase: true,
  })
  .extend({
    aliases: z.array(z.string()),
    /** Higher for what is eaten more often: a tie-break of the ranking (decision 070). */
    commonness: z.number(),
  });
export type TableFood = z.infer<typeof tableFoodSchema>;

/** `GET /v0/foods/table/`: every food of the shipped table. */
export const foodTableSchema = z.array(tableFoodSchema);

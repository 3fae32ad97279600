import { z } from 'zod';
import { dateTime } from './common';

/**
 * A job's items in `job_items` (decision 113): held by an instance now (`running`), waiting
 * to be taken again after a failure or an interrupted try (`queued`), or given up (`failed`).
 */
export const jobItemCountsSchema = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
});
export type JobItemCounts = z.infer<typeof jobItemCountsSchema>;

/** A background job as the runner keeps it (decision 109): its state, lease and last error. */
export const backgroundJobSchema = z.object({
  name: z.string(),
  status: z.enum(['queued', 'running', 'failed']),
  /** When it is due next (queued) or was claimed (running). */
  run_at: dateTime,
  /** Failed or interrupted runs in a row. */
  attempts: z.number().int(),
  /** Until when the instance in `locked_by` holds it; past, the instance died. */
  locked_until: dateTime.nullable(),
  locked_by: z.string().nullable(),
  last_error: z.string().nullable(),
  last_run_at: dateTime.nullable(),
  /** Its items in flight or gone wrong, and the last error one of them gave. */
  items: jobItemCountsSchema.extend({ last_error: z.string().nullable() }),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

/** What is queued, running and failed, with the jobs themselves. */
export const backgroundJobsSchema = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  /** Running with a lease that ran out: held by an instance that is gone. */
  stalled: z.number().int(),
  /** The items of every job: a monitor alerts on `failed` above 0 here too. */
  items: jobItemCountsSchema,
  jobs: z.array(backgroundJobSchema),
});
export type BackgroundJobs = z.infer<typeof backgroundJobsSchema>;

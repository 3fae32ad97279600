import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const JOB_STATUSES = ['queued', 'running', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The background work (decision 107): one row per job, which every instance's runner may
 * claim when it is due. `running` with `locked_until` is the lease of the instance that took
 * it; a lease that ran out belongs to an instance that died and is claimed again. `attempts`
 * counts the failed or interrupted runs in a row; at the job's limit it is `failed`.
 */
export const jobs = pgTable(
  'jobs',
  {
    name: text('name').primaryKey(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    run_at: at('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    locked_until: at('locked_until'),
    /** The instance that holds the lease, for the admin read. */
    locked_by: text('locked_by'),
    last_error: text('last_error'),
    last_run_at: at('last_run_at'),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [
    index('jobs_status_run_at_idx').on(table.status, table.run_at),
    check('jobs_status_check', sql`${table.status} in ('queued', 'running', 'failed')`),
  ],
);

/**
 * The items of a job held by an instance, or waiting for a retry (decision 113). A job's due
 * selection leaves out the items with a row here that is held (`locked_until` to come),
 * backing off (`run_at` to come) or `failed`; a row is deleted once its item is done, so the
 * table holds only what is in flight or went wrong. `attempts` counts the failed or
 * interrupted tries in a row.
 */
export const jobItems = pgTable(
  'job_items',
  {
    job: text('job').notNull(),
    item: text('item').notNull(),
    locked_until: at('locked_until'),
    locked_by: text('locked_by'),
    attempts: integer('attempts').notNull().default(0),
    run_at: at('run_at').notNull(),
    last_error: text('last_error'),
    failed_at: at('failed_at'),
  },
  (table) => [primaryKey({ columns: [table.job, table.item] })],
);

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/jobs';

/**
 * One piece of background work (decision 107): it runs every `everyMs` on whichever instance
 * claims it first, never on two at once. `run` selects in SQL only what is due and may itself
 * claim rows in batches (the mail and push deliveries do).
 */
export interface JobDefinition {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Failed or interrupted runs in a row before the job is `failed`. */
  maxAttempts?: number;
}

export const JOB_RUNNER = {
  /** How often an instance looks for due jobs: the shortest interval of any job. */
  pollMs: 1_000,
  /**
   * A run holds its job this long and renews the hold a third of the way through while it
   * goes on; a lease that ran out belongs to an instance that died, and another takes over.
   */
  leaseMs: 30_000,
  maxAttempts: 10,
  maxBackoffMs: 60 * 60_000,
  /** Jobs one instance claims at once. */
  batchSize: 10,
} as const;

/** The delay before a job that failed `attempts` times in a row runs again. */
export function backoffMs(everyMs: number, attempts: number): number {
  const first = Math.max(everyMs, JOB_RUNNER.pollMs);
  return Math.min(first * 2 ** Math.max(0, attempts - 1), Math.max(JOB_RUNNER.maxBackoffMs, first));
}

export interface JobDeps {
  db: Db;
  clock: Clock;
}

/**
 * Writes the row of each job that has none yet, due one interval from now (as the timers it
 * replaces first ran). A job left `failed` is queued again: a new start, after a fix, retries it.
 */
export async function registerJobs(deps: JobDeps, definitions: JobDefinition[]): Promise<void> {
  const now = deps.clock.now();
  for (const job of definitions) {
    await deps.db
      .insert(jobs)
      .values({ name: job.name, run_at: new Date(now.getTime() + job.everyMs), updated_at: now })
      .onConflictDoUpdate({
        target: jobs.name,
        set: { status: 'queued', attempts: 0, run_at: now, updated_at: now },
        setWhere: eq(jobs.status, 'failed'),
      });
  }
}

export interface ClaimedJob {
  name: string;
  /** This run's number in a row of unfinished ones (1 when the last one succeeded). */
  attempts: number;
}

/**
 * Takes, for `instance`, up to `limit` of the named jobs that are due: queued with `run_at`
 * passed, or running with a lease that ran out. `SKIP LOCKED` lets instances claiming at the
 * same moment take different jobs; the lease keeps the others off until it runs out.
 */
export async function claimDueJobs(
  deps: JobDeps,
  options: { names: string[]; instance: string; leaseMs?: number; limit?: number },
): Promise<ClaimedJob[]> {
  if (options.names.length === 0) return [];
  const now = deps.clock.now();
  const due = deps.db
    .select({ name: jobs.name })
    .from(jobs)
    .where(
      and(
        inArray(jobs.name, options.names),
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.run_at, now)),
          and(eq(jobs.status, 'running'), lte(jobs.locked_until, now)),
        ),
      ),
    )
    .orderBy(jobs.run_at)
    .limit(options.limit ?? JOB_RUNNER.batchSize)
    .for('update', { skipLocked: true });
  return deps.db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      locked_until: new Date(now.getTime() + (options.leaseMs ?? JOB_RUNNER.leaseMs)),
      locked_by: options.instance,
      last_run_at: now,
      updated_at: now,
    })
    .where(inArray(jobs.name, due))
    .returning({ name: jobs.name, attempts: jobs.attempts });
}

/**
 * Records how a claimed run ended, if the lease is still this instance's: done (due again one
 * interval later), or failed (due again after a back-off, or `failed` at its last attempt).
 */
export async function finishJob(
  deps: JobDeps,
  job: JobDefinition,
  claimed: ClaimedJob,
  instance: string,
  error?: unknown,
): Promise<void> {
  const now = deps.clock.now();
  const ours = and(
    eq(jobs.name, claimed.name),
    eq(jobs.status, 'running'),
    eq(jobs.locked_by, instance),
    eq(jobs.attempts, claimed.attempts),
  );
  const released = { locked_until: null, locked_by: null, updated_at: now };
  if (error === undefined) {
    await deps.db
      .update(jobs)
      .set({
        ...released,
        status: 'queued',
        attempts: 0,
        run_at: new Date(now.getTime() + job.everyMs),
        last_error: null,
      })
      .where(ours);
    return;
  }
  const givenUp = claimed.attempts >= (job.maxAttempts ?? JOB_RUNNER.maxAttempts);
  await deps.db
    .update(jobs)
    .set({
      ...released,
      status: givenUp ? 'failed' : 'queued',
      run_at: new Date(now.getTime() + backoffMs(job.everyMs, claimed.attempts)),
      last_error: (error instanceof Error ? error.message : JSON.stringify(error)).slice(0, 500),
    })
    .where(ours);
}

/** Extends the lease of a run still going on this instance. */
export async function renewLease(
  deps: JobDeps,
  claimed: ClaimedJob,
  instance: string,
  leaseMs: number = JOB_RUNNER.leaseMs,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(jobs)
    .set({ locked_until: new Date(now.getTime() + leaseMs), updated_at: now })
    .where(
      and(
        eq(jobs.name, claimed.name),
        eq(jobs.status, 'running'),
        eq(jobs.locked_by, instance),
        eq(jobs.attempts, claimed.attempts),
      ),
    );
}

/** How an instance signs its leases: host and process, for the admin read; unique per start. */
export function instanceName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export interface JobRunner {
  /** One look for due jobs, running those it claims; resolves when they are done. */
  tick(): Promise<void>;
  /** No more claims; waits for the runs in progress. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions extends JobDeps {
  jobs: JobDefinition[];
  pollMs?: number;
  leaseMs?: number;
  instance?: string;
  /** A run that threw: it is retried after a back-off, or is `failed` at its last attempt. */
  onError?: (error: unknown, job: string, attempts: number) => void;
}

/**
 * Runs the jobs on this instance: every `pollMs` it claims those that are due and not already
 * running here, runs them side by side and records each outcome. The timer alone does not
 * keep the process alive. Rows must exist: call `registerJobs` first.
 */
export function startJobRunner(options: JobRunnerOptions, autostart = true): JobRunner {
  const instance = options.instance ?? instanceName();
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  const active = new Map<string, Promise<void>>();
  let stopped = false;
  let looking: Promise<void> | undefined;

  const runOne = async (claimed: ClaimedJob) => {
    const job = byName.get(claimed.name);
    if (!job) return;
    let failure: unknown;
    // A run that keeps being interrupted (the instance dies in it) is not started again
    // once it has used its attempts.
    if (claimed.attempts > (job.maxAttempts ?? JOB_RUNNER.maxAttempts)) {
      failure = new Error('interrupted on every attempt');
    } else {
      const leaseMs = options.leaseMs ?? JOB_RUNNER.leaseMs;
      const renewal = setInterval(() => {
        renewLease(options, claimed, instance, leaseMs).catch((error: unknown) => {
          options.onError?.(error, job.name, claimed.attempts);
        });
      }, leaseMs / 3);
      renewal.unref();
      try {
        await job.run();
      } catch (error) {
        failure = error ?? new Error('failed');
        options.onError?.(failure, job.name, claimed.attempts);
      } finally {
        clearInterval(renewal);
      }
    }
    await finishJob(options, job, claimed, instance, failure);
  };

  const look = async () => {
    const names = [...byName.keys()].filter((name) => !active.has(name));
    const claimed = await claimDueJobs(options, {
      names,
      instance,
      ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    });
    for (const job of claimed) {
      const run = runOne(job)
        .catch((error: unknown) => options.onError?.(error, job.name, job.attempts))
        .finally(() => active.delete(job.name));
      active.set(job.name, run);
    }
  };

  // Never two looks at once: a tick that finds one still going leaves it be.
  const startLook = () => {
    if (stopped || looking) return looking;
    looking = look()
      .catch((error: unknown) => options.onError?.(error, 'claim', 0))
      .finally(() => {
        looking = undefined;
      });
    return looking;
  };

  const timer = autostart
    ? setInterval(() => void startLook(), options.pollMs ?? JOB_RUNNER.pollMs)
    : undefined;
  timer?.unref();

  return {
    async tick() {
      await startLook();
      await Promise.all(active.values());
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await looking;
      await Promise.all(active.values());
    },
  };
}

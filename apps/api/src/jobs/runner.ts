import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { jobItems, jobs } from '#db/schema/jobs';

/** One item of a batch: `key` names it among the job's items (a user's id, say). */
export interface JobItem {
  key: string;
}

/**
 * A job's work split into items that instances share (decision 113): `due` selects in SQL up
 * to `limit` items that are due, leaving out those `notHeld` rejects (held by an instance,
 * backing off after a failure, or failed); the runner claims them under a lease of their own
 * and hands each to `work`. A throw is that item's failure, retried after a back-off.
 */
export interface BatchWork<T extends JobItem = JobItem> {
  size: number;
  due(limit: number, notHeld: (key: AnyPgColumn | SQL) => SQL): Promise<T[]>;
  // A method, so that a job's own item type stands in for `JobItem` here.
  work(item: T): Promise<void>;
  /** Failed or interrupted tries of one item in a row before it is `failed`. */
  maxAttempts?: number;
}

/**
 * One piece of background work (decisions 107 and 113): it is due every `everyMs`. `run`
 * does work that is not split into items, under the job's lease; `batch` claims items that
 * several instances work on at once, each its own.
 */
export interface JobDefinition {
  name: string;
  everyMs: number;
  run?: () => Promise<unknown>;
  batch?: BatchWork;
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
  /** How long a batch's items are held, renewed like the job's lease while they are worked. */
  itemLeaseMs: 30_000,
  itemMaxAttempts: 5,
  /** The first retry of a failed item; it doubles up to `maxBackoffMs`. */
  itemFirstRetryMs: 60_000,
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

/** The delay before an item that failed `attempts` times in a row is tried again. */
export function itemBackoffMs(attempts: number): number {
  return Math.min(
    JOB_RUNNER.itemFirstRetryMs * 2 ** Math.max(0, attempts - 1),
    JOB_RUNNER.maxBackoffMs,
  );
}

/**
 * Writes the row of each job that has none yet, due one interval from now (as the timers it
 * replaces first ran). A job left `failed` is queued again, and its failed items are
 * forgotten so they are due again: a new start, after a fix, retries them.
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
    if (job.batch) {
      await deps.db
        .delete(jobItems)
        .where(and(eq(jobItems.job, job.name), isNotNull(jobItems.failed_at)));
    }
  }
}

/**
 * Forgets the items an instance left behind when it stopped after doing one but before
 * deleting its row: neither held nor backing off nor failed for an hour, such a row blocks
 * nothing (`notHeldBy`) and is only litter. Failed items stay for the operator.
 */
export async function forgetLeftItems(deps: JobDeps): Promise<number> {
  const hourAgo = new Date(deps.clock.now().getTime() - 3_600_000);
  const forgotten = await deps.db
    .delete(jobItems)
    .where(
      and(
        isNull(jobItems.failed_at),
        lt(jobItems.run_at, hourAgo),
        or(isNull(jobItems.locked_until), lt(jobItems.locked_until, hourAgo)),
      ),
    )
    .returning({ item: jobItems.item });
  return forgotten.length;
}

/**
 * The condition a job's `due` query adds for its item `key`: no row of `job_items` holds it,
 * makes it wait for a retry, or gave it up. A lease that ran out holds nothing.
 */
export function notHeldBy(job: string, now: Date) {
  return (key: AnyPgColumn | SQL): SQL =>
    sql`not exists (select 1 from ${jobItems} where ${jobItems.job} = ${job}
      and ${jobItems.item} = (${key})::text
      and (${jobItems.failed_at} is not null or ${jobItems.run_at} > ${now.toISOString()}::timestamptz
        or ${jobItems.locked_until} > ${now.toISOString()}::timestamptz))`;
}

export interface ClaimedItem {
  key: string;
  /** This try's number in a row of unfinished ones. */
  attempts: number;
}

/**
 * Takes, for `instance`, the items named that no instance holds, none waiting for a retry
 * and none failed. The row of each is written or, when a lease ran out, taken over with
 * `attempts` one more, in one insert: of two instances claiming the same item at once, the
 * second waits for the first and then finds it held, so an item is never taken twice.
 */
export async function claimItems(
  deps: JobDeps,
  options: { job: string; keys: string[]; instance: string; leaseMs?: number },
): Promise<ClaimedItem[]> {
  const keys = [...new Set(options.keys)];
  if (keys.length === 0) return [];
  const now = deps.clock.now();
  const lockedUntil = new Date(now.getTime() + (options.leaseMs ?? JOB_RUNNER.itemLeaseMs));
  const rows = await deps.db
    .insert(jobItems)
    .values(
      keys.map((item) => ({
        job: options.job,
        item,
        locked_until: lockedUntil,
        locked_by: options.instance,
        attempts: 1,
        run_at: now,
      })),
    )
    .onConflictDoUpdate({
      target: [jobItems.job, jobItems.item],
      set: {
        locked_until: lockedUntil,
        locked_by: options.instance,
        attempts: sql`${jobItems.attempts} + 1`,
      },
      setWhere: and(
        isNull(jobItems.failed_at),
        lte(jobItems.run_at, now),
        or(isNull(jobItems.locked_until), lte(jobItems.locked_until, now)),
      ),
    })
    .returning({ key: jobItems.item, attempts: jobItems.attempts });
  return rows;
}

/**
 * Records how the work on a claimed item ended, if this instance still holds it: done (its
 * row goes: the job's own tables now say it is not due), or failed (tried again after a
 * back-off, or `failed` at its last attempt).
 */
export async function settleItem(
  deps: JobDeps,
  options: { job: string; item: ClaimedItem; instance: string; maxAttempts?: number },
  error?: unknown,
): Promise<void> {
  const ours = and(
    eq(jobItems.job, options.job),
    eq(jobItems.item, options.item.key),
    eq(jobItems.locked_by, options.instance),
    eq(jobItems.attempts, options.item.attempts),
    isNull(jobItems.failed_at),
  );
  if (error === undefined) {
    await deps.db.delete(jobItems).where(ours);
    return;
  }
  const now = deps.clock.now();
  const givenUp = options.item.attempts >= (options.maxAttempts ?? JOB_RUNNER.itemMaxAttempts);
  await deps.db
    .update(jobItems)
    .set({
      locked_until: null,
      run_at: new Date(now.getTime() + itemBackoffMs(options.item.attempts)),
      last_error: describeError(error),
      failed_at: givenUp ? now : null,
    })
    .where(ours);
}

/** Extends the lease of the items this instance still works on. */
export async function renewItems(
  deps: JobDeps,
  options: { job: string; keys: string[]; instance: string; leaseMs?: number },
): Promise<void> {
  if (options.keys.length === 0) return;
  const now = deps.clock.now();
  await deps.db
    .update(jobItems)
    .set({ locked_until: new Date(now.getTime() + (options.leaseMs ?? JOB_RUNNER.itemLeaseMs)) })
    .where(
      and(
        eq(jobItems.job, options.job),
        inArray(jobItems.item, options.keys),
        eq(jobItems.locked_by, options.instance),
        gt(jobItems.locked_until, now),
      ),
    );
}

function describeError(error: unknown): string {
  const text =
    error instanceof Error
      ? error.message
      : ((JSON.stringify(error) as string | undefined) ?? 'unknown error');
  return text.slice(0, 500);
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
  /** Due again at once rather than one interval later: a full batch may have left more. */
  again = false,
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
        run_at: again ? now : new Date(now.getTime() + job.everyMs),
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
      last_error: describeError(error),
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
  itemLeaseMs?: number;
  instance?: string;
  /** A run that threw: it is retried after a back-off, or is `failed` at its last attempt. */
  onError?: (error: unknown, job: string, attempts: number) => void;
}

/**
 * Runs the jobs on this instance: every `pollMs` it claims those that are due and not already
 * running here, runs them side by side and records each outcome; a batch job is released as
 * soon as its items are claimed, and stays busy here until they are worked. The timer alone does not
 * keep the process alive. Rows must exist: call `registerJobs` first.
 */
export function startJobRunner(options: JobRunnerOptions, autostart = true): JobRunner {
  const instance = options.instance ?? instanceName();
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  const active = new Map<string, Promise<void>>();
  let stopped = false;
  let looking: Promise<void> | undefined;

  const leaseMs = options.leaseMs ?? JOB_RUNNER.leaseMs;
  const itemLeaseMs = options.itemLeaseMs ?? JOB_RUNNER.itemLeaseMs;

  /** Calls `renew` every third of `ms` until `work` ends. */
  const holding = async <T>(ms: number, renew: () => Promise<void>, work: () => Promise<T>) => {
    const renewal = setInterval(() => {
      renew().catch((error: unknown) => options.onError?.(error, 'lease', 0));
    }, ms / 3);
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
    }
  };

  const workItems = async (
    job: JobDefinition,
    batch: BatchWork,
    found: JobItem[],
    held: ClaimedItem[],
  ) => {
    const byKey = new Map(found.map((item) => [item.key, item]));
    const left = new Set(held.map((item) => item.key));
    const renew = () =>
      renewItems(options, { job: job.name, keys: [...left], instance, leaseMs: itemLeaseMs });
    await holding(itemLeaseMs, renew, async () => {
      for (const item of held) {
        const maxAttempts = batch.maxAttempts ?? JOB_RUNNER.itemMaxAttempts;
        let failure: unknown;
        const found = byKey.get(item.key);
        if (!found) continue;
        // An item whose every try was interrupted (its instance died) is not tried again.
        if (item.attempts > maxAttempts) failure = new Error('interrupted on every attempt');
        else {
          try {
            await batch.work(found);
          } catch (error) {
            failure = error ?? new Error('failed');
            options.onError?.(failure, job.name, item.attempts);
          }
        }
        await settleItem(options, { job: job.name, item, instance, maxAttempts }, failure);
        left.delete(item.key);
      }
    });
  };

  const runOne = async (claimed: ClaimedJob) => {
    const job = byName.get(claimed.name);
    if (!job) return;
    let failure: unknown;
    let found: JobItem[] = [];
    let held: ClaimedItem[] = [];
    // A run that keeps being interrupted (the instance dies in it) is not started again
    // once it has used its attempts.
    if (claimed.attempts > (job.maxAttempts ?? JOB_RUNNER.maxAttempts)) {
      failure = new Error('interrupted on every attempt');
    } else {
      try {
        await holding(
          leaseMs,
          () => renewLease(options, claimed, instance, leaseMs),
          async () => {
            await job.run?.();
            if (job.batch) {
              const now = options.clock.now();
              found = await job.batch.due(job.batch.size, notHeldBy(job.name, now));
              held = await claimItems(options, {
                job: job.name,
                keys: found.map((item) => item.key),
                instance,
                leaseMs: itemLeaseMs,
              });
            }
          },
        );
      } catch (error) {
        failure = error ?? new Error('failed');
        options.onError?.(failure, job.name, claimed.attempts);
      }
    }
    // The job is free again once its batch is claimed: while this instance works on it,
    // another takes the next batch (a full one says more may be due).
    const full = job.batch !== undefined && found.length >= job.batch.size;
    await finishJob(options, job, claimed, instance, failure, failure === undefined && full);
    if (job.batch && held.length > 0) await workItems(job, job.batch, found, held);
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

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context';
import { jobs } from '#db/schema/jobs';
import { claimItems, JOB_RUNNER, registerJobs, settleItem } from '#jobs/runner';

const TOKEN = 'operaciones-0123456789-abcdefghijklmnop';
const MINUTE = 60_000;

let ctx: TestContext | undefined;

afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

function read(context: TestContext, authorization?: string) {
  return context.app.inject({
    method: 'GET',
    url: '/v0/operations/jobs/',
    headers: authorization ? { authorization } : {},
  });
}

describe('the operator’s read of the background jobs', () => {
  it('does not exist without an operations token configured', async () => {
    ctx = await createTestContext();
    const res = await read(ctx, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
  });

  it('is refused without the token, with another one, or with a user’s session scheme', async () => {
    ctx = await createTestContext({ env: { OPERATIONS_TOKEN: TOKEN } });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Token ${TOKEN}`, TOKEN]) {
      const res = await read(ctx, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json<{ data: object }>().data).not.toHaveProperty('jobs');
    }
  });

  it('lists what is queued, running, stalled and failed, with the last error', async () => {
    ctx = await createTestContext({ env: { OPERATIONS_TOKEN: TOKEN } });
    const { db } = ctx.database;
    const noop = () => Promise.resolve();
    await registerJobs({ db, clock: ctx.clock }, [
      { name: 'mail', everyMs: 1_000, run: noop },
      { name: 'digests', everyMs: MINUTE, run: noop },
      { name: 'check-in-notices', everyMs: MINUTE, run: noop },
      { name: 'idempotency-purge', everyMs: 60 * MINUTE, run: noop },
    ]);
    const now = ctx.clock.now();
    await db
      .update(jobs)
      .set({ status: 'failed', attempts: 10, last_error: 'connect ECONNREFUSED' })
      .where(eq(jobs.name, 'digests'));
    await db
      .update(jobs)
      .set({
        status: 'running',
        locked_by: 'forja-1:4242',
        locked_until: new Date(now.getTime() + 20_000),
      })
      .where(eq(jobs.name, 'mail'));
    await db
      .update(jobs)
      .set({
        status: 'running',
        locked_by: 'forja-2:77',
        locked_until: new Date(now.getTime() - 5_000),
      })
      .where(eq(jobs.name, 'check-in-notices'));

    const res = await read(ctx, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      data: {
        queued: number;
        running: number;
        failed: number;
        stalled: number;
        jobs: {
          name: string;
          status: string;
          locked_by: string | null;
          last_error: string | null;
        }[];
      };
    }>();
    expect(body.data).toMatchObject({ queued: 1, running: 2, failed: 1, stalled: 1 });
    expect(body.data.jobs.map((job) => [job.name, job.status, job.locked_by])).toEqual([
      ['digests', 'failed', null],
      ['idempotency-purge', 'queued', null],
      ['mail', 'running', 'forja-1:4242'],
      ['check-in-notices', 'running', 'forja-2:77'],
    ]);
    expect(body.data.jobs[0]?.last_error).toBe('connect ECONNREFUSED');
  });

  it('counts the items each job holds, retries and gave up, beside the job rows', async () => {
    ctx = await createTestContext({ env: { OPERATIONS_TOKEN: TOKEN } });
    const deps = { db: ctx.database.db, clock: ctx.clock };
    const noop = () => Promise.resolve();
    await registerJobs(deps, [
      { name: 'weekly-proposals', everyMs: MINUTE, run: noop },
      { name: 'digests', everyMs: MINUTE, run: noop },
      { name: 'mail', everyMs: 1_000, run: noop },
    ]);
    const job = 'weekly-proposals';
    const claim = async (keys: string[], instance: string) =>
      claimItems(deps, { job, keys, instance });
    // Five tries of one item that fail, one after another, until it is given up.
    for (let attempt = 1; attempt <= JOB_RUNNER.itemMaxAttempts; attempt += 1) {
      const [item] = await claim(['ana'], 'forja-1:10');
      if (!item) throw new Error(`ana not claimed at attempt ${String(attempt)}`);
      await settleItem(deps, { job, item, instance: 'forja-1:10' }, new Error('sin conexión'));
      ctx.clock.advance(JOB_RUNNER.maxBackoffMs);
    }
    // One that failed once and waits for its retry; one held by an instance that died.
    const [retrying] = await claim(['bea'], 'forja-1:10');
    if (!retrying) throw new Error('bea not claimed');
    await settleItem(deps, { job, item: retrying, instance: 'forja-1:10' }, new Error('tiempo'));
    await claim(['carla'], 'forja-2:20');
    ctx.clock.advance(JOB_RUNNER.itemLeaseMs);
    // Three held now, one of them by another job; one done, whose row is gone.
    await claim(['dani', 'eva'], 'forja-1:10');
    const [done] = await claim(['fede'], 'forja-1:10');
    if (!done) throw new Error('fede not claimed');
    await settleItem(deps, { job, item: done, instance: 'forja-1:10' });
    await claimItems(deps, { job: 'digests', keys: ['gala'], instance: 'forja-2:20' });

    const res = await read(ctx, `Bearer ${TOKEN}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      data: {
        failed: number;
        items: { queued: number; running: number; failed: number };
        jobs: {
          name: string;
          items: { queued: number; running: number; failed: number; last_error: string | null };
        }[];
      };
    }>();
    expect(body.data.failed, 'no job row failed').toBe(0);
    expect(body.data.items).toEqual({ queued: 2, running: 3, failed: 1 });
    const items = Object.fromEntries(body.data.jobs.map((entry) => [entry.name, entry.items]));
    expect(items).toEqual({
      'weekly-proposals': { queued: 2, running: 2, failed: 1, last_error: 'tiempo' },
      digests: { queued: 0, running: 1, failed: 0, last_error: null },
      mail: { queued: 0, running: 0, failed: 0, last_error: null },
    });
  });
});

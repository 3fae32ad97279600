import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backgroundJobsSchema } from '@forja/shared/schemas/operations';
import { asc, sql } from 'drizzle-orm';
import { jobItems, jobs } from '#db/schema/jobs';
import { AppError } from '#http/app-error';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the request carries `Authorization: Bearer <OPERATIONS_TOKEN>`, compared in
 * constant time. No token configured: the operations read does not exist (404).
 */
function requireOperator(request: FastifyRequest, token: string | undefined): void {
  if (!token) throw new AppError('notFound');
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header.trim()) : null;
  if (!match?.[1] || !timingSafeEqual(digest(match[1]), digest(token))) {
    throw new AppError('unauthorized');
  }
}

/** The operator's read of the background jobs (decision 109): no user account reaches it. */
export const operationsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/operations/jobs/',
    {
      schema: {
        tags: ['operations'],
        summary:
          "The background jobs and their items: what is queued, running, stalled and failed (operator's token)",
        response: responses(200, backgroundJobsSchema),
      },
    },
    async (request, reply) => {
      requireOperator(request, request.deps.config.operationsToken);
      const rows = await request.deps.db
        .select({
          name: jobs.name,
          status: jobs.status,
          run_at: jobs.run_at,
          attempts: jobs.attempts,
          locked_until: jobs.locked_until,
          locked_by: jobs.locked_by,
          last_error: jobs.last_error,
          last_run_at: jobs.last_run_at,
        })
        .from(jobs)
        .orderBy(asc(jobs.status), asc(jobs.run_at));
      const now = request.deps.clock.now();
      // The items in flight or gone wrong, per job: the table holds no others (decision 113).
      const held = sql`${jobItems.failed_at} is null and ${jobItems.locked_until} > ${now.toISOString()}::timestamptz`;
      const itemRows = await request.deps.db
        .select({
          job: jobItems.job,
          queued: sql<number>`(count(*) filter (where ${jobItems.failed_at} is null and not coalesce(${held}, false)))::int`,
          running: sql<number>`(count(*) filter (where ${held}))::int`,
          failed: sql<number>`(count(*) filter (where ${jobItems.failed_at} is not null))::int`,
          last_error: sql<
            string | null
          >`(array_agg(${jobItems.last_error} order by ${jobItems.run_at} desc) filter (where ${jobItems.last_error} is not null))[1]`,
        })
        .from(jobItems)
        .groupBy(jobItems.job);
      const itemsOf = new Map(itemRows.map(({ job, ...counts }) => [job, counts]));
      const none = { queued: 0, running: 0, failed: 0, last_error: null };
      const count = (status: string) => rows.filter((row) => row.status === status).length;
      const total = (key: 'queued' | 'running' | 'failed') =>
        itemRows.reduce((sum, row) => sum + row[key], 0);
      return send(reply, 200, {
        queued: count('queued'),
        running: count('running'),
        failed: count('failed'),
        stalled: rows.filter(
          (row) => row.status === 'running' && (row.locked_until?.getTime() ?? 0) < now.getTime(),
        ).length,
        items: { queued: total('queued'), running: total('running'), failed: total('failed') },
        jobs: rows.map((row) => ({ ...row, items: itemsOf.get(row.name) ?? none })),
      });
    },
  );
  return Promise.resolve();
};

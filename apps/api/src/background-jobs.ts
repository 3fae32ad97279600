import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mail/mailer';
import { deliverAllPendingMail } from './adapters/mail/outbox';
import type { Payments } from './adapters/payments/payments';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { purgeIdempotencyKeys } from './http/idempotency';
import { dueNoticesBatch } from './modules/check-ins/due-notices';
import { notificationJobs } from './modules/notifications/notifications-scheduler';
import { supersededBatch } from './modules/subscriptions/superseded.service';
import { proposalsBatch } from './modules/targets/proposals.service';
import { mailRequestsBatch } from './modules/users/users.service';
import { purgeDeadCredentials } from './security/purge';
import { forgetLeftItems, type JobDefinition } from './jobs/runner';

export interface BackgroundJobsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  payments: Payments;
  log: FastifyBaseLogger;
}

/**
 * Every piece of background work of the product, as jobs of the runner (decision 107); those
 * with items claim them in batches that instances share (decision 113).
 */
export function backgroundJobs(deps: BackgroundJobsDeps): JobDefinition[] {
  const { db, clock, config, mailer, payments, log } = deps;
  return [
    {
      name: 'mail',
      everyMs: 1_000,
      run: () =>
        deliverAllPendingMail({
          db,
          clock,
          mailer,
          onError: (error, messageId) => {
            log.warn({ err: error, messageId }, 'mail delivery failed; will retry');
          },
        }),
    },
    // Reset links and new codes asked for are looked up and written to the outbox here,
    // after the request has been answered (decision 045).
    {
      name: 'mail-requests',
      everyMs: 1_000,
      batch: mailRequestsBatch({ db, clock, publicUrl: config.publicUrl }),
    },
    {
      name: 'payments',
      everyMs: 60_000,
      // The provider's own periodic work, then the users still paying twice, in batches.
      run: async () => {
        await payments.tick?.();
      },
      batch: supersededBatch({ db, payments, clock, config, log }),
    },
    ...notificationJobs({ db, clock, config, log }),
    // Trainees whose weekly check-in is due hear of it once (decision 062).
    { name: 'check-in-notices', everyMs: 60_000, batch: dueNoticesBatch({ db, clock }) },
    // Each trainee's week is looked at once for a proposal of a new target (decision 066).
    { name: 'weekly-proposals', everyMs: 60_000, batch: proposalsBatch({ db, clock }) },
    {
      name: 'credentials-purge',
      everyMs: 3_600_000,
      run: async () => {
        const purged = await purgeDeadCredentials({ db, clock });
        log.info({ purged }, 'dead credentials purged');
      },
    },
    // Rows of job items an instance stopped before deleting (decision 113).
    {
      name: 'job-items-purge',
      everyMs: 3_600_000,
      run: async () => {
        const forgotten = await forgetLeftItems({ db, clock });
        log.info({ forgotten }, 'job items left behind forgotten');
      },
    },
    // Idempotency keys are remembered for 7 days (decision 067).
    {
      name: 'idempotency-purge',
      everyMs: 3_600_000,
      run: async () => {
        const purged = await purgeIdempotencyKeys({ db, clock });
        log.info({ purged }, 'expired idempotency keys purged');
      },
    },
  ];
}

import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#clock';
import type { Config } from '#config';
import type { Db } from '#db/client';
import type { JobDefinition } from '#jobs/runner';
import { digestsBatch, forgetOldDigestDays } from './digest';
import { deliverPendingPushes, PUSH_DELIVERY } from './push-delivery';
import { remindersBatch } from './reminders';

export interface NotificationJobsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'push' | 'publicUrl'>;
  log: FastifyBaseLogger;
  agent?: Agent;
}

/**
 * The background work of notifications: pushes each second (when Web Push is configured),
 * reminders and digests each minute, in batches of people that instances share; each item
 * is claimed in the database, so everything is sent once (decisions 062, 107 and 113).
 */
export function notificationJobs(deps: NotificationJobsDeps): JobDefinition[] {
  const { db, clock, config, log } = deps;
  const push = config.push;
  const pushes: JobDefinition[] = push
    ? [
        {
          name: 'pushes',
          everyMs: 1_000,
          run: async () => {
            // Keep going while full batches come back, so a backlog drains quickly.
            for (;;) {
              const result = await deliverPendingPushes({
                db,
                clock,
                push,
                ...(deps.agent ? { agent: deps.agent } : {}),
                onError: (error, deliveryId) => {
                  log.warn({ err: error, deliveryId }, 'push delivery failed');
                },
              });
              if (result.sent + result.failed + result.removed < PUSH_DELIVERY.batchSize) break;
            }
          },
        },
      ]
    : [];
  return [
    ...pushes,
    { name: 'reminders', everyMs: 60_000, batch: remindersBatch({ db, clock }) },
    {
      name: 'digests',
      everyMs: 60_000,
      run: () => forgetOldDigestDays({ db, clock }),
      batch: digestsBatch({ db, clock, publicUrl: config.publicUrl }),
    },
  ];
}

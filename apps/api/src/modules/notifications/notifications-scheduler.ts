import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { every } from '../../periodic';
import { sendDigests } from './digest';
import { deliverPendingPushes, PUSH_DELIVERY } from './push-delivery';
import { sendDueReminders } from './reminders';

export interface NotificationWorkersDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'push' | 'publicUrl'>;
  log: FastifyBaseLogger;
  agent?: Agent;
}

/**
 * The background work of notifications, on every instance: pushes each second, reminders and
 * digests each minute. Each piece claims its rows in the database, so instances running it
 * side by side send everything once (decision 062).
 */
export function startNotificationWorkers(deps: NotificationWorkersDeps) {
  const { db, clock, config, log } = deps;
  const push = config.push;
  const pushes = push
    ? every(
        1_000,
        async () => {
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
        (error) => {
          log.error({ err: error }, 'push worker failed');
        },
      )
    : undefined;
  const daily = every(
    60_000,
    async () => {
      await sendDueReminders({ db, clock });
      await sendDigests({ db, clock, publicUrl: config.publicUrl });
    },
    (error) => {
      log.error({ err: error }, 'reminders and digests failed');
    },
  );
  return {
    async stop() {
      await pushes?.stop();
      await daily.stop();
    },
  };
}

import { resolve } from 'node:path';
import { createMailer } from './adapters/mail/create-mailer';
import { startMailWorker } from './adapters/mail/outbox';
import { createPayments } from './adapters/payments/create-payments';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { createRateLimitRedis } from './http/rate-limit-store';
import { serializeError } from './http/error-logging';
import { loadReferenceData } from './modules/foods/reference-data';
import { notifyDueCheckIns } from './modules/check-ins/due-notices';
import { proposeWeeklyTargets } from './modules/targets/proposals.service';
import { startNotificationWorkers } from './modules/notifications/notifications-scheduler';
import { startPaymentsScheduler } from './modules/subscriptions/payments-scheduler';
import { processMailRequests } from './modules/users/users.service';
import { purgeIdempotencyKeys } from './http/idempotency';
import { every } from './periodic';
import { purgeDeadCredentials } from './security/purge';
import { createPgliteDatabase, createPostgresDatabase, type Database } from './db/client';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database: Database = config.databaseUrl
    ? createPostgresDatabase(config.databaseUrl, {
        onPoolError: (error) => {
          console.error(`database connection lost: ${error.message}`);
        },
      })
    : await createPgliteDatabase(resolve(config.dataDir));
  await database.migrate(loadReferenceData);

  const redis = config.redisUrl ? createRateLimitRedis(config.redisUrl) : undefined;

  const payments = createPayments(config, { db: database.db, clock: systemClock });
  const app = await buildApp({ config, database, clock: systemClock, redis, payments });
  const mailer = createMailer(config, (entry) => {
    app.log.info(entry);
  });
  const mailWorker = startMailWorker({
    db: database.db,
    clock: systemClock,
    mailer,
    onError: (error, messageId) => {
      app.log.warn({ err: error, messageId }, 'mail delivery failed; will retry');
    },
    onTickError: (error) => {
      app.log.error({ err: error }, 'mail worker failed');
    },
  });
  // Reset links and new codes asked for are looked up and written to the outbox here,
  // after the request has been answered (decision 045).
  const mailRequestsWorker = every(
    1_000,
    () =>
      processMailRequests(
        { db: database.db, clock: systemClock, publicUrl: config.publicUrl },
        (error) => {
          app.log.error({ err: error }, 'a mail request failed; will retry');
        },
      ),
    (error) => {
      app.log.error({ err: error }, 'mail requests worker failed');
    },
  );
  const paymentsScheduler = startPaymentsScheduler({
    db: database.db,
    payments,
    clock: systemClock,
    config,
    log: app.log,
  });
  // Pushes, reminders and daily digests; each is claimed in the database (decision 062).
  const notificationWorkers = startNotificationWorkers({
    db: database.db,
    clock: systemClock,
    config,
    log: app.log,
  });
  // Trainees whose weekly check-in is due hear of it once (decision 062).
  const checkInNotices = every(
    60_000,
    () => notifyDueCheckIns({ db: database.db, clock: systemClock }),
    (error) => {
      app.log.error({ err: error }, 'check-in notices failed');
    },
  );
  // Each trainee's week is looked at once for a proposal of a new target (decision 066).
  const weeklyProposals = every(
    60_000,
    () => proposeWeeklyTargets({ db: database.db, clock: systemClock }),
    (error) => {
      app.log.error({ err: error }, 'weekly target proposals failed');
    },
  );
  const credentialsPurge = every(
    3_600_000,
    async () => {
      const purged = await purgeDeadCredentials({ db: database.db, clock: systemClock });
      app.log.info({ purged }, 'dead credentials purged');
    },
    (error) => {
      app.log.error({ err: error }, 'credentials purge failed');
    },
  );
  // Idempotency keys are remembered for 7 days (decision 067).
  const idempotencyKeysPurge = every(
    3_600_000,
    async () => {
      const purged = await purgeIdempotencyKeys({ db: database.db, clock: systemClock });
      app.log.info({ purged }, 'expired idempotency keys purged');
    },
    (error) => {
      app.log.error({ err: error }, 'idempotency keys purge failed');
    },
  );
  app.addHook('onClose', async () => {
    await idempotencyKeysPurge.stop();
    await credentialsPurge.stop();
    await checkInNotices.stop();
    await weeklyProposals.stop();
    await notificationWorkers.stop();
    await paymentsScheduler.stop();
    await mailRequestsWorker.stop();
    await mailWorker.stop();
    await mailer.close();
    // quit() would wait on (or fail against) a Redis that is down; nothing is pending.
    redis?.disconnect();
    await database.close();
  });

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Forja on ${config.publicUrl} (database: ${database.kind}, mail: ${mailer.kind}, payments: ${config.payments.provider}, push: ${config.push ? 'on' : 'off'})`,
  );
}

main().catch((error: unknown) => {
  console.error(serializeError(error));
  process.exit(1);
});

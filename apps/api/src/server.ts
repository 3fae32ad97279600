import { resolve } from 'node:path';
import { createMailer } from './adapters/mail/create-mailer';
import { createPayments } from './adapters/payments/create-payments';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { createRateLimitRedis } from './http/rate-limit-store';
import { serializeError } from './http/error-logging';
import { loadReferenceData } from './modules/foods/reference-data';
import { backgroundJobs } from './background-jobs';
import { registerJobs, startJobRunner } from './jobs/runner';
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
  // All background work, shared with the other instances through the jobs table (decision 107).
  const jobs = backgroundJobs({
    db: database.db,
    clock: systemClock,
    config,
    mailer,
    payments,
    log: app.log,
  });
  await registerJobs({ db: database.db, clock: systemClock }, jobs);
  const jobRunner = startJobRunner({
    db: database.db,
    clock: systemClock,
    jobs,
    onError: (error, job, attempts) => {
      app.log.error({ err: error, job, attempts }, 'a background job failed');
    },
  });
  app.addHook('onClose', async () => {
    await jobRunner.stop();
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

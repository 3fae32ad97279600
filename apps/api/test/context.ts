import type { Redis } from 'ioredis';
import { createPayments } from '#adapters/payments/create-payments';
import type { Payments } from '#adapters/payments/payments';
import { buildApp, type App, type AppDeps, type BuildOptions } from '#app';
import type { RateLimits } from '#http/rate-limit';
import { loadConfig, type Config, type Environment } from '#config';
import { TestClock } from './clock';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestContext {
  app: App;
  database: TestDatabase;
  clock: TestClock;
  config: Config;
  payments: Payments;
  close(): Promise<void>;
}

const NO_WEB_BUILD = '/nonexistent/forja-web-dist';

export function testConfig(env: Environment = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://forja.test',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
    ...env,
  });
}

const roomy = { max: 10_000, windowMs: 60_000 };
/** Limits no ordinary test reaches; tests of rate limiting pass their own. */
export const ROOMY_RATE_LIMITS: RateLimits = {
  login: { perIp: roomy, perAccount: roomy },
  registration: { perIp: roomy, perAccount: roomy },
  verification: { perIp: roomy, perAccount: roomy },
  verificationResend: { perIp: roomy, perAccount: roomy },
  passwordResetTrigger: { perIp: roomy, perAccount: roomy },
  passwordReset: { perIp: roomy, perAccount: roomy },
  passwordChange: { perIp: roomy, perAccount: roomy },
  invitationPreview: { perIp: roomy, perAccount: roomy },
  messageWrite: { perAccount: roomy },
  commentWrite: { perAccount: roomy },
  upload: { perAccount: roomy },
  checkInWrite: { perAccount: roomy },
};

/** The whole app over a fresh database, ready for inject(). */
export async function createTestContext(
  options: {
    env?: Environment;
    build?: BuildOptions;
    redis?: Redis;
    /** Another context's database, for a second instance of the app; left open on close. */
    database?: TestDatabase;
    /** Extra routes a test needs, added before the app is sealed. */
    extend?: (app: App, deps: AppDeps) => void;
  } = {},
): Promise<TestContext> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const clock = new TestClock();
  const config = testConfig(options.env);
  const payments = createPayments(config, { db: database.db, clock });
  const deps: AppDeps = { config, database, clock, redis: options.redis, payments };
  const app = await buildApp(deps, {
    logger: false,
    // API tests must not depend on whether the web app happens to be built.
    webDist: NO_WEB_BUILD,
    ...options.build,
    rateLimits: { ...ROOMY_RATE_LIMITS, ...options.build?.rateLimits },
  });
  options.extend?.(app, deps);
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    payments,
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

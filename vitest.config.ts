import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];

/**
 * What proves the embedded default (PGlite) works: the migrations, the app and the server
 * starting on it, the runner and idempotent writes (transactions), and each module's main
 * test file (`modules/<name>/<name>.test.ts`). The whole API suite runs on PostgreSQL.
 */
const moduleMainTests = readdirSync(new URL('apps/api/src/modules', import.meta.url))
  .map((name) => `apps/api/src/modules/${name}/${name}.test.ts`)
  .filter((file) => existsSync(new URL(file, import.meta.url)));
const embeddedDefaultTests = [
  'apps/api/src/db/*.test.ts',
  'apps/api/src/app.test.ts',
  'apps/api/src/server.test.ts',
  'apps/api/src/jobs/*.test.ts',
  'apps/api/src/http/idempotency.test.ts',
  ...moduleMainTests,
];

export default defineConfig({
  test: {
    // As many test files at once as the machine has cores (Vitest's default leaves one for
    // itself). Most of a file's time is starting it (imports, jsdom, the database copy) or
    // waiting for PostgreSQL, so the last core does not sit idle: on two cores the whole
    // run took 441 s against 700 s with one file at a time.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          isolate: false,
          include: embeddedDefaultTests,
          environment: 'node',
          env: { FORJA_TEST_DB: 'pglite' },
          globalSetup: ['apps/api/test/pglite-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          // One worker runs file after file with the modules it already loaded: loading the
          // app again for each file cost more than the tests themselves (decision 120).
          isolate: false,
          include: apiTests,
          environment: 'node',
          env: { FORJA_TEST_DB: 'postgres' },
          globalSetup: ['apps/api/test/postgres-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});

import { defineConfig } from 'vitest/config';

/**
 * npm run test:faults: the fault suite, against the built server as a child process. Not one
 * of the projects of vitest.config.ts; the scenarios run one at a time, each with its own
 * server, databases and ports.
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['scripts/faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['scripts/faults/support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});

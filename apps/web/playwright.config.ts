import { defineConfig } from '@playwright/test';

const isCI = Boolean(process.env.CI);

/**
 * The address this worker's browser and requests speak from (the server trusts the
 * loopback proxy: e2e/global-setup.ts), so that the per-address limits count each worker
 * as one person, not the whole suite as one.
 */
const workerAddress = `10.${String(Math.floor(Math.random() * 250) + 1)}.${String(process.pid % 250)}.${String(Math.floor(Math.random() * 250) + 1)}`;

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // No retries, on CI either: a journey that fails once is a bug to fix, not to try again.
  retries: 0,
  // A CI machine may be several times slower than a developer's (a whole run has taken 2.5×
  // as long): a screen that shows in 1 s here may take more than 5 s there while the other
  // worker's journey loads the same two cores. A long journey likewise: the day logged in
  // diary.spec.ts takes 17 s alone on a slow machine and over 30 s beside another one.
  expect: { timeout: isCI ? 10_000 : 5_000 },
  timeout: isCI ? 90_000 : 30_000,
  forbidOnly: isCI,
  reporter: 'list',
  use: {
    // Set by the global setup; workers load this file after it has run.
    baseURL: process.env.E2E_BASE_URL,
    locale: 'es-ES',
    extraHTTPHeaders: { 'X-Forwarded-For': workerAddress },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        // The system Chromium: browsers are never downloaded for these tests.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});

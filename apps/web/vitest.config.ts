import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Its own config rather than vite.config.ts: tests import route files directly, so the
// route generator and code splitting stay out of the way.
export default defineProject({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // The web tests share two cores with the API's PostgreSQL suites: a screen test that
    // takes one second alone can take several there.
    testTimeout: 15_000,
  },
});

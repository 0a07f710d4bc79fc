import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core machine), but these tests mostly wait
    // on PostgreSQL, servers and Chromium: two workers there took the suite from 19 to 14 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['{events,service-kit,command-api,projector,query-api,verifier,scripts}/**/*.test.ts'],
          globalSetup: ['./test-support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The web app's Vite config brings the React plugin, so TSX compiles as in the build.
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./web/src/test/setup.ts'],
          // Typing through user-event on a loaded 2-core machine can pass 5 s; a hung test still fails.
          testTimeout: 20_000,
        },
      },
      {
        // The web build's size budget: runs a production build of its own (issue #17).
        test: {
          name: 'bundle',
          environment: 'node',
          include: ['web/scripts/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['web/e2e/**/*.test.ts'],
          globalSetup: ['./test-support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

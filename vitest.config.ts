import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['{events,service-kit,command-api,projector,query-api,scripts}/**/*.test.ts'],
          globalSetup: ['./test-support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
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
          fileParallelism: false,
        },
      },
    ],
  },
});

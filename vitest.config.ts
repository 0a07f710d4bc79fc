import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

type ProjectConfig = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * The tiers, by where a file is and how it is named; no list of files (docs/architecture.md, Tests in tiers).
 * Unit: every `*.test.ts` under a package's src/, beside the module it tests. No database, server,
 * browser or process: the project has no global setup (no database is provided) and its setup file
 * refuses connections, ports and processes, so such a test fails until it moves to the package's test/.
 */
const PACKAGES = '{events,service-kit,command-api,projector,query-api,verifier}';
const UNIT_TESTS = `${PACKAGES}/src/**/*.test.ts`;
/** Server: every other test of the server packages and scripts, on a database of its own from the global setup. */
const SERVER_TESTS = '{events,service-kit,command-api,projector,query-api,verifier,scripts}/**/*.test.ts';
/**
 * `*.serial.test.ts`: tests that keep a transaction with writes open on purpose (a held append, a
 * projector batch waiting on a lock): while it is open, every event store reader on the same
 * PostgreSQL server sees nothing newer (visibility is cluster-wide), so the test files running beside
 * them would wait. They run after the others, one at a time.
 */
const SERIAL_TESTS = '**/*.serial.test.ts';

/**
 * What every project of server tests shares: the database the global setup provides, and time for it.
 * The files of a worker share one module graph (`isolate: false`): each used to load the whole
 * platform anew (the server project took 8.4 minutes and 8.0 of CPU; now 5.3 and 3.5). They keep
 * no state in shared modules: every server, store and pool is a file's own.
 */
const SERVER_PROJECT = {
  environment: 'node',
  isolate: false,
  globalSetup: ['./test-support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
} satisfies ProjectConfig;

/**
 * Component tests. In the `web` project the files of a worker share one module graph (`isolate:
 * false`: 4.3 against 2.0 minutes here); the setup file resets what the app keeps between tests.
 */
const WEB_PROJECT = {
  environment: 'jsdom',
  include: ['web/src/**/*.test.{ts,tsx}'],
  setupFiles: ['./web/src/test/setup.ts'],
  // Typing through user-event on a loaded 2-core machine can pass 5 s; a hung test still fails.
  testTimeout: 20_000,
} satisfies ProjectConfig;
/**
 * `*.mocks.test.tsx`: component tests that replace a module with `vi.mock`. They need a module graph
 * of their own (one an earlier file loaded the module in keeps it); scripts/test-projects.test.ts
 * checks the names.
 */
const MOCKING_TESTS = 'web/src/**/*.mocks.test.{ts,tsx}';

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core machine); two workers there took the
    // suite from 19 to 14 minutes, and keep both cores busy (a third gained 7% on the journeys alone).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Decider specs and pure rules load @civitas/events once a worker rather than once a file.
          isolate: false,
          include: [UNIT_TESTS],
          setupFiles: ['./test-support/unit-guard.ts'],
          // The property tests (Merkle proofs, blinding, site paths) take seconds each when the 2 cores are busy.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          ...SERVER_PROJECT,
          name: 'server',
          include: [SERVER_TESTS],
          exclude: [...configDefaults.exclude, UNIT_TESTS, SERIAL_TESTS],
        },
      },
      {
        test: {
          ...SERVER_PROJECT,
          name: 'server-alone',
          include: [SERIAL_TESTS],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The web app's Vite config brings the React plugin, so TSX compiles as in the build.
        extends: './web/vite.config.ts',
        test: { ...WEB_PROJECT, name: 'web', isolate: false, exclude: [...configDefaults.exclude, MOCKING_TESTS] },
      },
      {
        extends: './web/vite.config.ts',
        test: { ...WEB_PROJECT, name: 'web-mocks', include: [MOCKING_TESTS] },
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
          // Each journey starts the platform inside the worker, as the server tests do: one module graph a worker.
          isolate: false,
          include: ['web/e2e/**/*.test.ts'],
          globalSetup: ['./test-support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

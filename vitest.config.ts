import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run over every workspace. Workspace packages resolve to their TypeScript
// sources through the "@eid/source" export condition, so tests never need a prior build.
const conditions = ['@eid/source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    // A stray it.only / describe.only fails the run instead of silently skipping the rest (as Playwright's forbidOnly).
    allowOnly: false,
    // Every core (Vitest's own default leaves one idle: on a 2-core machine the whole run went through one worker).
    maxWorkers: availableParallelism(),
    // The Node projects' files share their worker's modules (no fresh module graph per file): the
    // imports took more time than the tests (a full run 237 s → 137 s on 2 cores). Their tests build
    // what they use (an app, a store, a clock) in the test, not at import. The browser-like project
    // (apps/web, jsdom) keeps one page per file: its tests set the page's address and storage.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'hub',
          root: './packages/hub',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Its type tests (src/**/*.test-d.ts) are checked by `tsc -p packages/hub/tsconfig.test.json` in the typecheck
          // step, which fails on a wrong expectTypeOf: vitest's own typecheck ran the same tsc again (32 s of a run).
        },
      },
      {
        extends: true,
        test: {
          name: 'accounts',
          root: './packages/accounts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'adapters',
          root: './adapters',
          include: ['*/src/**/*.test.ts'],
          environment: 'node',
          // A throwaway PostgreSQL cluster for the PostgreSQL adapters' contract suites.
          globalSetup: ['../scripts/lib/services-global-setup.mjs'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          // Mocks a Node module (node:fs): in a module graph shared with other files the mock would reach them.
          exclude: ['src/operations/backup.test.ts'],
          environment: 'node',
          globalSetup: ['../../scripts/lib/services-global-setup.mjs'],
          // Integration tests over real sockets, SQLite, argon2 and the captcha's proof of work on a 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          root: './apps/server',
          include: ['src/operations/backup.test.ts'],
          environment: 'node',
          isolate: true,
          globalSetup: ['../../scripts/lib/services-global-setup.mjs'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

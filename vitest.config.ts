import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Shuffle files and the tests inside them, so no test can lean on another's leftovers. It must sit
    // here: vitest reads `sequence` from the root config only and ignores it inside a project. The seed
    // is printed at the start of each run ("Running tests with seed ..."); replay a failing order with
    // `npx vitest run --sequence.seed=<seed>`.
    sequence: { shuffle: { files: true, tests: true } },
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
      { test: { name: 'tooling', root: '.', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});

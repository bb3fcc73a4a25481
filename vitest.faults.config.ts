import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the fault suite (apps/api/src/faults/*.fault.ts). Each file starts real
 * server processes on loopback, cuts something real (a process, a connection, the disk) and asserts
 * what a user would notice. Files run one at a time: they start several processes each and the CI
 * machine has two cores.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: './apps/api',
    include: ['src/faults/**/*.fault.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

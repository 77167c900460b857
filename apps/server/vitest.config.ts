import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three files at once on a 2-core machine (the default, cores - 1, runs them one by one): many
    // tests spend their time waiting on PostgreSQL, and the system tests on the processes they start
    // (test/main.test.ts used 36 CPU-seconds in 77 s), so a third file takes the core they leave.
    maxWorkers: 3,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/clock-setup.ts'],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps the modules it loaded from one file to the next (each file still builds its own
    // app on its own database): loading the server and compiling PGlite's WebAssembly again for every
    // file cost about a minute of the run (PGlite alone: 268 s isolated, 159 s not; README › Tests).
    isolate: false,
    // Two files at once: on a 2-core machine the default (cores - 1) runs them one by one,
    // while many tests spend their time waiting on PostgreSQL.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/clock-setup.ts'],
  },
});

import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './vite.config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Testing Library's act comes from react-dom/test-utils: Preact has its own.
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      // Every test runs on the runtime the site ships: the React code on Preact (vite.config.ts).
      ...PREACT_ALIASES,
    ],
    // A library's ES module build (Testing Library names it only in `module`), whose imports go
    // through the aliases: a CommonJS build would require React itself.
    mainFields: ['module', 'main'],
    conditions: ['module', 'import', 'development|production'],
  },
  ssr: { resolve: { conditions: ['module', 'import', 'node', 'default'] } },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // The libraries run through Vite too, so that their imports of React meet the aliases.
    server: { deps: { inline: true } },
    projects: [
      {
        extends: true,
        test: { name: 'components', include: ['src/**/*.test.{ts,tsx}'], exclude: ['src/entry-server.test.tsx'] },
      },
      // The server's renderer as the server process runs it: no document, preact-render-to-string.
      { extends: true, test: { name: 'server-render', include: ['src/entry-server.test.tsx'], environment: 'node' } },
    ],
    // A page test renders the whole router and waits on it as a person would: on a 2-core machine
    // shared with the server's suite it can take longer than Vitest's default 5 seconds.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
    // Both cores of a 2-core machine (the default leaves one idle), in worker threads: they start
    // and load faster than child processes (the suite 91 s against 104 s, one after the other).
    maxWorkers: 2,
    pool: 'threads',
  },
});

import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './vite.config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    projects: [
      // The components, with Testing Library on React: their behaviour is the same on the Preact the
      // site ships (the browser journeys in e2e/ run that build).
      {
        extends: true,
        test: { name: 'components', include: ['src/**/*.test.{ts,tsx}'], exclude: ['src/entry-server.test.tsx'] },
      },
      // The server's renderer on the runtime it is built with: Preact and preact-render-to-string,
      // every library run through the aliases.
      {
        extends: true,
        resolve: {
          alias: PREACT_ALIASES,
        },
        // Each library's ES module build, whose imports go through the aliases (a CommonJS build would require React itself).
        ssr: { resolve: { conditions: ['module', 'import', 'node', 'default'] } },
        test: {
          name: 'server-render',
          include: ['src/entry-server.test.tsx'],
          environment: 'node',
          server: { deps: { inline: true } },
        },
      },
    ],
    restoreMocks: true,
    unstubGlobals: true,
    // Both cores of a 2-core machine (the default leaves one idle).
    maxWorkers: 2,
  },
});

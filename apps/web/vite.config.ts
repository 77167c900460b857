import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The browser's zod never evaluates code from strings (src/zod-jitless.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) },
      // Preact runs the React code of the app in the built site: 11 KB instead of React's 65, so a
      // public page's JavaScript fits its budget (issue 12). The same runtime draws the pages on the
      // server (entry-server.tsx), so what the browser hydrates is what it would draw itself.
      ...PREACT_ALIASES,
    ],
  },
  // The server's renderer carries its libraries, so that they too run on Preact (the aliases above).
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/fhir': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/fhir': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No preload helper around dynamic imports: it appended a <link rel=modulepreload> per chunk to
    // the head, each one a style recalculation of the whole page (60 ms on a hydrating public page);
    // a chunk's own imports are fetched by the browser as it reads them.
    modulePreload: false,
    // The server's renderer (dist-ssr, `vite build --ssr`) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
    // The admin area is only loaded through lazy routes, so it already lands in its own chunks;
    // react and the router get a long-lived vendor chunk of their own.
    rolldownOptions: {
      // React Router asks `React.useOptimistic` and falls back when it is absent, as on Preact.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](preact|react-router)[\\/]/ },
            // zod, for the pages with a form: one chunk under its own name, kept out of the first download.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-jitless/ },
          ],
        },
      },
    },
  },
}));

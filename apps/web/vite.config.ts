import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The browser's zod never evaluates code from strings (src/zod-jitless.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The server's renderer (dist-ssr, `vite build --ssr`) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
    // The admin area is only loaded through lazy routes, so it already lands in its own chunks;
    // react and the router get a long-lived vendor chunk of their own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // zod, for the pages with a form: one chunk under its own name, kept out of the first download.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-jitless/ },
          ],
        },
      },
    },
  },
}));

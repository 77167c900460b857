// `npm run build -w apps/server`: the server as one JavaScript file, dist/main.js, which production
// runs with plain node; tsx stays for development and tests. @clinic/shared (TypeScript source) is
// bundled in; every other package stays an import that node resolves from node_modules.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// --outfile: elsewhere than dist/main.js (test/main.test.ts builds into a temporary folder).
const { values: args } = parseArgs({ options: { outfile: { type: 'string' } } });
const outfile = resolve(args.outfile ?? join(serverDir, 'dist/main.js'));

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@clinic/') ? undefined : { path: args.path, external: true },
    );
  },
};

// A module finds its files (migrations, database functions, seed images, the web build) from its own
// import.meta.url. In the bundle each module keeps the URL of its source file, so the built server
// reads the very files the sources do and no copy of them can go stale.
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(outfile), args.path).split(sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

const started = performance.now();
await build({
  entryPoints: [join(serverDir, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages, sourceUrls],
  logLevel: 'warning',
});
console.log(`${relative(process.cwd(), outfile)} built in ${Math.round(performance.now() - started)} ms`);

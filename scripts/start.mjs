// `npm start`: builds the web app and the server when either is missing or older than its sources,
// then runs the built server in this same process (one process id to stop), which migrates and seeds
// the database.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = 'apps/server/dist/main.js';

const builds = [
  {
    workspace: 'apps/web',
    // The browser's build and the server's entry that renders the public pages ahead (issue 12).
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'],
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
    first: 'Đang build giao diện web lần đầu...',
    again: 'Mã nguồn web đã thay đổi, đang build lại...',
    failed: 'Build giao diện web thất bại.',
  },
  {
    workspace: 'apps/server',
    outputs: [SERVER_MAIN],
    sources: ['apps/server/src', 'apps/server/scripts/build.mjs', 'apps/server/package.json', 'packages/shared/src'],
    first: 'Đang build máy chủ lần đầu...',
    again: 'Mã nguồn máy chủ đã thay đổi, đang build lại...',
    failed: 'Build máy chủ thất bại.',
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

for (const { workspace, outputs, sources, first, again, failed } of builds) {
  const builtAt = Math.min(...outputs.map((f) => newestMtime(join(root, f))));
  if (builtAt > 0 && sources.every((s) => newestMtime(join(root, s)) <= builtAt)) continue;
  console.log(builtAt === 0 ? first : again);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Always a production build, whatever NODE_ENV the server runs with.
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(failed);
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(join(root, SERVER_MAIN)).href);

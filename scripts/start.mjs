// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server in this same process (one process id to stop), which migrates and seeds the database.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The browser's build and the server's entry that renders the public pages ahead (issue 12).
const builtFiles = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].map((p) => join(root, p));
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
].map((p) => join(root, p));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = Math.min(...builtFiles.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (builtAt === 0 || sources.some((s) => newestMtime(s) > builtAt)) {
  console.log(builtAt === 0 ? 'Đang build giao diện web lần đầu...' : 'Mã nguồn web đã thay đổi, đang build lại...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The bundle is always a production build, whatever NODE_ENV the server runs with.
  const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('Build giao diện web thất bại.');
    process.exit(result.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'apps/server/src/main.ts'));

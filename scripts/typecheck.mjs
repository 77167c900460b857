// `npm run typecheck`: tsc over each package, as many at once as the machine has cores (they are
// independent, and one tsc uses one core). Each package's output is printed whole when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
// The largest first, so that the small ones fill in beside it.
const projects = ['apps/web', 'apps/server', 'e2e', 'packages/shared'];

function check(project) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${project} (${seconds} s)`);
      if (out) process.stdout.write(out);
      resolve(code === 0);
    });
  });
}

const waiting = [...projects];
const lanes = Array.from({ length: Math.min(availableParallelism(), projects.length) }, async () => {
  let ok = true;
  for (let project = waiting.shift(); project; project = waiting.shift()) ok = (await check(project)) && ok;
  return ok;
});
process.exit((await Promise.all(lanes)).every(Boolean) ? 0 : 1);

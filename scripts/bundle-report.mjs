// `npm run report:bundle` (after `npm run build`): the JavaScript a visitor downloads for each public
// page, gzip-compressed: the entry chunk and everything it imports statically, plus the page's own
// lazy chunk and its imports (issue 12's budget: at most 120 KB a page).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/assets');
if (!existsSync(dir)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
const gz = new Map(files.map((f) => [f, gzipSync(readFileSync(join(dir, f))).length]));
const importsOf = (f) =>
  [...readFileSync(join(dir, f), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);
function closure(start) {
  const seen = new Set();
  const stack = [...start];
  while (stack.length > 0) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...importsOf(f));
  }
  return seen;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (set) => [...set].reduce((sum, f) => sum + gz.get(f), 0);
const chunk = (prefix) => files.find((f) => f.startsWith(`${prefix}-`));

const entry = chunk('index');
// The entry (src/boot.ts) fetches the app (src/main.tsx) on the visitor's first intent: a visitor who does anything downloads both.
const shell = closure([entry, chunk('main')]);
console.log(`Every page (the entry and its imports): ${kb(total(shell))}`);
for (const f of [...shell].sort((a, b) => gz.get(b) - gz.get(a)).slice(0, 6))
  console.log(`  ${f.replace(/-[\w-]{8}\.js$/, '')}: ${kb(gz.get(f))}`);
console.log('');
const pages = {
  '/': 'home-page',
  '/about': 'about-page',
  '/services': 'services-page',
  '/blog': 'blog-list-route',
  '/blog/{id}': 'blog-post-route',
  '/appointment': 'appointment-page',
  '/login': 'login-page',
};
let over = 0;
for (const [path, prefix] of Object.entries(pages)) {
  const own = chunk(prefix);
  if (!own) continue;
  const sum = total(closure([...shell, own]));
  if (sum > 120 * 1024) over += 1;
  console.log(`${path.padEnd(14)} ${kb(sum).padStart(9)}${sum > 120 * 1024 ? '  (over 120 KB)' : ''}`);
}
if (over > 0) console.log(`\n${over} page(s) over the 120 KB budget.`);

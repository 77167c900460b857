// `npm run lint` runs this too: every document a file names (`docs/PRODUCT.md §4`, a test a comment
// says keeps two lists equal) is one a reader who cloned the repository alone can open.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const self = relative(root, new URL(import.meta.url).pathname);
const TEXT = /\.(md|ts|tsx|js|mjs|cjs|sql|sh|ya?ml|css|html)$|^\.ci\/run$/;
// A URL names someone else's document; anything else ending in .md, or in .test.ts / .spec.ts, is ours.
const NAMED = /https?:\/\/\S+|([\w./-]*\w\.md|[\w./-]*\w\.(?:test|spec)\.(?:ts|tsx|js|mjs))(?![\w-])/g;

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  // A migration once run is never edited, not even its comments: three older ones keep the name
  // PRODUCT.md had before docs/PRODUCT.md was written.
  const kept = (f) => f.startsWith('apps/server/src/db/migrations/');
  return out.split('\0').filter((f) => f && TEXT.test(f) && f !== self && !kept(f) && existsSync(join(root, f)));
}

/** The document names in a text, with their line numbers. */
export function namedDocuments(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(NAMED)) if (m[1]) found.push({ name: m[1].replace(/^\.\//, ''), line: i + 1 });
  });
  return found;
}

/**
 * A name resolves from the repository's root or from the citing file's folder; a test file's name may
 * also be its path inside a workspace (`src/config.test.ts`) or its name alone (`config.test.ts`).
 */
export function resolves(name, file, files) {
  if (existsSync(join(root, name)) || existsSync(join(root, dirname(file), name))) return true;
  if (/\.(test|spec)\./.test(name)) return files.some((f) => f === name || f.endsWith(`/${name}`));
  return false;
}

describe('documents named in the repository', () => {
  it('finds names in prose and paths, not in URLs', () => {
    const text = ['see docs/X' + '.md §3 and README' + '.md,', 'https://example.org/a/B' + '.md (a.test' + '.ts)'];
    assert.deepEqual(
      namedDocuments(text.join('\n')).map((d) => d.name),
      ['docs/X.md', 'README.md', 'a.test.ts'],
    );
  });

  it('refuses a name that is nowhere in the repository', () => {
    assert.equal(resolves('docs/NOT-THERE' + '.md', 'README.md', []), false);
    assert.equal(resolves('no-such' + '.test.ts', 'a/b.ts', ['a/other.test.ts']), false);
    assert.equal(resolves('other' + '.test.ts', 'x.ts', ['a/other.test.ts']), true);
  });

  it('every document a tracked file names is in the repository', () => {
    const files = trackedFiles();
    const dangling = [];
    for (const file of files) {
      for (const { name, line } of namedDocuments(readFileSync(join(root, file), 'utf8'))) {
        if (!resolves(name, file, files)) dangling.push(`${file}:${line} names ${name}`);
      }
    }
    assert.deepEqual(dangling, [], `documents named but not in the repository:\n${dangling.join('\n')}`);
  });
});

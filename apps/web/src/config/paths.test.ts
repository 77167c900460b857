import { describe, expect, it } from 'vitest';
import { PRIVATE_PAGES } from '@clinic/shared';
import { paths } from './paths';

/** Every route pattern of the web app, however deep in `paths`. */
function patternsOf(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (!node || typeof node !== 'object') return [];
  const entry = node as { pattern?: unknown };
  if (typeof entry.pattern === 'string') return [entry.pattern];
  return Object.values(node).flatMap(patternsOf);
}

describe('paths', () => {
  it('lists every page whose address carries a token in PRIVATE_PAGES, so the server keeps it out of its logs (issue 34)', () => {
    const patterns = patternsOf(paths);
    const withToken = patterns.filter((p) => /:(?!id(?:\/|$))[A-Za-z]+/.test(p));
    expect(patterns.length).toBeGreaterThan(20);
    expect(withToken.sort()).toEqual(Object.values(PRIVATE_PAGES).sort());
  });
});

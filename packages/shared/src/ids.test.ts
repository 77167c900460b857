import { describe, expect, it } from 'vitest';
import { pathIdSchema } from './common';
import { MAX_INT, parsePathId } from './ids';

describe('parsePathId', () => {
  it('reads a whole, positive id within a PostgreSQL integer', () => {
    expect(parsePathId('1')).toBe(1);
    expect(parsePathId('42')).toBe(42);
    expect(parsePathId(String(MAX_INT))).toBe(MAX_INT);
  });

  it('refuses what is not an id, as the server does', () => {
    for (const bad of [
      '',
      '0',
      '007',
      '-1',
      '1e3',
      '0x10',
      '1.5',
      ' 1',
      'abc',
      String(MAX_INT + 1),
      '99999999999',
      undefined,
      12,
    ]) {
      expect(parsePathId(bad)).toBeNull();
      if (typeof bad === 'string') expect(pathIdSchema('x').safeParse(bad).success).toBe(false);
    }
  });
});

/** The largest id a PostgreSQL integer column holds. */
export const MAX_INT = 2_147_483_647;

/** Digits only, no leading zero: not '1e3', '0x10', '-1' or '007'. */
export const PATH_ID = /^[1-9]\d{0,9}$/;

/**
 * A path id: digits only (no '1e3', '0x10', '-1'), within a PostgreSQL integer; null otherwise. Free
 * of zod, so that a public page can read its address without downloading the validation library.
 */
export function parsePathId(value: unknown): number | null {
  if (typeof value !== 'string' || !PATH_ID.test(value)) return null;
  const id = Number(value);
  return id <= MAX_INT ? id : null;
}

import { IMAGE_WIDTHS } from '@clinic/shared';

/** A stored image of this site: /api/images/{id}. */
const STORED = /^\/api\/images\/\d+$/;

/** The widths a stored image is served at (IMAGE_WIDTHS), for `srcset`; none for an address elsewhere. */
export function srcSetOf(src: string): string | undefined {
  return STORED.test(src) ? IMAGE_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ') : undefined;
}

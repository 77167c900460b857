import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@clinic/shared';
import { srcSetOf } from './image-src-set';

describe('srcSetOf', () => {
  it('offers a stored image at each width the server makes, so a phone downloads the small one', () => {
    expect(srcSetOf('/api/images/12')).toBe(IMAGE_WIDTHS.map((w) => `/api/images/12?w=${w} ${w}w`).join(', '));
    expect(srcSetOf('/api/images/12')).toContain('/api/images/12?w=400 400w');
  });

  it('leaves an address elsewhere, or one already asking a width, as it is', () => {
    expect(srcSetOf('https://example.com/a.jpg')).toBeUndefined();
    expect(srcSetOf('/api/images/12?w=400')).toBeUndefined();
    expect(srcSetOf('/api/images/../x')).toBeUndefined();
  });
});

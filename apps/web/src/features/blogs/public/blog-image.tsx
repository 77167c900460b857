import { HeartPulse } from 'lucide-react';
import { cn } from '@/lib/cn';
import { srcSetOf } from '../shared/image-src-set';

/** The stored images are 800 × 420: the box keeps that shape before the image arrives, so nothing shifts. */
export const BLOG_IMAGE_SIZE = { width: 800, height: 420 } as const;

type BlogImageProps = {
  src: string | null;
  /** Empty for a decorative picture next to a title that already says it all. */
  alt: string;
  /** Eager for what the first screen shows; lazy below the fold. */
  eager?: boolean;
  /** How wide the picture is drawn (the `sizes` attribute): the browser downloads the width it needs. */
  sizes: string;
  className?: string;
};

export function BlogImage({ src, alt, eager = false, sizes, className }: BlogImageProps) {
  if (!src) {
    return (
      <div
        aria-hidden="true"
        className={cn(
          'flex aspect-[40/21] w-full items-center justify-center bg-gradient-to-br from-brand-50 via-white to-accent-50',
          className,
        )}
      >
        <HeartPulse className="size-10 text-brand-300" />
      </div>
    );
  }
  return (
    <img
      // Relative addresses (/api/images/…) are served by this same site, at the widths of IMAGE_WIDTHS.
      src={src}
      srcSet={srcSetOf(src)}
      sizes={sizes}
      alt={alt}
      width={BLOG_IMAGE_SIZE.width}
      height={BLOG_IMAGE_SIZE.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={cn('aspect-[40/21] h-auto w-full bg-slate-100 object-cover', className)}
    />
  );
}

import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

type SpinnerProps = {
  size?: keyof typeof SIZES;
  className?: string;
  /** Read by screen readers; shown only to them. */
  label?: string;
};

export function Spinner({ size = 'md', className, label = 'Đang tải...' }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden="true" className={cn('animate-spin text-brand-700', SIZES[size])} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the screen (or its section) while a page or a session check loads. */
/**
 * A spinner in the page's place. `fillScreen` reserves a whole screen, so what is below (the public
 * footer) stays out of sight instead of being painted and pushed down when the page arrives (CLS).
 */
export function FullPageSpinner({ label, fillScreen = false }: { label?: string; fillScreen?: boolean }) {
  return (
    <div className={`flex w-full items-center justify-center ${fillScreen ? 'min-h-dvh' : 'min-h-[60vh]'}`}>
      <Spinner size="lg" {...(label ? { label } : {})} />
    </div>
  );
}

import { cn } from '@/lib/cn';

/** 'lg' heads a profile; class names cannot override the size reliably (Tailwind orders them, not this list). */
const SIZES = { md: 'size-8 text-sm', lg: 'size-16 text-2xl' } as const;

/** The first letter of the name in a circle. */
export function UserAvatar({
  name,
  className,
  size = 'md',
}: {
  name: string;
  className?: string;
  size?: keyof typeof SIZES;
}) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800',
        SIZES[size],
        className,
      )}
    >
      {initial}
    </span>
  );
}

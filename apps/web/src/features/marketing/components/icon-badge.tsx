import type { LucideIcon } from 'lucide-react';

type Tone = 'teal' | 'rose' | 'emerald';

const TONES: Record<Tone, string> = {
  teal: 'bg-teal-50 text-teal-700',
  rose: 'bg-rose-100 text-rose-700',
  emerald: 'bg-emerald-50 text-emerald-700',
};

/** A decorative icon in a soft rounded square. */
export function IconBadge({
  icon: Icon,
  tone = 'teal',
  size = 'md',
}: {
  icon: LucideIcon;
  tone?: Tone;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'h-14 w-14' : 'h-12 w-12';
  const glyph = size === 'lg' ? 'h-7 w-7' : 'h-6 w-6';
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded-xl ${box} ${TONES[tone]}`}
      aria-hidden="true"
    >
      <Icon className={glyph} aria-hidden="true" focusable="false" />
    </span>
  );
}

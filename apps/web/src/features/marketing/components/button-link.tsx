import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Variant = 'primary' | 'secondary' | 'light' | 'outline-light';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 focus-visible:outline-teal-700',
  secondary: 'border border-teal-700 bg-white text-teal-800 hover:bg-teal-50 focus-visible:outline-teal-700',
  light: 'bg-white text-teal-800 shadow-sm hover:bg-teal-50 focus-visible:outline-white',
  'outline-light': 'border border-white text-white hover:bg-teal-900 focus-visible:outline-white',
};

interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  variant?: Variant;
  className?: string;
}

/** A router link styled as a button (the marketing pages' calls to action). */
export function ButtonLink({ to, children, variant = 'primary', className = '' }: ButtonLinkProps) {
  return (
    <Link
      to={to}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-3 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${VARIANTS[variant]} ${className}`}
    >
      {children}
    </Link>
  );
}

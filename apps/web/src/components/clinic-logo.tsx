import { CLINIC } from '@clinic/shared';
import { cn } from '@/lib/cn';

/** The heart-and-cross mark of public/favicon.svg, inline so it needs no request. */
export function ClinicMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-10 shrink-0', className)}>
      <rect width="64" height="64" rx="16" fill="#0f766e" />
      <path
        d="M32 50s-16-9.6-16-21.2C16 22.8 20.4 18 26 18c2.6 0 4.8 1.2 6 3.2 1.2-2 3.4-3.2 6-3.2 5.6 0 10 4.8 10 10.8C48 40.4 32 50 32 50z"
        fill="#fff"
      />
      <path d="M29 27h6v5h5v6h-5v5h-6v-5h-5v-6h5z" fill="#e11d48" />
    </svg>
  );
}

/** Mark plus the clinic's short name; the full name is kept for screen readers. */
export function ClinicLogo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <ClinicMark />
      <span className="flex flex-col leading-tight">
        <span className={cn('text-base font-bold', inverted ? 'text-white' : 'text-brand-800')}>
          {CLINIC.shortName}
        </span>
        <span className={cn('hidden text-xs sm:block', inverted ? 'text-brand-100' : 'text-slate-600')}>
          Sức khỏe sinh sản
        </span>
        <span className="sr-only">{CLINIC.name}</span>
      </span>
    </span>
  );
}

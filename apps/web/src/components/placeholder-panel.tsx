import type { ReactNode } from 'react';
import { Construction, type LucideIcon } from 'lucide-react';
import { MSG } from '@clinic/shared';
import { Badge } from './ui/badge';

type PlaceholderPanelProps = {
  title: string;
  /** A second name, e.g. the English menu label of a Vietnamese screen. */
  subtitle?: string;
  description: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
};

/** What a screen shows until its feature is built: its name and 'Đang phát triển'. */
export function PlaceholderPanel({
  title,
  subtitle,
  description,
  icon: Icon = Construction,
  children,
}: PlaceholderPanelProps) {
  return (
    <section
      aria-labelledby="placeholder-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          {subtitle && <p className="text-sm font-medium text-brand-700">{subtitle}</p>}
          <h1 id="placeholder-title" className="text-2xl font-bold text-slate-900">
            {title}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Badge tone="warning">{MSG.underDevelopment}</Badge>
          </div>
          <p className="mt-3 text-slate-600">{description}</p>
          {children && <div className="mt-5">{children}</div>}
        </div>
      </div>
    </section>
  );
}

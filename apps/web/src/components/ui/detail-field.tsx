import type { ReactNode } from 'react';

/**
 * One label and its value in a detail list (`<dl>`) of the back-office's windows: a booking, a
 * patient, an assignment. An empty value shows a dash; line breaks the person typed are kept.
 */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-900">
        {children || <span className="text-slate-500">—</span>}
      </dd>
    </div>
  );
}

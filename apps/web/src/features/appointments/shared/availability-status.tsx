import { CircleAlert, CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { AvailabilityResponse } from '@clinic/shared';
import { cn } from '@/lib/cn';

export type AvailabilityView =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'answered'; answer: AvailabilityResponse }
  | { state: 'failed'; message: string };

export const AVAILABLE_LABEL = 'Còn chỗ';
export const AVAILABILITY_CHECK_FAILED =
  'Chưa kiểm tra được chỗ trống lúc này. Phòng khám sẽ kiểm tra lại khi bạn đặt lịch.';

/**
 * The answer for the chosen date, time and department. The region stays in the page so a screen
 * reader announces each new answer without moving focus.
 */
export function AvailabilityStatus({ id, view }: { id: string; view: AvailabilityView }) {
  return (
    <div id={id} aria-live="polite" aria-atomic="true" className="min-h-0">
      {view.state === 'checking' && (
        <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-brand-700" />
          Đang kiểm tra chỗ trống...
        </p>
      )}
      {view.state === 'answered' && (
        <p
          className={cn(
            'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
            view.answer.available
              ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
              : 'border-red-200 bg-red-50 text-red-800',
          )}
        >
          {view.answer.available ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <span>
            {view.answer.available && <strong className="font-semibold">{AVAILABLE_LABEL}: </strong>}
            {view.answer.message}
            {view.answer.available && view.answer.remaining > 0 && ` (còn ${view.answer.remaining} chỗ)`}
          </span>
        </p>
      )}
      {view.state === 'failed' && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{view.message}</span>
        </p>
      )}
    </div>
  );
}

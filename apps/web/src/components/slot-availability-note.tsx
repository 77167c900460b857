import type { AvailabilityResponse } from '@clinic/shared';
import { cn } from '@/lib/cn';

/** The server's reason the chosen slot cannot be taken, or null while it can (or is not asked yet). */
export function slotUnavailable(answer: AvailabilityResponse | undefined): string | null {
  return answer && !answer.available ? answer.message : null;
}

/**
 * What the back-office's date-and-time forms (edit a booking, a follow-up visit) say of the chosen
 * slot: checking, then the server's answer, red when it is full. A status region, so a screen
 * reader hears each answer.
 */
export function SlotAvailabilityNote({
  availability,
}: {
  availability: { isFetching: boolean; data?: AvailabilityResponse | undefined };
}) {
  const { isFetching, data } = availability;
  return (
    <p role="status" className="text-sm">
      {isFetching ? (
        <span className="text-slate-600">Đang kiểm tra khung giờ...</span>
      ) : data ? (
        <span className={cn('font-medium', data.available ? 'text-emerald-700' : 'text-red-700')}>{data.message}</span>
      ) : null}
    </p>
  );
}

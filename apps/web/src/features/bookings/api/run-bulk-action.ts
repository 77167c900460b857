import { BOOKING_UI_MSG, type BulkAppointmentAction, type BulkResult } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

export type BulkRequest = { action: BulkAppointmentAction; ids: number[]; reason?: string; amount?: number };

const FALLBACKS: Record<BulkAppointmentAction, string> = {
  cancel: BOOKING_UI_MSG.bulkCancelFailed,
  'mark-paid': BOOKING_UI_MSG.bulkMarkFailed,
  'request-payment': BOOKING_UI_MSG.bulkMarkFailed,
  delete: BOOKING_UI_MSG.bulkDeleteFailed,
};

/** POST /api/appointments/bulk/{cancel|mark-paid|request-payment|delete}: a report per appointment. */
export function runBulkAction({ action, ...body }: BulkRequest): Promise<BulkResult> {
  return api.post<BulkResult>(`/appointments/bulk/${action}`, body, { fallbackMessage: FALLBACKS[action] });
}

export const useBulkAction = () => useAppointmentMutation(runBulkAction);

import type { RefundActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** POST /api/refunds/{id}/mark-done: given back by hand, with the transfer's reference. */
export function markRefundDone({ id, reference }: { id: number; reference: string }): Promise<RefundActionResponse> {
  return api.post<RefundActionResponse>(
    `/refunds/${id}/mark-done`,
    { reference },
    { fallbackMessage: 'Không ghi nhận được hoàn tiền' },
  );
}

export const useMarkRefundDone = () => useAppointmentMutation(markRefundDone);

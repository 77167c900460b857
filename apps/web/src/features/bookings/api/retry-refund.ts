import type { RefundActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** POST /api/refunds/{id}/retry: a refused VNPay or MoMo refund sent to the provider again. */
export function retryRefund(id: number): Promise<RefundActionResponse> {
  return api.post<RefundActionResponse>(`/refunds/${id}/retry`, undefined, {
    fallbackMessage: 'Không gửi lại được yêu cầu hoàn tiền',
  });
}

export const useRetryRefund = () => useAppointmentMutation(retryRefund);

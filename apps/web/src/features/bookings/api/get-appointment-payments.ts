import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { appointmentPaymentsSchema } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export type AppointmentPaymentList = z.infer<typeof appointmentPaymentsSchema>;

/** GET /api/appointments/{id}/payments (ADMIN, STAFF): the online payment attempts and what staff must check. */
export function getAppointmentPayments(id: number, signal?: AbortSignal): Promise<AppointmentPaymentList> {
  return api.get<AppointmentPaymentList>(`/appointments/${id}/payments`, {
    fallbackMessage: 'Không thể tải giao dịch thanh toán trực tuyến',
    signal,
  });
}

export function useAppointmentPayments(id: number) {
  return useQuery(
    queryOptions({
      queryKey: bookingKeys.payments(id),
      queryFn: ({ signal }) => getAppointmentPayments(id, signal),
      staleTime: 0,
    }),
  );
}

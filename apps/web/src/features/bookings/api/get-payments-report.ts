import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentReport, PaymentReportQueryInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export const PAYMENTS_REPORT_LOAD_FAILED = 'Không thể tải báo cáo thanh toán';

/** GET /api/payments/report: the period's payments per day and method, with totals. */
export function getPaymentsReport(query: PaymentReportQueryInput, signal?: AbortSignal): Promise<PaymentReport> {
  return api.get<PaymentReport>('/payments/report', {
    params: query,
    fallbackMessage: PAYMENTS_REPORT_LOAD_FAILED,
    signal,
  });
}

export function usePaymentsReport(query: PaymentReportQueryInput) {
  return useQuery({
    ...queryOptions({
      queryKey: bookingKeys.paymentsReport(query),
      queryFn: ({ signal }) => getPaymentsReport(query, signal),
      staleTime: 0,
    }),
    placeholderData: keepPreviousData,
  });
}

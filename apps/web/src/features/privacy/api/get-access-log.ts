import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessLogPage } from '@clinic/shared';
import { api } from '@/lib/api-client';

export type AccessLogFilter = { email: string; appointmentId: string; page: number };

const paramsOf = (f: AccessLogFilter) => ({
  email: f.email.trim() || undefined,
  appointmentId: f.appointmentId.trim() || undefined,
});

export function getAccessLog(f: AccessLogFilter): Promise<AccessLogPage> {
  return api.get<AccessLogPage>('/privacy/access-log', { params: { ...paramsOf(f), page: f.page, size: 50 } });
}

export function getAccessLogQueryOptions(f: AccessLogFilter) {
  return queryOptions({
    queryKey: ['privacy', 'access-log', f],
    queryFn: () => getAccessLog(f),
    placeholderData: keepPreviousData,
  });
}

export function useAccessLog(f: AccessLogFilter) {
  return useQuery(getAccessLogQueryOptions(f));
}

/** The log of the filter as CSV (streamed by the server). */
export function downloadAccessLog(f: AccessLogFilter) {
  return api.download('/privacy/access-log/export', { params: paramsOf(f) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyNotice } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function getPrivacyNotice(): Promise<PrivacyNotice> {
  return api.get<PrivacyNotice>('/privacy/notice', { auth: false });
}

export function getPrivacyNoticeQueryOptions() {
  return queryOptions({ queryKey: ['privacy', 'notice'], queryFn: getPrivacyNotice, staleTime: 60 * 60_000 });
}

export function usePrivacyNotice() {
  return useQuery(getPrivacyNoticeQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';

export const mfaStatusQueryKey = ['auth', 'mfa'] as const;

/** GET /auth/mfa: on or off, whether the role must have it, recovery codes left. */
export function getMfaStatus(): Promise<MfaStatus> {
  return api.get<MfaStatus>('/auth/mfa', { fallbackMessage: 'Không thể tải trạng thái xác thực hai bước' });
}

export const getMfaStatusQueryOptions = () => queryOptions({ queryKey: mfaStatusQueryKey, queryFn: getMfaStatus });

export const useMfaStatus = () => useQuery(getMfaStatusQueryOptions());

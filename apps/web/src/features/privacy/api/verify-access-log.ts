import { useMutation } from '@tanstack/react-query';
import type { AccessLogVerification } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** The whole access log checked against its hash chain (issue 34): asked when the administrator clicks. */
export function verifyAccessLog(): Promise<AccessLogVerification> {
  return api.get<AccessLogVerification>('/privacy/access-log/verify');
}

export function useVerifyAccessLog() {
  return useMutation({ mutationFn: verifyAccessLog });
}

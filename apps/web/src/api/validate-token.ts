import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Any failure means not valid (specification section 7). */
export async function validateToken(token: string): Promise<boolean> {
  try {
    const result = await api.post<{ valid?: unknown }>('/auth/validate', { token }, { auth: false });
    return result?.valid === true;
  } catch {
    return false;
  }
}

export function validateTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'validate', token],
    queryFn: () => validateToken(token),
    retry: false,
    // Checked again on each entry into the back-office, not served from an old answer.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useValidateToken(token: string | null) {
  return useQuery({ ...validateTokenQueryOptions(token ?? ''), enabled: !!token });
}

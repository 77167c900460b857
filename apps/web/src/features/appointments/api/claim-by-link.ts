import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimByLinkResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { managedAppointmentQueryKey, managePath } from './get-managed-appointment';

/** POST /appointments/manage/{token}/claim: the signed-in patient adds the visit behind her link to her account. */
export function claimByLink({ token }: { token: string }): Promise<ClaimByLinkResponse> {
  return api.post<ClaimByLinkResponse>(managePath(token, '/claim'), undefined, {
    fallbackMessage: 'Failed to add appointment to account',
  });
}

/** The page then shows the visit as the server answered it, and My Appointments reads it again. */
export function useClaimByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimByLink,
    onSuccess: (result, { token }) => {
      queryClient.setQueryData(managedAppointmentQueryKey(token), result.appointment);
      void queryClient.invalidateQueries({ queryKey: ['appointments', 'mine'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicAppointmentInput, PublicAppointmentResponse } from '@clinic/shared';
import { getAvailabilityQueryOptions } from '@/api/check-availability';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';

/**
 * Books without an account. A signed-in visitor's stored token rides along so the server can link
 * the booking to the account; a visitor sends none.
 */
export function createPublicAppointment(
  body: PublicAppointmentInput,
  idempotencyKey?: string,
): Promise<PublicAppointmentResponse> {
  return api.post<PublicAppointmentResponse>('/appointments/public', body, {
    fallbackMessage: 'Failed to create appointment',
    idempotencyKey,
  });
}

export function useCreatePublicAppointment() {
  const queryClient = useQueryClient();
  const submit = useSubmission(createPublicAppointment);
  return useMutation({
    // A double tap on 'Đặt lịch' books once: the submission's key (issue 35).
    mutationFn: submit,
    // Booked or refused (slot full), the slot's places have changed; a patient's own list has one more.
    onSettled: (data, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: getAvailabilityQueryOptions({
            date: body.appointmentDate,
            time: body.appointmentTime,
            department: body.department,
          }).queryKey,
        }),
        data ? queryClient.invalidateQueries({ queryKey: ['appointments', 'mine'] }) : null,
      ]),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentMessages } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export const APPOINTMENT_MESSAGES_FAILED = 'Không thể tải các tin nhắn đã gửi';

/**
 * GET /api/appointments/{id}/messages (issue 27): what was sent about it by e-mail, Zalo and SMS, to
 * whom (masked), and whether it arrived; never the text.
 */
export function getAppointmentMessages(id: number, signal?: AbortSignal): Promise<AppointmentMessages> {
  return api.get<AppointmentMessages>(`/appointments/${id}/messages`, {
    fallbackMessage: APPOINTMENT_MESSAGES_FAILED,
    signal,
  });
}

/** Only for those who run the bookings (ADMIN, STAFF): `enabled` says whether this person may ask. */
export function useAppointmentMessages(id: number | null, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: bookingKeys.messages(id ?? 0),
      queryFn: ({ signal }) => getAppointmentMessages(id!, signal),
      staleTime: 0,
    }),
    enabled: id !== null && enabled,
  });
}

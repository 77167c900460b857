import { queryOptions, useQuery } from '@tanstack/react-query';
import { APPOINTMENT_MSG, type Appointment } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/appointments/{id}. */
export function getAppointment(id: number, signal?: AbortSignal): Promise<Appointment> {
  return api.get<Appointment>(`/appointments/${id}`, { fallbackMessage: APPOINTMENT_MSG.notFound, signal });
}

export function useAppointment(id: number | null, initial?: Appointment) {
  return useQuery({
    ...queryOptions({
      queryKey: bookingKeys.detail(id ?? 0),
      queryFn: ({ signal }) => getAppointment(id!, signal),
      staleTime: 0,
    }),
    enabled: id !== null,
    // The row the modal was opened from shows at once; the server's fresh copy replaces it.
    placeholderData: initial,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKING_MANAGER_POLL_MS, BOOKING_UI_MSG, type AppointmentStats } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/appointments/stats: the cards (a doctor: his own). */
export function getAppointmentStats(signal?: AbortSignal): Promise<AppointmentStats> {
  return api.get<AppointmentStats>('/appointments/stats', { fallbackMessage: BOOKING_UI_MSG.statsFailed, signal });
}

/** Refreshed with Booking Manager's list, so the cards and the rows agree. */
export function useAppointmentStats() {
  return useQuery({
    ...queryOptions({
      queryKey: bookingKeys.stats(),
      queryFn: ({ signal }) => getAppointmentStats(signal),
      staleTime: 0,
    }),
    refetchInterval: BOOKING_MANAGER_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

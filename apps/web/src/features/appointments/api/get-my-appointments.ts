import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKING_UI_MSG, type Appointment, type AppointmentPage } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { fetchAllPages } from './fetch-all-pages';

/** GET /appointments/my-appointments?page=&size=: one page of the signed-in user's own bookings. */
export function getMyAppointmentsPage(page: number, size: number): Promise<AppointmentPage> {
  return api.get<AppointmentPage>('/appointments/my-appointments', {
    params: { page, size },
    fallbackMessage: BOOKING_UI_MSG.myAppointmentsApiFailed,
  });
}

export function getMyAppointments(): Promise<Appointment[]> {
  return fetchAllPages(getMyAppointmentsPage);
}

/** Under ['appointments']: every appointment change refreshes it. Keyed by the token: never another account's list. */
export function getMyAppointmentsQueryOptions(token: string) {
  return queryOptions({ queryKey: ['appointments', 'mine', token], queryFn: getMyAppointments });
}

export function useMyAppointments(token: string | null) {
  return useQuery({ ...getMyAppointmentsQueryOptions(token ?? ''), enabled: !!token });
}

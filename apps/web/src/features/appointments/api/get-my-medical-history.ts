import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKING_UI_MSG, type Appointment, type AppointmentPage } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { fetchAllPages } from './fetch-all-pages';

/** GET /appointments/my-medical-history?page=&size=: the signed-in user's COMPLETED visits with the doctor's notes. */
export function getMyMedicalHistoryPage(page: number, size: number): Promise<AppointmentPage> {
  return api.get<AppointmentPage>('/appointments/my-medical-history', {
    params: { page, size },
    fallbackMessage: BOOKING_UI_MSG.medicalHistoryApiFailed,
  });
}

/** Newest visit first: by date, then by time within a day. */
export async function getMyMedicalHistory(): Promise<Appointment[]> {
  const visits = await fetchAllPages(getMyMedicalHistoryPage);
  return visits.sort((a, b) =>
    `${b.appointmentDate} ${b.appointmentTime}`.localeCompare(`${a.appointmentDate} ${a.appointmentTime}`),
  );
}

export function getMyMedicalHistoryQueryOptions(token: string) {
  return queryOptions({ queryKey: ['appointments', 'medical-history', token], queryFn: getMyMedicalHistory });
}

export function useMyMedicalHistory(token: string | null) {
  return useQuery({ ...getMyMedicalHistoryQueryOptions(token ?? ''), enabled: !!token });
}

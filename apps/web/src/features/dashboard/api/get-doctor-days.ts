import { useQuery } from '@tanstack/react-query';
import type { AppointmentPage } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /api/appointments/upcoming?to=…: a doctor's own visits still ahead, today and tomorrow, in time order. */
export function getDoctorDays(to: string, signal?: AbortSignal): Promise<AppointmentPage> {
  return api.get<AppointmentPage>(`/appointments/upcoming?to=${to}&size=100&sort=appointmentDate:asc`, {
    fallbackMessage: 'Không thể tải lịch khám hôm nay',
    signal,
  });
}

export const useDoctorDays = (to: string, enabled: boolean) =>
  useQuery({
    queryKey: ['appointments', 'doctor-days', to],
    queryFn: ({ signal }) => getDoctorDays(to, signal),
    enabled,
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageList } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** The Zalo and SMS messages of one appointment (issue 27). */
export function getAppointmentMessages(appointmentId: number): Promise<MessageList> {
  return api.get<MessageList>('/messages', { params: { appointmentId } });
}

export function useAppointmentMessages(appointmentId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['messages', { appointmentId }],
      queryFn: () => getAppointmentMessages(appointmentId),
    }),
  );
}

import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

export const REMOVE_WAITING_FAILED = 'Không thể xóa người này khỏi danh sách chờ';

/**
 * DELETE /api/appointments/waiting-list/entries/{id} ('Xóa khỏi danh sách chờ', ADMIN and STAFF):
 * an entry still waiting or holding an offer leaves the list; an offer she held passes to the next.
 * 409 WAITING_CLOSED when she is no longer on it.
 */
export function removeWaitingEntry(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/appointments/waiting-list/entries/${id}`, {
    fallbackMessage: REMOVE_WAITING_FAILED,
  });
}

/** On success (or a refusal) the slot's list, under ['appointments'], and the dashboard's count are asked again. */
export const useRemoveWaitingEntry = () => useAppointmentMutation(removeWaitingEntry);

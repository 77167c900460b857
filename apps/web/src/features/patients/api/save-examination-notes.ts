import { BOOKING_UI_MSG, type ExaminationNotesRequest, type ExaminationNotesResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/**
 * PUT /api/appointments/{id} {notes, status, followUp?}: the assigned doctor's examination notes
 * (COMPLETED, or NEEDS_PAYMENT when unpaid; or NO_SHOW), optionally with a follow-up visit.
 */
export function saveExaminationNotes({
  id,
  ...body
}: ExaminationNotesRequest & { id: number }): Promise<ExaminationNotesResponse> {
  return api.put<ExaminationNotesResponse>(`/appointments/${id}`, body, {
    fallbackMessage: BOOKING_UI_MSG.notesApiFailed,
  });
}

export const useSaveExaminationNotes = () => useAppointmentMutation(saveExaminationNotes);

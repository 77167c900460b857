import type { ManageLinkSentResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

export type ManageLinkSent = ManageLinkSentResponse;

/**
 * POST /api/appointments/{id}/manage-link ('Gửi lại liên kết', ADMIN and STAFF): e-mails the patient
 * a new private management link; the old one stops working.
 */
export function resendManageLink(id: number, idempotencyKey?: string): Promise<ManageLinkSent> {
  return api.post<ManageLinkSent>(`/appointments/${id}/manage-link`, undefined, {
    fallbackMessage: 'Không thể gửi lại liên kết',
    idempotencyKey,
  });
}

/** On success the detail's timeline (under ['appointments']) shows the resend. */
export const useResendManageLink = () => useAppointmentMutation(useSubmission(resendManageLink));

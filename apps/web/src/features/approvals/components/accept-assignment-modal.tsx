import { useState } from 'react';
import toast from 'react-hot-toast';
import { APPOINTMENT_LIMITS, APPOINTMENT_MSG, APPROVALS_MSG, BOOKING_UI_MSG, type Appointment } from '@clinic/shared';
import { errorMessage } from '@/lib/error-message';
import { Alert } from '@/components/ui/alert';
import { useAcceptAssignment } from '../api/accept-assignment';
import { isPast, PAST_VISIT_TEXT, PAST_VISIT_WARNING } from './approval-parts';
import { AssignmentAnswerModal } from './assignment-answer-modal';

/** Accept: an optional message for the patient; the appointment becomes CONFIRMED and she is e-mailed. */
export function AcceptAssignmentModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const accept = useAcceptAssignment();
  const [response, setResponse] = useState('');
  const tooLong = response.trim().length > APPOINTMENT_LIMITS.doctorResponse;

  function submit() {
    if (tooLong) return;
    accept.mutate(
      { id: appointment.id, response },
      {
        onSuccess: (result) => {
          toast.success(
            result.emailStatus === 'failed'
              ? `${APPROVALS_MSG.accepted}. ${BOOKING_UI_MSG.emailFailedNote}`
              : APPROVALS_MSG.accepted,
          );
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, APPROVALS_MSG.acceptFailed)),
      },
    );
  }

  return (
    <AssignmentAnswerModal
      appointment={appointment}
      onClose={onClose}
      title="Chấp nhận lịch hẹn"
      pending={accept.isPending}
      notice={
        isPast(appointment, new Date()) ? (
          <Alert tone="warning" title={PAST_VISIT_TEXT}>
            {PAST_VISIT_WARNING}
          </Alert>
        ) : undefined
      }
      failure={accept.isError ? errorMessage(accept.error, APPROVALS_MSG.acceptFailed) : null}
      submit={{ label: APPROVALS_MSG.acceptButton, onClick: submit, disabled: tooLong }}
      field={{
        label: 'Lời nhắn cho bệnh nhân (không bắt buộc)',
        value: response,
        onChange: setResponse,
        error: tooLong ? APPOINTMENT_MSG.responseTooLong : undefined,
        placeholder: 'Ví dụ: Chị nhớ mang theo kết quả xét nghiệm lần trước.',
      }}
    />
  );
}

import { useState } from 'react';
import toast from 'react-hot-toast';
import { APPOINTMENT_LIMITS, APPOINTMENT_MSG, APPROVALS_MSG, type Appointment } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { useBackOfficeText } from '@/hooks/use-back-office-text';
import { errorMessage } from '@/lib/error-message';
import { useDeclineAssignment } from '../api/decline-assignment';
import { AssignmentAnswerModal } from './assignment-answer-modal';

/** Decline: a reason is required; the appointment goes back to PENDING for the staff to assign another doctor. */
export function DeclineAssignmentModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const decline = useDeclineAssignment();
  const t = useBackOfficeText();
  const [reason, setReason] = useState('');
  const length = reason.trim().length;
  const problem =
    length === 0
      ? APPOINTMENT_MSG.declineReasonRequired
      : length > APPOINTMENT_LIMITS.doctorResponse
        ? APPOINTMENT_MSG.responseTooLong
        : null;
  const [touched, setTouched] = useState(false);

  function submit() {
    setTouched(true);
    if (problem) return;
    decline.mutate(
      { id: appointment.id, reason },
      {
        onSuccess: () => {
          toast.success(t(APPROVALS_MSG.declined));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, APPROVALS_MSG.declineFailed)),
      },
    );
  }

  return (
    <AssignmentAnswerModal
      appointment={appointment}
      onClose={onClose}
      title="Từ chối lịch hẹn"
      pending={decline.isPending}
      failure={decline.isError ? errorMessage(decline.error, APPROVALS_MSG.declineFailed) : null}
      submit={{ label: APPROVALS_MSG.declineButton, onClick: submit, disabled: length === 0, danger: true }}
      notice={
        <Alert tone="warning" title="Lịch hẹn sẽ trở lại Chờ xác nhận">
          {APPROVALS_MSG.declineWarning}
        </Alert>
      }
      field={{
        label: 'Lý do từ chối',
        required: true,
        value: reason,
        onChange: setReason,
        onBlur: () => setTouched(true),
        error: touched || length > APPOINTMENT_LIMITS.doctorResponse ? (problem ?? undefined) : undefined,
        placeholder: 'Ví dụ: Tôi nghỉ phép ngày này.',
      }}
    />
  );
}

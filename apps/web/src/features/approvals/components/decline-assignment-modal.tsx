import { useState } from 'react';
import toast from 'react-hot-toast';
import { APPOINTMENT_LIMITS, APPOINTMENT_MSG, APPROVALS_MSG, type Appointment } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/error-message';
import { useDeclineAssignment } from '../api/decline-assignment';
import { AssignmentSummary } from './approval-parts';

/** Decline: a reason is required; the appointment goes back to PENDING for the staff to assign another doctor. */
export function DeclineAssignmentModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const decline = useDeclineAssignment();
  const [reason, setReason] = useState('');
  const length = reason.trim().length;
  const problem = length === 0 ? APPOINTMENT_MSG.declineReasonRequired : length > APPOINTMENT_LIMITS.doctorResponse ? APPOINTMENT_MSG.responseTooLong : null;
  const [touched, setTouched] = useState(false);

  function submit() {
    setTouched(true);
    if (problem) return;
    decline.mutate(
      { id: appointment.id, reason },
      {
        onSuccess: () => {
          toast.success(APPROVALS_MSG.declined);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, APPROVALS_MSG.declineFailed)),
      },
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={decline.isPending}
      title="Từ chối lịch hẹn"
      description={`#${appointment.id} · ${appointment.fullName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={decline.isPending}>
            Hủy
          </Button>
          <Button variant="danger" onClick={submit} loading={decline.isPending} disabled={length === 0}>
            {APPROVALS_MSG.declineButton}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <AssignmentSummary appointment={appointment} />
        <Alert tone="warning" title="Lịch hẹn sẽ trở lại Chờ xác nhận">
          {APPROVALS_MSG.declineWarning}
        </Alert>
        {decline.isError && <Alert tone="error">{errorMessage(decline.error, APPROVALS_MSG.declineFailed)}</Alert>}
        <FormField
          label="Lý do từ chối"
          required
          error={touched || length > APPOINTMENT_LIMITS.doctorResponse ? (problem ?? undefined) : undefined}
          hint={<CharCount length={length} max={APPOINTMENT_LIMITS.doctorResponse} />}
        >
          {(c) => (
            <Textarea
              {...c}
              rows={4}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
              placeholder="Ví dụ: Tôi nghỉ phép ngày này."
              data-autofocus
            />
          )}
        </FormField>
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import toast from 'react-hot-toast';
import { APPOINTMENT_LIMITS, APPROVALS_MSG, BOOKING_UI_MSG, type Appointment } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/error-message';
import { useAcceptAssignment } from '../api/accept-assignment';
import { AssignmentSummary } from './approval-parts';

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
          toast.success(result.emailStatus === 'failed' ? `${APPROVALS_MSG.accepted}. ${BOOKING_UI_MSG.emailFailedNote}` : APPROVALS_MSG.accepted);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, APPROVALS_MSG.acceptFailed)),
      },
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={accept.isPending}
      title="Chấp nhận lịch hẹn"
      description={`#${appointment.id} · ${appointment.fullName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={accept.isPending}>
            Hủy
          </Button>
          <Button onClick={submit} loading={accept.isPending} disabled={tooLong}>
            {APPROVALS_MSG.acceptButton}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <AssignmentSummary appointment={appointment} />
        {accept.isError && <Alert tone="error">{errorMessage(accept.error, APPROVALS_MSG.acceptFailed)}</Alert>}
        <FormField
          label="Lời nhắn cho bệnh nhân (không bắt buộc)"
          error={tooLong ? `Nội dung phản hồi không được vượt quá ${APPOINTMENT_LIMITS.doctorResponse} ký tự` : undefined}
          hint={<CharCount length={response.trim().length} max={APPOINTMENT_LIMITS.doctorResponse} />}
        >
          {(c) => (
            <Textarea
              {...c}
              rows={4}
              value={response}
              onChange={(event) => setResponse(event.target.value)}
              placeholder="Ví dụ: Chị nhớ mang theo kết quả xét nghiệm lần trước."
              data-autofocus
            />
          )}
        </FormField>
      </div>
    </Modal>
  );
}

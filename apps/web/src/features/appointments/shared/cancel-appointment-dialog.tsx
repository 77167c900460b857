import { useState } from 'react';
import {
  APPOINTMENT_LIMITS,
  BOOKING_UI_MSG,
  formatLongDate,
  manageCancelRequestSchema,
  MY_APPOINTMENTS_MSG,
  refundOnCancelText,
  type Appointment,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { serverMessageOr } from '@/lib/error-message';
import { departmentLabel } from './department-label';

/** The server's rule for the reason: required, at most 500 characters. */
function reasonProblem(reason: string): string | undefined {
  const result = manageCancelRequestSchema.safeParse({ reason });
  return result.success ? undefined : result.error.issues[0]?.message;
}

type CancelAppointmentDialogProps = {
  appointment: Appointment;
  onClose: () => void;
  /** Called with the trimmed reason once it passes the rule; the caller sends it. */
  onConfirm: (reason: string) => void;
  pending: boolean;
  /** The refusal of the last try, shown above the reason. */
  error: Error | null;
};

/**
 * 'Hủy lịch hẹn' as the patient sees it (My Appointments, the private link): asks why (required,
 * 500 characters at most, with a counter), then lets the caller cancel.
 */
export function CancelAppointmentDialog({
  appointment,
  onClose,
  onConfirm,
  pending,
  error,
}: CancelAppointmentDialogProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = reasonProblem(reason);
  // What the cancel gives back, said before she confirms it (issue 35).
  const refund = refundOnCancelText(appointment);

  function submit() {
    setTried(true);
    if (!problem) onConfirm(reason.trim());
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={pending}
      title="Hủy lịch hẹn"
      description={`${departmentLabel(appointment)} · ${formatLongDate(appointment.appointmentDate)} lúc ${appointment.appointmentTime}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Đóng
          </Button>
          <Button variant="danger" onClick={submit} loading={pending}>
            {pending ? 'Đang hủy...' : 'Hủy lịch hẹn'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error && (
          <Alert tone="error" title={MY_APPOINTMENTS_MSG.cancelFailed}>
            {serverMessageOr(error, BOOKING_UI_MSG.cancelApiFailed, '')}
          </Alert>
        )}
        {refund && (
          <Alert tone="info" title="Hoàn tiền đặt cọc">
            {refund}
          </Alert>
        )}
        <FormField
          label="Lý do hủy"
          required
          error={tried ? problem : undefined}
          hint={<CharCount length={reason.trim().length} max={APPOINTMENT_LIMITS.cancelReason} />}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              data-autofocus
            />
          )}
        </FormField>
      </div>
    </Modal>
  );
}

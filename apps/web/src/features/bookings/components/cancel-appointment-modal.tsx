import { useState } from 'react';
import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_MSG,
  BOOKING_UI_MSG,
  CLINIC,
  formatVnd,
  type Appointment,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { closeWhenDone } from '@/lib/action-toast';
import { useBackOfficeErrorText } from '@/hooks/use-back-office-text';
import { useCancelAppointment } from '../api/cancel-appointment';

/** The cancel reason's rule (specification section 5): required, at most 500 characters. */
export function cancelReasonProblem(reason: string): string | null {
  if (!reason.trim()) return APPOINTMENT_MSG.cancelReasonRequired;
  if (reason.trim().length > APPOINTMENT_LIMITS.cancelReason) return APPOINTMENT_MSG.cancelReasonTooLong;
  return null;
}

/**
 * 'Hủy lịch hẹn', and for a PAID appointment 'Hủy và hoàn tiền' (the patient is e-mailed the refund
 * promise). A reason is required, at most 500 characters, with a counter.
 */
export function CancelAppointmentModal({
  appointment,
  refund,
  onClose,
}: {
  appointment: Appointment;
  refund: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelAppointment();
  const errorText = useBackOfficeErrorText();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = cancelReasonProblem(reason);

  function submit() {
    setTried(true);
    if (problem) return;
    cancel.mutate({ id: appointment.id, reason: reason.trim(), refundRequired: refund }, closeWhenDone(onClose));
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={cancel.isPending}
      title={refund ? 'Hủy lịch hẹn và hoàn tiền' : 'Hủy lịch hẹn'}
      description={`#${appointment.id} · ${appointment.fullName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
            Đóng
          </Button>
          <Button variant="danger" onClick={submit} loading={cancel.isPending}>
            {cancel.isPending ? 'Đang hủy...' : refund ? 'Hủy và hoàn tiền' : 'Hủy lịch hẹn'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {refund && (
          <Alert tone="warning" role="status" title="Lịch hẹn đã thanh toán">
            Bệnh nhân sẽ được hoàn{' '}
            {appointment.paymentAmount != null ? formatVnd(appointment.paymentAmount) : 'khoản đã thanh toán'} trong{' '}
            {CLINIC.refundDays} ngày làm việc.
          </Alert>
        )}
        {cancel.isError && <Alert tone="error">{errorText(cancel.error, BOOKING_UI_MSG.cancelApiFailed)}</Alert>}
        <FormField
          label="Lý do hủy"
          required
          error={tried ? (problem ?? undefined) : undefined}
          hint={<CharCount length={reason.trim().length} max={APPOINTMENT_LIMITS.cancelReason} />}
        >
          {(c) => (
            <Textarea
              {...c}
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

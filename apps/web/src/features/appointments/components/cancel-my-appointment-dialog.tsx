import { useState } from 'react';
import toast from 'react-hot-toast';
import { APPOINTMENT_LIMITS, BOOKING_UI_MSG, cancelAppointmentRequestSchema, formatLongDate, MY_APPOINTMENTS_MSG, type Appointment } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { serverMessageOr } from '@/lib/error-message';
import { useCancelMyAppointment } from '../api/cancel-my-appointment';
import { departmentLabel } from './my-appointment-card';

/** The server's rule for the reason: required, at most 500 characters. */
function reasonProblem(reason: string): string | undefined {
  const result = cancelAppointmentRequestSchema.safeParse({ reason });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** 'Hủy lịch hẹn': asks why (required, 500 characters at most, with a counter), then the server cancels. */
export function CancelMyAppointmentDialog({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const cancel = useCancelMyAppointment();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = reasonProblem(reason);

  function submit() {
    setTried(true);
    if (problem) return;
    cancel.mutate(
      { id: appointment.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(MY_APPOINTMENTS_MSG.cancelled);
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={cancel.isPending}
      title="Hủy lịch hẹn"
      description={`${departmentLabel(appointment)} · ${formatLongDate(appointment.appointmentDate)} lúc ${appointment.appointmentTime}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
            Đóng
          </Button>
          <Button variant="danger" onClick={submit} loading={cancel.isPending}>
            {cancel.isPending ? 'Đang hủy...' : 'Hủy lịch hẹn'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {cancel.isError && (
          <Alert tone="error" title={MY_APPOINTMENTS_MSG.cancelFailed}>
            {serverMessageOr(cancel.error, BOOKING_UI_MSG.cancelApiFailed, '')}
          </Alert>
        )}
        <FormField
          label="Lý do hủy"
          required
          error={tried ? problem : undefined}
          hint={<CharCount length={reason.trim().length} max={APPOINTMENT_LIMITS.cancelReason} />}
        >
          {(control) => <Textarea {...control} rows={4} value={reason} onChange={(event) => setReason(event.target.value)} data-autofocus />}
        </FormField>
      </div>
    </Modal>
  );
}

import toast from 'react-hot-toast';
import { MY_APPOINTMENTS_MSG, type Appointment } from '@clinic/shared';
import { useCancelMyAppointment } from '../api/cancel-my-appointment';
import { CancelAppointmentDialog } from '../shared/cancel-appointment-dialog';

/** 'Hủy lịch hẹn' on My Appointments: the reason dialog, then PUT /appointments/{id}/cancel and a toast. */
export function CancelMyAppointmentDialog({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const cancel = useCancelMyAppointment();
  return (
    <CancelAppointmentDialog
      appointment={appointment}
      onClose={onClose}
      pending={cancel.isPending}
      error={cancel.isError ? cancel.error : null}
      onConfirm={(reason) =>
        cancel.mutate(
          { id: appointment.id, reason },
          {
            onSuccess: () => {
              toast.success(MY_APPOINTMENTS_MSG.cancelled);
              onClose();
            },
          },
        )
      }
    />
  );
}

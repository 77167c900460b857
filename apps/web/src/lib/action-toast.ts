import toast from 'react-hot-toast';
import { BOOKING_UI_MSG, type EmailDeliveryStatus } from '@clinic/shared';

/** The text with one closing full stop, whether or not it had one. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The toast after a staff action succeeded. When its e-mail to the patient could not be sent, the
 * success says so (specification section 8) and stays long enough to be read.
 */
export function toastActionDone(result: { message: string; emailStatus?: EmailDeliveryStatus }): void {
  if (result.emailStatus === 'failed')
    toast.success(`${sentence(result.message)} ${BOOKING_UI_MSG.emailFailedNote}`, { duration: 8000 });
  else toast.success(result.message);
}

/** A mutation's options for a window that closes once its action is done, the result in a toast. */
export function closeWhenDone(close: () => void) {
  return {
    onSuccess: (result: { message: string; emailStatus?: EmailDeliveryStatus }) => {
      toastActionDone(result);
      close();
    },
  };
}

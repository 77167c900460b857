import { APPOINTMENT_MSG as M, APPOINTMENT_TRAIL, type BulkAppointmentAction, type BulkResult } from '@clinic/shared';
import { runEach } from '../../lib/bulk';
import { TransitionError, type Actor } from './appointment-access';
import {
  cancelAppointment,
  deleteAppointment,
  markPaid,
  requestPayment,
  type PaymentRequestDeps,
} from './life-cycle.service';

type BulkBody = { ids: number[]; reason?: string; amount?: number };

/** Each appointment in its own transaction; a refusal of the state machine is a skip (PRODUCT.md section 4). */
export async function runBulkAction(
  deps: PaymentRequestDeps,
  actor: Actor,
  action: BulkAppointmentAction,
  body: BulkBody,
): Promise<BulkResult> {
  return runEach(
    body.ids,
    async (id) => {
      if (action === 'cancel') await cancelAppointment(deps, id, actor, { reason: body.reason });
      else if (action === 'mark-paid') await markPaid(deps, id, actor, undefined);
      else if (action === 'request-payment') await requestPayment(deps, id, actor, { amount: body.amount! });
      else await deleteAppointment(deps, id, actor);
    },
    {
      skipOf: (err) => (err instanceof TransitionError ? { code: err.refusal, reason: err.message } : null),
      notFoundReason: M.notFound,
      summary: APPOINTMENT_TRAIL.bulkSummary,
    },
  );
}

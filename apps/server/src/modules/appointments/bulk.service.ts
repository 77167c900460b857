import { APPOINTMENT_MSG as M, APPOINTMENT_TRAIL, type BulkAppointmentAction, type BulkResult } from '@clinic/shared';
import { AppError, NotFoundError } from '../../lib/errors';
import { TransitionError, type Actor, type AppointmentDeps } from './appointment-access';
import { cancelAppointment, deleteAppointment, markPaid, requestPayment } from './life-cycle.service';

type BulkBody = { ids: number[]; reason?: string; amount?: number };

/**
 * Each appointment in its own transaction, so one refusal does not undo the others; the report
 * says what happened to each (PRODUCT.md section 4).
 */
export async function runBulkAction(deps: AppointmentDeps, actor: Actor, action: BulkAppointmentAction, body: BulkBody): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const id of body.ids) {
    try {
      if (action === 'cancel') await cancelAppointment(deps, id, actor, { reason: body.reason });
      else if (action === 'mark-paid') await markPaid(deps, id, actor, undefined);
      else if (action === 'request-payment') await requestPayment(deps, id, actor, { amount: body.amount! });
      else await deleteAppointment(deps, id, actor);
      results.push({ id, outcome: 'success', code: null, reason: null });
    } catch (err) {
      if (err instanceof TransitionError) results.push({ id, outcome: 'skipped', code: err.refusal, reason: err.message });
      else if (err instanceof NotFoundError) results.push({ id, outcome: 'failed', code: 'NOT_FOUND', reason: M.notFound });
      else if (err instanceof AppError) results.push({ id, outcome: 'failed', code: err.code, reason: err.message });
      else throw err;
    }
  }
  const count = (o: string) => results.filter((r) => r.outcome === o).length;
  const success = count('success');
  const skipped = count('skipped');
  const failed = count('failed');
  return { success, skipped, failed, results, message: APPOINTMENT_TRAIL.bulkSummary(success, skipped, failed) };
}

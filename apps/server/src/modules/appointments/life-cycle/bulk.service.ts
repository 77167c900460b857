import {
  APPOINTMENT_MSG as M,
  APPOINTMENT_TRAIL,
  clinicToday,
  outsideSpecialty,
  SPECIALTY_TEXT,
  USER_MSG,
  type BulkAppointmentAction,
  type BulkResult,
  type OwedVisits,
} from '@clinic/shared';
import { runEach } from '../../../lib/bulk';
import { BadRequestError, NotFoundError } from '../../../lib/errors';
import { TransitionError, type Actor, type AppointmentDeps } from '../appointment-access';
import { toAppointmentDto } from '../appointment-dto';
import { findAppointment, isInactiveDoctor } from '../appointments.repository';
import {
  assignDoctor,
  cancelAppointment,
  deleteAppointment,
  markPaid,
  reassignDoctor,
  requestPayment,
  type PaymentRequestDeps,
} from './life-cycle.service';
import { findDoctorAccount, listOwedVisits } from './reassign.repository';

type BulkBody = { ids: number[]; reason?: string; amount?: number };

/** Each appointment in its own transaction; a refusal of the state machine is a skip (docs/PRODUCT.md §4). */
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

/**
 * Several bookings to one doctor at once (issue 25): a pending one is assigned, one already given to
 * a doctor is reassigned (reassignDoctor's rules), each on its own with a report per row. A
 * deactivated doctor is refused for the whole request (400 DOCTOR_INACTIVE), nothing changed.
 */
export async function bulkAssignDoctor(
  deps: AppointmentDeps,
  actor: Actor,
  body: { ids: number[]; doctorId: number },
): Promise<BulkResult> {
  if (await isInactiveDoctor(deps.db, body.doctorId)) throw new BadRequestError(M.doctorInactive, 'DOCTOR_INACTIVE');
  const outside: number[] = [];
  const result = await runEach(
    body.ids,
    async (id) => {
      const row = await findAppointment(deps.db, id);
      if (!row) throw new NotFoundError(M.notFound);
      const { appointment } =
        row.status === 'PENDING'
          ? await assignDoctor(deps, id, actor, body)
          : await reassignDoctor(deps, id, actor, body);
      if (outsideSpecialty(appointment.doctor?.specialty, appointment.department)) outside.push(id);
    },
    {
      skipOf: (err) => (err instanceof TransitionError ? { code: err.refusal, reason: err.message } : null),
      notFoundReason: M.notFound,
      summary: APPOINTMENT_TRAIL.bulkSummary,
    },
  );
  // The specification's summary stays; the visits outside his specialty are added to it (issue 35).
  const message =
    outside.length > 0 ? `${result.message}; ${SPECIALTY_TEXT.outsideCount(outside.length)}` : result.message;
  return { ...result, message, outsideSpecialty: outside };
}

/** A doctor's visits still owed, from today in the clinic's time: what a deactivation leaves to reassign. */
export async function owedVisits(deps: AppointmentDeps, doctorId: number): Promise<OwedVisits> {
  const doctor = await findDoctorAccount(deps.db, doctorId);
  if (!doctor) throw new NotFoundError(USER_MSG.userNotFound);
  const views = await listOwedVisits(deps.db, doctorId, clinicToday(deps.clock.now(), deps.timeZone));
  return { doctorId, active: doctor.active, items: views.map(toAppointmentDto) };
}

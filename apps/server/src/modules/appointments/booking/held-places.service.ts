import type { AppDeps } from '../../../deps';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { recordConsent, type BookingConsent } from '../../consents/consent.service';
import { doctorBusySlots, lockAppointment, updateAppointment } from '../appointments.repository';
import { endVisit } from '../life-cycle/end-visit.service';

/**
 * A place held without a deposit (a FHIR client's Appointment/$hold, issue 38): an appointment made
 * by makeAppointment with a hold's end (`holdUntil`), which the deposit holds' job releases when it
 * lapses (deposit-holds.service.ts). Booking it clears the end; the person's consent is recorded then.
 */

type HeldRow = { depositDueAt: Date | null; depositAmount: number | null; depositPaidAt: Date | null; status: string };

/** Whether an appointment is a place held without a deposit and not yet booked (lapsed or not). */
export const isHeldPlace = (row: HeldRow) =>
  row.depositDueAt != null &&
  row.depositAmount == null &&
  row.depositPaidAt == null &&
  (row.status === 'PENDING' || row.status === 'CONFIRMED');

const unknown = (id: number) => new NotFoundError(`Appointment/${id} is not known`, 'NOT_FOUND');

/**
 * Books a held place while its hold lasts: 409 when it is not held or its hold has lapsed, or when
 * `phone` (the person the booking names) is not the one it was held for.
 */
export async function bookHeldPlace(
  deps: Pick<AppDeps, 'db'>,
  id: number,
  booking: { fullName?: string; phone?: string; consent: BookingConsent },
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row || row.restricted) throw unknown(id);
    if (!isHeldPlace(row)) throw new ConflictError(`Appointment/${id} is not held`, 'NOT_HELD');
    if (row.depositDueAt! <= now) throw new ConflictError(`The hold of Appointment/${id} has lapsed`, 'HOLD_LAPSED');
    if (booking.phone !== undefined && booking.phone !== row.phone)
      throw new ConflictError('The place was held for another person', 'HELD_FOR_ANOTHER');
    await updateAppointment(tx, id, {
      depositDueAt: null,
      updatedAt: now,
      ...(booking.fullName ? { fullName: booking.fullName } : {}),
    });
    await recordConsent(
      tx,
      { ...booking.consent, phone: row.phone, email: row.email, userId: row.userId, appointmentId: id },
      now,
    );
  });
}

/** A booking system (a FHIR client) cancels for the patient, under her own rules: the one way a visit ends. */
export async function cancelForClient(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  id: number,
  client: string,
  reason: string,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row || row.restricted) throw unknown(id);
    await endVisit(deps, tx, row, { by: { kind: 'client', name: client }, reason }, now);
  });
}

/** Whether the doctor holds another visit at that hour. */
export async function doctorIsBusy(deps: Pick<AppDeps, 'db'>, doctorId: number, date: string, time: string) {
  return (await doctorBusySlots(deps.db, doctorId, date, date)).has(`${date} ${time}`);
}

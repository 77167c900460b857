import { isHeldPlace } from '@clinic/shared';
import type { AppDeps } from '../../../deps';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { recordConsent, type BookingConsent } from '../../consents/consent.service';
import { appointmentConfirmedEmail, bookingReceivedKept } from '../../email/email.service';
import { enqueueNotifications, type Notice } from '../../notifications/notifications.service';
import { eventRow } from '../appointment-access';
import { mailDataOf } from '../appointment-mail';
import {
  doctorBusySlots,
  findAppointmentView,
  insertAppointmentEvents,
  lockAppointment,
  updateAppointment,
} from '../appointments.repository';
import { endVisit } from '../life-cycle/end-visit.service';
import { linkReaches } from './appointment-making.service';
import { issueManageLink, manageUrl } from '../private-link/manage-token';

/**
 * A place held without a deposit (a FHIR client's Appointment/$hold, issue 38): an appointment made
 * by makeAppointment with a hold's end (`holdUntil`), which the deposit holds' job releases when it
 * lapses (deposit-holds.service.ts). Booking it clears the end; the person's consent is recorded then,
 * and she is told then (never of a mere hold): what a public booking tells her (clientBookingNotices).
 */

/** Whether an appointment is a place held without a deposit and not yet booked (lapsed or not): the shared rule. */
export { isHeldPlace };

const unknown = (id: number) => new NotFoundError(`Appointment/${id} is not known`, 'NOT_FOUND');

/**
 * What she is told when a connected app books for her, as the booking's own messages: a booking left
 * for the clinic to confirm gets the public booking's e-mail (and the same event to her phone: Zalo,
 * else SMS) with her private link; one confirmed with a named doctor gets the front desk's
 * confirmation. A phone that is no mobile and no e-mail: nothing to send, as for the public form.
 */
export function clientBookingNotices(
  deps: Pick<AppDeps, 'timeZone' | 'config'>,
  booked: Parameters<typeof mailDataOf>[0],
  names: { departmentName: string; doctorName: string | null; confirmed: boolean },
  /** Her private link's token (made with the booking): none when nothing can reach her. */
  manageToken: string | null,
  now: Date,
): Notice[] {
  const mail = mailDataOf(booked, { departmentName: names.departmentName, doctorName: names.doctorName });
  if (!mail || !manageToken) return [];
  // Sent by the clinic, not from a page she is on: its own address (as the waiting list's links).
  const data = { ...mail, manageUrl: manageUrl(deps.config.publicUrl, manageToken) };
  return [
    names.confirmed ? appointmentConfirmedEmail(data, { timeZone: deps.timeZone, now }) : bookingReceivedKept(data),
  ];
}

/**
 * Books a held place while its hold lasts: 409 when it is not held or its hold has lapsed, or when
 * `phone` (the person the booking names) is not the one it was held for. In the same transaction: her
 * consent, the history's line naming the app, her private link and her booking's messages.
 */
export async function bookHeldPlace(
  deps: Pick<AppDeps, 'db' | 'timeZone' | 'config'>,
  id: number,
  booking: { fullName?: string; phone?: string; consent: BookingConsent; client: string },
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row || row.restricted) throw unknown(id);
    if (!isHeldPlace(row)) throw new ConflictError(`Appointment/${id} is not held`, 'NOT_HELD');
    if (row.depositDueAt! <= now) throw new ConflictError(`The hold of Appointment/${id} has lapsed`, 'HOLD_LAPSED');
    if (booking.phone !== undefined && booking.phone !== row.phone)
      throw new ConflictError('The place was held for another person', 'HELD_FOR_ANOTHER');
    const updated = await updateAppointment(tx, id, {
      depositDueAt: null,
      updatedAt: now,
      ...(booking.fullName ? { fullName: booking.fullName } : {}),
    });
    await recordConsent(
      tx,
      { ...booking.consent, phone: row.phone, email: row.email, userId: row.userId, appointmentId: id },
      now,
    );
    await insertAppointmentEvents(tx, [
      eventRow(null, id, 'UPDATE', row.status, row.status, `FHIR: ${booking.client}: đặt lịch chỗ đã giữ`, now),
    ]);
    const token = linkReaches(updated) ? await issueManageLink(tx, id, now) : null;
    const view = (await findAppointmentView(tx, id))!;
    const notices = clientBookingNotices(
      deps,
      updated,
      {
        departmentName: view.departmentName ?? updated.department,
        doctorName: view.doctor?.fullName ?? null,
        confirmed: updated.status === 'CONFIRMED',
      },
      token,
      now,
    );
    await enqueueNotifications(tx, notices, now);
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

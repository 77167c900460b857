import { APPOINTMENT_MSG as M, type Appointment, type DeskAppointmentInput } from '@clinic/shared';
import type { Db } from '../../../db/client';
import { BadRequestError, ConflictError } from '../../../lib/errors';
import { bookingReceivedKept } from '../../email/email.service';
import { healthConsentForBooking } from '../../consents/consent.service';
import { slotOf, type Actor, type AppointmentDeps } from '../appointment-access';
import { toAppointmentDto } from '../appointment-dto';
import { confirmedMail, mailDataOf } from '../appointment-mail';
import { assertSlotRules, makeAppointment } from './appointment-making.service';
import { findAppointmentView, type Slot } from '../appointments.repository';
import { requireDepartment } from './booking.service';
import { doctorHoldsTime, lockDoctorAccount, recordCitizenId } from './desk-booking.repository';
import { requireCandidate } from '../life-cycle/life-cycle.service';
import { manageUrl } from '../private-link/manage-token';
import { enqueueNotifications } from '../../notifications/notifications.service';

/**
 * POST /api/appointments/desk: staff book a walk-in or a phone call (docs/PRODUCT.md §11). The
 * desk's calendar (the slot under way and later, no two-hour lead), the capacity and one person once
 * per slot as for every booking (makeAppointment, under the slot's lock), no e-mail needed, the
 * consent the patient gave in person recorded with the staff member's id (channel DESK), her citizen
 * identification number when given (on her account when the booking has one, else on the booking),
 * and, when a doctor is named, confirmed with him at once: he must be active, fit the department and
 * have no other visit at that hour. One transaction: a refusal leaves nothing behind.
 */
export async function createDeskAppointment(
  deps: AppointmentDeps,
  input: DeskAppointmentInput,
  actor: Actor,
  /** The site's origin, for the private management link when she gave an e-mail. */
  origin: string,
): Promise<{ message: string; appointment: Appointment; emailIds: number[] }> {
  const now = deps.clock.now();
  const slot = slotOf(input);
  assertSlotRules(deps, slot, now, 'desk');
  return deps.db.transaction((tx) => bookAtDesk(tx, deps, input, actor, origin, now));
}

/**
 * A desk booking inside the caller's transaction (createDeskAppointment's, or a care plan's that books
 * its visits together, issue 37): the same checks, consent and messages. `userId`: the account it
 * belongs to, when the caller knows it.
 */
export async function bookAtDesk(
  tx: Db,
  deps: AppointmentDeps,
  input: DeskAppointmentInput,
  actor: Actor,
  origin: string,
  now: Date,
  userId: number | null = null,
): Promise<{ message: string; appointment: Appointment; emailIds: number[] }> {
  const slot = slotOf(input);
  await requireDepartment(tx, slot.department);
  const doctor = input.doctorId == null ? null : await requireFreeDoctor(tx, input.doctorId, slot);
  const { row, manageToken } = await makeAppointment(
    tx,
    deps,
    {
      person: { fullName: input.fullName, phone: input.phone, email: input.email, userId },
      slot,
      reason: input.reason,
      rules: 'desk',
      ...(doctor ? { confirmedWith: { id: doctor.id, name: doctor.fullName ?? doctor.email } } : {}),
      events: [{ action: 'CREATED', note: M.deskBookedNote }],
      manageLink: true,
      consents: [healthConsentForBooking('DESK', actor.id)],
      // Unconfirmed, she gets the booking-received e-mail with her link; confirmed, the confirmation below.
      messages: ({ row: booked, department, manageToken: token }) => {
        if (doctor) return [];
        const mail = mailDataOf({ ...booked, paymentAmount: null }, { departmentName: department.departmentName });
        return mail && token ? [bookingReceivedKept({ ...mail, manageUrl: manageUrl(origin, token) })] : [];
      },
    },
    actor,
    now,
  );
  if (input.citizenId) await recordCitizenId(tx, { appointmentId: row.id, userId }, input.citizenId);
  const view = (await findAppointmentView(tx, row.id))!;
  let emailIds: number[] = [];
  if (doctor) {
    const email = confirmedMail(deps)(view, now, manageToken ? manageUrl(origin, manageToken) : null);
    if (email) emailIds = await enqueueNotifications(tx, [email], now);
  }
  return { message: doctor ? M.deskBookedConfirmed : M.deskBooked, appointment: toAppointmentDto(view), emailIds };
}

/** The doctor named at the desk: an active doctor who fits the department and is free at that hour. */
async function requireFreeDoctor(tx: Db, doctorId: number, slot: Slot) {
  const account = await lockDoctorAccount(tx, doctorId);
  if (account?.role === 'DOCTOR' && !account.active) throw new BadRequestError(M.doctorInactive, 'DOCTOR_INACTIVE');
  const doctor = await requireCandidate(tx, doctorId, slot.department);
  if (await doctorHoldsTime(tx, doctor.id, slot)) throw new ConflictError(M.doctorBusy, 'DOCTOR_BUSY');
  return doctor;
}

import {
  addDays,
  APPOINTMENT_MSG as M,
  APPOINTMENT_TRAIL as T,
  clinicMoment,
  formatDate,
  HELD_PLACE_TEXT,
  isAllowed,
  isHeldPlace,
  refundOnCancelText,
  refusalReason,
  type AppointmentStatus,
  CLAIM_MSG,
  type ManagedAppointment,
} from '@clinic/shared';
import type { Db } from '../../../db/client';
import type { AppointmentRow } from '../../../db/schema';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../../lib/errors';
import { appointmentIcs, manageLinkEmail, rescheduledEmail } from '../../email/email.service';
import {
  assertInPlanWindow,
  eventRow,
  notFound,
  slotOf,
  TransitionError,
  type Actor,
  type AppointmentDeps,
} from '../appointment-access';
import type { AppDeps } from '../../../deps';
import { toAppointmentDto, toPatientView } from '../appointment-dto';
import { mailDataOfView } from '../appointment-mail';
import { endVisit, type EndVisitDeps } from '../life-cycle/end-visit.service';
import { assertRoomToMove, assertSlotRules } from '../booking/appointment-making.service';
import {
  findAppointment,
  findAppointmentView,
  insertAppointmentEvents,
  lockAppointment,
  updateAppointment,
} from '../appointments.repository';
import { findManageLinkAppointmentId } from './manage-link.repository';
import { hashOf, issueManageLink, manageUrl } from './manage-token';
import { CLAIM_NOTE, isOwnContact } from '../claims/claims.service';
import { claimOne, findAccountContact } from '../claims/claims.repository';
import { enqueueNotifications } from '../../notifications/notifications.service';

/**
 * A visitor's private management link (docs/PRODUCT.md §10): whoever holds the token acts as the
 * appointment's patient, with My Appointments' rules. Only the token's SHA-256 is stored; the link
 * works until the day after the visit, in the clinic's zone; a new link ends the old one.
 */

const OWNER = { role: 'PATIENT', isOwner: true } as const;
const invalidLink = () => new NotFoundError(M.manageLinkInvalid, 'MANAGE_LINK_INVALID');
const lastDay = (row: Pick<AppointmentRow, 'appointmentDate'>) => addDays(row.appointmentDate, 1);

async function appointmentOf(deps: AppointmentDeps, db: Db, token: string, lock: boolean): Promise<AppointmentRow> {
  const id = await findManageLinkAppointmentId(db, hashOf(token));
  const row = id == null ? undefined : lock ? await lockAppointment(db, id) : await findAppointment(db, id);
  if (!row || clinicMoment(deps.clock.now(), deps.timeZone).date > lastDay(row)) throw invalidLink();
  return row;
}

const mayChange = (status: AppointmentStatus) => isAllowed('cancel', status, OWNER);

async function managedView(db: Db, row: AppointmentRow): Promise<ManagedAppointment> {
  const view = (await findAppointmentView(db, row.id))!;
  const changeable = mayChange(view.appointment.status);
  return {
    appointment: toPatientView(toAppointmentDto(view)),
    canCancel: changeable,
    canReschedule: changeable,
    validUntil: lastDay(row),
    inAccount: row.userId != null,
  };
}

/**
 * Who holds a private link: its booking's contact as given. Her rights over her data (issue 26) are
 * used through it; the link's holder proves the e-mail it was sent to, never more.
 */
export async function linkHolder(deps: AppointmentDeps, token: string) {
  const row = await appointmentOf(deps, deps.db, token, false);
  return { appointmentId: row.id, fullName: row.fullName, phone: row.phone, email: row.email };
}

/** GET /api/appointments/manage/{token}. */
export async function getManagedAppointment(deps: AppointmentDeps, token: string): Promise<ManagedAppointment> {
  return managedView(deps.db, await appointmentOf(deps, deps.db, token, false));
}

function assertMayChange(row: AppointmentRow): void {
  if (mayChange(row.status)) return;
  const refusal = refusalReason('cancel', row.status, 'OWNER_PATIENT');
  throw new TransitionError(refusal.reason, refusal.code);
}

/** POST /api/appointments/manage/{token}/cancel: as My Appointments' cancel, the one way a visit ends (issue 36). */
export async function cancelByLink(deps: AppointmentDeps & EndVisitDeps, token: string, body: { reason: string }) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await appointmentOf(deps, tx, token, true);
    // A deposit paid at booking (issue 28) is owed back: endVisit opens its refund, the job asks the provider.
    const { row: updated, deposit } = await endVisit(deps, tx, row, { by: { kind: 'link' }, reason: body.reason }, now);
    const answer = await managedView(tx, updated);
    // Her deposit's way back, said again with the cancel (issue 35).
    const refundText = deposit > 0 ? refundOnCancelText(answer.appointment) : null;
    return { message: refundText ? M.cancelledWithDeposit(refundText) : M.cancelled, appointment: answer };
  });
}

const when = (a: { appointmentDate: string; appointmentTime: string }) =>
  `${a.appointmentTime} ${formatDate(a.appointmentDate)}`;

/**
 * POST /api/appointments/manage/{token}/reschedule: another slot of the same department, with every
 * booking rule (date rules, one person per slot, capacity under the slot's lock). A doctor who had
 * been asked is asked again.
 */
export async function rescheduleByLink(
  deps: AppointmentDeps & Partial<Pick<AppDeps, 'carePlans'>>,
  token: string,
  body: { appointmentDate: string; appointmentTime: string },
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await appointmentOf(deps, tx, token, true);
    assertMayChange(row);
    const slot = slotOf({ ...body, department: row.department });
    if (slot.appointmentDate === row.appointmentDate && slot.appointmentTime === row.appointmentTime) {
      throw new BadRequestError(M.rescheduleSameSlot, 'SAME_SLOT');
    }
    assertSlotRules(deps, slot, now);
    await assertInPlanWindow(deps, tx, row.id, slot.appointmentDate);
    await assertRoomToMove(tx, slot, now, row, { capacity: true });
    const updated = await updateAppointment(tx, row.id, {
      appointmentDate: slot.appointmentDate,
      appointmentTime: slot.appointmentTime,
      ...(row.doctorId != null
        ? {
            status: 'AWAITING_DOCTOR_APPROVAL' as const,
            doctorNotifiedAt: now,
            doctorResponse: null,
            doctorMessage: null,
          }
        : {}),
      updatedAt: now,
    });
    await insertAppointmentEvents(tx, [
      eventRow(null, row.id, 'UPDATE', row.status, updated.status, T.rescheduledByLink(when(row), when(updated)), now),
    ]);
    const view = (await findAppointmentView(tx, row.id))!;
    const data = mailDataOfView(view);
    if (data) await enqueueNotifications(tx, [rescheduledEmail(data, row)], now);
    return { message: M.rescheduled, appointment: await managedView(tx, updated) };
  });
}

/** GET /api/appointments/manage/{token}/calendar.ics: the visit for her calendar. */
export async function managedCalendar(deps: AppointmentDeps, token: string): Promise<{ id: number; ics: string }> {
  const row = await appointmentOf(deps, deps.db, token, false);
  const view = (await findAppointmentView(deps.db, row.id))!;
  const ics = appointmentIcs(
    {
      id: row.id,
      appointmentDate: row.appointmentDate,
      appointmentTime: row.appointmentTime,
      departmentName: view.departmentName ?? row.department,
      doctorName: view.doctor?.fullName ?? null,
    },
    { timeZone: deps.timeZone, now: deps.clock.now() },
  );
  return { id: row.id, ics };
}

/** POST /api/appointments/{id}/manage-link (staff's 'Gửi lại liên kết'): a new link by e-mail; the old one ends. */
export async function resendManageLink(deps: AppointmentDeps, id: number, actor: Actor, origin: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    // A place a connected app holds is no booking yet: its link goes with the app's booking (issue 38).
    if (isHeldPlace(row)) throw new TransitionError(HELD_PLACE_TEXT.refused, 'HELD_PLACE');
    const view = (await findAppointmentView(tx, id))!;
    const data = mailDataOfView(view);
    if (!data) throw new BadRequestError(M.emailNoAddress, 'NO_EMAIL_ADDRESS');
    if (clinicMoment(now, deps.timeZone).date > lastDay(row))
      throw new BadRequestError(M.manageLinkPast, 'APPOINTMENT_PAST');
    const token = await issueManageLink(tx, id, now);
    await insertAppointmentEvents(tx, [eventRow(actor, id, 'UPDATE', row.status, row.status, T.manageLinkResent, now)]);
    const emailIds = await enqueueNotifications(
      tx,
      [manageLinkEmail({ ...data, manageUrl: manageUrl(origin, token) })],
      now,
    );
    return { message: M.manageLinkSent, emailIds };
  });
}

/**
 * POST /api/appointments/manage/{token}/claim ('Thêm vào tài khoản của tôi'): the signed-in patient
 * who holds the link adds the visit to her account, when it was booked with her own e-mail or phone
 * and belongs to no account yet (issue 25, defect 9).
 */
export async function claimByLink(deps: AppointmentDeps, token: string, actor: Actor) {
  if (actor.role !== 'PATIENT') throw new ForbiddenError(CLAIM_MSG.patientsOnly, 'PATIENTS_ONLY');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await appointmentOf(deps, tx, token, true);
    if (row.userId === actor.id) return { message: CLAIM_MSG.alreadyYours, appointment: await managedView(tx, row) };
    if (row.userId != null) throw new ConflictError(CLAIM_MSG.otherAccount, 'CLAIMED_BY_OTHER');
    if (!isOwnContact(await findAccountContact(tx, actor.id), row))
      throw new ForbiddenError(CLAIM_MSG.notYours, 'CLAIM_NOT_YOURS');
    const claimed = (await claimOne(tx, row.id, actor.id, now))!;
    await insertAppointmentEvents(tx, [eventRow(actor, row.id, 'UPDATE', row.status, row.status, CLAIM_NOTE, now)]);
    return { message: CLAIM_MSG.claimedOne, appointment: await managedView(tx, claimed) };
  });
}

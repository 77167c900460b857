import {
  APPOINTMENT_MSG as M,
  APPOINTMENT_TRAIL as T,
  clinicMoment,
  completionStatus,
  type Appointment,
  type ExaminationNotesInput,
} from '@clinic/shared';
import { ConflictError } from '../../../lib/errors';
import { assertTransition, eventRow, notFound, type Actor, type AppointmentDeps } from '../appointment-access';
import { toAppointmentDto } from '../appointment-dto';
import { confirmedMail } from '../appointment-mail';
import {
  findAppointmentView,
  insertAppointmentEvents,
  lockAppointment,
  updateAppointment,
} from '../appointments.repository';
import { makeAppointment } from '../booking/appointment-making.service';
import { manageUrl } from '../private-link/manage-token';
import { enqueueNotifications } from '../../notifications/notifications.service';

/** docs/PRODUCT.md §4: a follow-up without a department goes to general medicine. */
const FOLLOW_UP_DEPARTMENT = 'GENERAL_MEDICINE';

/**
 * The assigned doctor's notes: COMPLETED (NEEDS_PAYMENT while unpaid) or NO_SHOW, and optionally a
 * follow-up booked in the same transaction and confirmed with him.
 */
export async function saveExaminationNotes(
  deps: AppointmentDeps,
  id: number,
  actor: Actor,
  body: ExaminationNotesInput,
  /** The site's origin, for the follow-up's private management link. */
  origin: string,
): Promise<{ message: string; appointment: Appointment; followUp: Appointment | null; emailIds: number[] }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    const noShow = body.status === 'NO_SHOW';
    assertTransition(noShow ? 'noShow' : 'complete', row, actor);
    // docs/PRODUCT.md §11: a visit of a later day has not happened, so it is neither done nor missed.
    if (row.appointmentDate > clinicMoment(now, deps.timeZone).date)
      throw new ConflictError(M.visitNotYet, 'VISIT_NOT_YET');
    // A paid visit marked missed keeps its payment on record, flagged for staff to refund; the doctor
    // confirms that he read so (revenue counts PAID and COMPLETED only, so it leaves the revenue).
    const paidMissed = noShow && row.status === 'PAID';
    if (paidMissed && body.confirmPaidNoShow !== true)
      throw new ConflictError(M.paidNoShowUnconfirmed, 'PAID_NO_SHOW_UNCONFIRMED');
    const to = noShow ? 'NO_SHOW' : completionStatus(row.paymentCompleted);
    await updateAppointment(tx, id, {
      status: to,
      notes: body.notes ?? row.notes,
      ...(paidMissed ? { refundRequired: true } : {}),
      updatedAt: now,
    });

    let followUpId: number | null = null;
    let followUpToken: string | null = null;
    if (body.followUp) {
      // Made by the doctor: confirmed with that doctor at once (docs/PRODUCT.md §4); a booking made
      // by staff gets the patient's private link too, when she has an e-mail.
      const { row: next, manageToken } = await makeAppointment(
        tx,
        deps,
        {
          person: { fullName: row.fullName, phone: row.phone, email: row.email, userId: row.userId },
          slot: {
            appointmentDate: body.followUp.appointmentDate,
            appointmentTime: body.followUp.appointmentTime,
            department: body.followUp.department || FOLLOW_UP_DEPARTMENT,
          },
          reason: body.followUp.reason || M.defaultFollowUpReason,
          followUpOfId: row.id,
          rules: 'public',
          confirmedWith: { id: actor.id, name: actor.username },
          events: [{ action: 'FOLLOW_UP_CREATED', note: T.followUpOf(row.id) }],
          manageLink: true,
        },
        actor,
        now,
      );
      followUpToken = manageToken;
      followUpId = next.id;
    }

    const note = followUpId ? T.followUpCreated(followUpId) : null;
    await insertAppointmentEvents(tx, [
      eventRow(actor, id, noShow ? 'NO_SHOW' : 'EXAMINATION_NOTES', row.status, to, note, now),
    ]);
    const view = (await findAppointmentView(tx, id))!;
    let followUp: Appointment | null = null;
    let emailIds: number[] = [];
    if (followUpId) {
      const nextView = (await findAppointmentView(tx, followUpId))!;
      const email = confirmedMail(deps)(nextView, now, followUpToken ? manageUrl(origin, followUpToken) : null);
      if (email) emailIds = await enqueueNotifications(tx, [email], now);
      followUp = toAppointmentDto(nextView);
    }
    // A no-show marked without notes (the row's 'Không đến khám') saved none: the message says so.
    const wroteNotes = Boolean(body.notes?.trim());
    const message = paidMissed
      ? wroteNotes
        ? M.notesNoShowPaid
        : M.noShowMarkedPaid
      : noShow
        ? wroteNotes
          ? M.notesNoShow
          : M.noShowMarked
        : to === 'COMPLETED'
          ? M.notesCompleted
          : M.notesNeedsPayment;
    return { message, appointment: toAppointmentDto(view), followUp, emailIds };
  });
}

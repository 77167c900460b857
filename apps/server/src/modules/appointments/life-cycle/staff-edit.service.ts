import {
  APPOINTMENT_MSG as M,
  APPOINTMENT_TRAIL as T,
  formatDate,
  type Appointment,
  type AppointmentEditInput,
} from '@clinic/shared';
import { updateNotificationEmail } from '../../email/email.service';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import type { AppointmentRow } from '../../../db/schema';
import {
  assertInPlanWindow,
  assertTransition,
  eventRow,
  notFound,
  slotOf,
  type Actor,
  type AppointmentDeps,
} from '../appointment-access';
import { toAppointmentDto } from '../appointment-dto';
import { mailDataOfView } from '../appointment-mail';
import { assertRoomToMove, assertSlotRules } from '../booking/appointment-making.service';
import {
  findAppointmentView,
  findDepartment,
  insertAppointmentEvents,
  lockAppointment,
  updateAppointment,
} from '../appointments.repository';
import { requireDepartment } from '../booking/booking.service';
import { appointmentSearchText } from '../lists/search-text';
import { enqueueNotifications } from '../../notifications/notifications.service';

const CHANGE_LABELS = T.fieldLabels;
const changeLine = T.change;

/** Staff edit: same status; availability re-checked, excluding the appointment itself, when the slot changes. */
export async function editAppointment(
  deps: AppointmentDeps & Partial<Pick<AppDeps, 'carePlans'>>,
  id: number,
  actor: Actor,
  input: AppointmentEditInput,
): Promise<{ message: string; appointment: Appointment; changes: string[]; emailQueued: boolean; emailIds: number[] }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    assertTransition('edit', row, actor);

    const next = { ...input, reason: input.reason, notes: input.notes ?? row.notes };
    const slotChanged =
      next.appointmentDate !== row.appointmentDate ||
      next.appointmentTime !== row.appointmentTime ||
      next.department !== row.department;
    const personChanged = next.phone !== row.phone || next.email !== row.email;
    const department = await requireDepartment(tx, next.department);
    const slot = slotOf(next);
    if (slotChanged) assertSlotRules(deps, slot, now);
    if (next.appointmentDate !== row.appointmentDate) await assertInPlanWindow(deps, tx, id, next.appointmentDate);
    // The slot's lock also covers a change of phone or e-mail: a booking at the same moment must
    // not leave one person twice in the slot.
    if (slotChanged || personChanged) await assertRoomToMove(tx, slot, now, { ...next, id }, { capacity: slotChanged });

    const changes: string[] = [];
    if (next.fullName !== row.fullName) changes.push(changeLine(CHANGE_LABELS.fullName, row.fullName, next.fullName));
    if (next.phone !== row.phone) changes.push(changeLine(CHANGE_LABELS.phone, row.phone, next.phone));
    if (next.email !== row.email) changes.push(changeLine(CHANGE_LABELS.email, row.email, next.email));
    if (next.appointmentDate !== row.appointmentDate) {
      changes.push(
        changeLine(CHANGE_LABELS.appointmentDate, formatDate(row.appointmentDate), formatDate(next.appointmentDate)),
      );
    }
    if (next.appointmentTime !== row.appointmentTime)
      changes.push(changeLine(CHANGE_LABELS.appointmentTime, row.appointmentTime, next.appointmentTime));
    if (next.department !== row.department) {
      const before = await findDepartment(tx, row.department);
      changes.push(
        changeLine(CHANGE_LABELS.department, before?.departmentName ?? row.department, department.departmentName),
      );
    }
    if (next.reason !== row.reason) changes.push(changeLine(CHANGE_LABELS.reason, row.reason, next.reason));
    // The doctor's notes are the clinic's business: recorded in the trail, not mailed to the patient.
    const notesChanged = next.notes !== row.notes;

    if (changes.length === 0 && !notesChanged) {
      const view = (await findAppointmentView(tx, id))!;
      return {
        message: M.noChanges,
        appointment: toAppointmentDto(view),
        changes: [],
        emailQueued: false,
        emailIds: [],
      };
    }

    await updateAppointment(tx, id, {
      fullName: next.fullName,
      phone: next.phone,
      email: next.email,
      appointmentDate: next.appointmentDate,
      appointmentTime: next.appointmentTime,
      department: next.department,
      reason: next.reason,
      notes: next.notes,
      searchText: appointmentSearchText(next),
      // The reminder belongs to the old date.
      ...(next.appointmentDate !== row.appointmentDate ? { reminderSent: false } : {}),
      updatedAt: now,
    });
    const trail = notesChanged ? [...changes, T.notesUpdated] : changes;
    await insertAppointmentEvents(tx, [eventRow(actor, id, 'UPDATE', row.status, row.status, trail.join('\n'), now)]);
    const view = (await findAppointmentView(tx, id))!;
    const data = mailDataOfView(view);
    const emailQueued = !!data && changes.length > 0;
    const emailIds =
      data && emailQueued ? await enqueueNotifications(tx, [updateNotificationEmail(data, changes)], now) : [];
    return { message: M.updated, appointment: toAppointmentDto(view), changes, emailQueued, emailIds };
  });
}

/**
 * A visit moved to another date and time of its department inside the caller's transaction (a care
 * plan re-dated, issue 37): the staff edit's rules (its transition, the desk's date rules, one person
 * once per slot and the capacity under the slot's lock) and its trail; no message: the caller sends
 * one for all the visits it moves. The row before and after.
 */
export async function moveVisit(
  deps: AppointmentDeps,
  tx: Db,
  id: number,
  to: { appointmentDate: string; appointmentTime: string },
  actor: Actor,
  now: Date,
): Promise<{ before: AppointmentRow; after: AppointmentRow }> {
  const row = await lockAppointment(tx, id);
  if (!row) throw notFound();
  assertTransition('edit', row, actor);
  const slot = slotOf({ ...to, department: row.department });
  assertSlotRules(deps, slot, now, 'desk');
  await assertRoomToMove(tx, slot, now, row, { capacity: true });
  const after = await updateAppointment(tx, id, {
    appointmentDate: slot.appointmentDate,
    appointmentTime: slot.appointmentTime,
    ...(slot.appointmentDate !== row.appointmentDate ? { reminderSent: false } : {}),
    updatedAt: now,
  });
  const line = changeLine(
    CHANGE_LABELS.appointmentDate,
    `${row.appointmentTime} ${formatDate(row.appointmentDate)}`,
    `${after.appointmentTime} ${formatDate(after.appointmentDate)}`,
  );
  await insertAppointmentEvents(tx, [eventRow(actor, id, 'UPDATE', row.status, row.status, line, now)]);
  return { before: row, after };
}

/** One message for visits moved together (a care plan re-dated): the update notice of the first, listing every move. */
export async function tellVisitsMoved(tx: Db, appointmentId: number, lines: string[], now: Date): Promise<void> {
  const data = mailDataOfView((await findAppointmentView(tx, appointmentId))!);
  if (data) await enqueueNotifications(tx, [updateNotificationEmail(data, lines)], now);
}

import {
  APPOINTMENT_MSG as M,
  CARE_PLAN_MSG,
  formatDate,
  can,
  checkTransition,
  HELD_PLACE_TEXT,
  isHeldPlace,
  MSG,
  PRIVACY_MSG,
  type AppointmentAction,
  type AppointmentEventAction,
  type AppointmentStatus,
  type RefusalCode,
  type Role,
} from '@clinic/shared';
import type { AppointmentRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { Db } from '../../db/client';
import type { Slot } from './appointments.repository';

/** What every appointment service needs: the database, the clock and the clinic's zone. */
export type AppointmentDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone'>;
/** Who acts: the signed-in user (auth.service's SessionUser fits). */
export type Actor = { id: number; username: string; role: Role };

/** A refused transition: 409 INVALID_TRANSITION, with the bulk report's reason code kept. */
export class TransitionError extends ConflictError {
  constructor(
    message: string,
    readonly refusal: RefusalCode,
  ) {
    super(message, 'INVALID_TRANSITION');
  }
}

export const notFound = () => new NotFoundError(M.notFound, 'APPOINTMENT_NOT_FOUND');

export function slotOf(a: { appointmentDate: string; appointmentTime: string; department: string }): Slot {
  return { appointmentDate: a.appointmentDate, appointmentTime: a.appointmentTime, department: a.department };
}

/** The audit trail's row for one change (docs/PRODUCT.md §4). */
export function eventRow(
  actor: Actor | null,
  appointmentId: number,
  action: AppointmentEventAction,
  from: AppointmentStatus | null,
  to: AppointmentStatus | null,
  note: string | null,
  now: Date,
) {
  return {
    appointmentId,
    action,
    fromStatus: from,
    toStatus: to,
    note,
    actorId: actor?.id ?? null,
    actorName: actor?.username ?? null,
    actorRole: actor?.role ?? null,
    createdAt: now,
  };
}

/** Asks the shared state machine; a refusal becomes 403 (who) or 409 INVALID_TRANSITION (from which status). */
export function assertTransition(action: AppointmentAction, row: AppointmentRow, actor: Actor): void {
  // A place a connected app holds (issue 38) is no booking yet: confirmed, given a doctor or moved, its
  // lapse would end a visit she was told of; cancelled, she would hear of one she never booked. The
  // app books it or the deposit holds' job releases it. Her own cancel (a hold for her account) stands.
  if (isHeldPlace(row) && !(actor.role === 'PATIENT' && action === 'cancel'))
    throw new TransitionError(HELD_PLACE_TEXT.refused, 'HELD_PLACE');
  const check = checkTransition(action, row.status, {
    role: actor.role,
    isAssignedDoctor: row.doctorId === actor.id,
    isOwner: row.userId === actor.id,
  });
  if (check.ok) return;
  if (check.kind === 'INVALID_TRANSITION') throw new TransitionError(check.reason, check.code);
  if (check.kind === 'NOT_ASSIGNED') throw new ForbiddenError(M.notAssignedDoctor, 'NOT_ASSIGNED_DOCTOR');
  if (check.kind === 'NOT_OWNER') throw new ForbiddenError(M.notOwner, 'NOT_OWNER');
  throw new ForbiddenError(MSG.forbidden, 'FORBIDDEN');
}

/** A medical record kept after its patient asked for deletion: its treating doctor and ADMIN only (issue 26). */
export function mayOpenRestricted(actor: Actor, row: Pick<AppointmentRow, 'doctorId'>): boolean {
  return actor.role === 'ADMIN' || (actor.role === 'DOCTOR' && row.doctorId === actor.id);
}

/** The front desk (who manage bookings) sees every appointment; a doctor his own; a patient hers (docs/PRODUCT.md §4). */
export function assertCanSee(actor: Actor, row: AppointmentRow): void {
  if (row.restricted) {
    if (mayOpenRestricted(actor, row)) return;
    throw new ForbiddenError(PRIVACY_MSG.restricted, 'RESTRICTED_RECORD');
  }
  if (can(actor.role, 'manageBookings')) return;
  if (actor.role === 'DOCTOR' && row.doctorId === actor.id) return;
  if (actor.role === 'PATIENT' && row.userId === actor.id) return;
  throw actor.role === 'DOCTOR'
    ? new ForbiddenError(M.notAssignedDoctor, 'NOT_ASSIGNED_DOCTOR')
    : new ForbiddenError(M.notOwner, 'NOT_OWNER');
}

/**
 * A visit of a care plan (issue 37) moves only inside its window: asked of care plans, above this
 * module, through deps.carePlans (absent in a test that builds its own deps: no plan then).
 */
export async function assertInPlanWindow(
  deps: Partial<Pick<AppDeps, 'carePlans'>>,
  tx: Db,
  appointmentId: number,
  date: string,
): Promise<void> {
  const window = await deps.carePlans?.windowOf(tx, appointmentId);
  if (!window || (date >= window.windowStart && date <= window.windowEnd)) return;
  throw new BadRequestError(
    `${CARE_PLAN_MSG.outsideWindow} (từ ${formatDate(window.windowStart)} đến ${formatDate(window.windowEnd)})`,
    'OUTSIDE_WINDOW',
  );
}

import {
  addDays,
  APPOINTMENT_MSG as M,
  APPOINTMENT_STATUS_LABELS,
  CALENDAR_FEED_STATUSES,
  clinicMoment,
  type AppointmentStatus,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@clinic/shared';
import type { Db } from '../../../db/client';
import { NotFoundError } from '../../../lib/errors';
import { doctorFeedIcs } from '../../email/email.service';
import type { Actor, AppointmentDeps } from '../appointment-access';
import {
  deleteCalendarFeed,
  doctorVisits,
  findCalendarFeed,
  findFeedDoctor,
  replaceCalendarFeed,
} from './calendar-feed.repository';
import { hashOf, newToken } from '../private-link/manage-token';

/**
 * A doctor's calendar subscription (issue 13): his confirmed and paid visits from a week back to
 * eight weeks ahead, read fresh on every fetch, through an address only he holds. Only the token's
 * SHA-256 is stored; a deactivated doctor's, or a revoked, address answers 404.
 */
const DAYS_BACK = 7;
const DAYS_AHEAD = 56;

export const calendarFeedUrl = (origin: string, token: string) => `${origin}/api/appointments/calendar-feed/${token}`;

export async function calendarFeedStatus(deps: AppointmentDeps, doctor: Actor): Promise<CalendarFeedStatus> {
  const feed = await findCalendarFeed(deps.db, doctor.id);
  return { active: !!feed, createdAt: feed?.createdAt.toISOString() ?? null };
}

export async function createCalendarFeed(
  deps: AppointmentDeps,
  doctor: Actor,
  origin: string,
): Promise<CalendarFeedCreated> {
  const now = deps.clock.now();
  const token = newToken();
  await replaceCalendarFeed(deps.db, doctor.id, hashOf(token), now);
  return { message: M.calendarFeedCreated, url: calendarFeedUrl(origin, token), createdAt: now.toISOString() };
}

export async function revokeCalendarFeed(deps: AppointmentDeps, doctor: Actor): Promise<{ message: string }> {
  await deleteCalendarFeed(deps.db, doctor.id);
  return { message: M.calendarFeedRevoked };
}

/**
 * Deactivation, or a role other than DOCTOR, deletes the doctor's address rather than hiding it
 * (issue 29): switched on again, or made a doctor again, he must not find an old address working.
 */
export async function endCalendarFeed(db: Db, doctorId: number): Promise<void> {
  await deleteCalendarFeed(db, doctorId);
}

export async function calendarFeedIcs(deps: AppointmentDeps, token: string): Promise<string> {
  const doctor = await findFeedDoctor(deps.db, hashOf(token));
  if (!doctor) throw new NotFoundError(M.calendarFeedInvalid, 'CALENDAR_FEED_INVALID');
  const now = deps.clock.now();
  const today = clinicMoment(now, deps.timeZone).date;
  const visits = await doctorVisits(
    deps.db,
    doctor.id,
    addDays(today, -DAYS_BACK),
    addDays(today, DAYS_AHEAD),
    CALENDAR_FEED_STATUSES,
  );
  return doctorFeedIcs(
    doctor.fullName ?? doctor.username,
    visits.map((v) => ({ ...v, departmentName: v.departmentName ?? '' })),
    { timeZone: deps.timeZone, now, statusLabel: (s) => APPOINTMENT_STATUS_LABELS[s as AppointmentStatus] ?? s },
  );
}

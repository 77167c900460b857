// The waiting list's job: a freed place goes to the first in line, held for a while; lists end when
// their slot begins and are forgotten a month later.
import { clinicMoment, formatTimeOnDate, WAITING_HOLD_MINUTES } from '@clinic/shared';
import { waitingEndedEmail, waitingOfferEmail, type RenderedEmail } from '../../email/email.service';
import type { AppDeps } from '../../../deps';
import type { Metrics } from '../../../lib/metrics';
import { isClinicDay } from '../../messaging/messaging.service';
import type { AppointmentDeps } from '../appointment-access';
import { lockSlot, slotPlaces, type Slot } from '../appointments.repository';
import { requireDepartment } from '../booking/booking.service';
import { releaseLapsedDepositHolds } from '../deposits/deposit-holds.service';
import { hashOf, newToken } from '../private-link/manage-token';
import { departmentNameOf, mailOf, waitingUrl } from './waiting-list.service';
import {
  deleteEntriesOfSlotsBefore,
  expireLapsedOffers,
  lockNextInLine,
  slotsWithFreedPlaces,
  updateWaitingEntry,
  withdrawBegunEntries,
} from './waiting-list.repository';
import { enqueueNotifications } from '../../notifications/notifications.service';

const offerEnds = (now: Date, slotStartsAt: Date) =>
  new Date(Math.min(now.getTime() + WAITING_HOLD_MINUTES * 60_000, slotStartsAt.getTime()));

/**
 * How long a slot's waiting list is kept after the slot began: long enough for the front desk to
 * answer a question about it and for the dashboard's month, never longer. A claim's booking keeps
 * its own record (and the history event 'Nhận chỗ trống từ danh sách chờ').
 */
export const WAITING_LIST_KEPT_DAYS = 31;

/** Forgets the waiting lists of slots that began more than WAITING_LIST_KEPT_DAYS ago; how many entries went. */
export async function forgetPastWaitingLists(
  deps: Pick<AppointmentDeps, 'db' | 'clock'>,
  days: number = WAITING_LIST_KEPT_DAYS,
): Promise<number> {
  return deleteEntriesOfSlotsBefore(deps.db, new Date(deps.clock.now().getTime() - days * 86_400_000));
}

/**
 * One run of the job every process runs (every 30 s by default): releases the slots of bookings
 * whose deposit is overdue, ends the lists of slots that have begun, lapses unclaimed offers, and
 * offers each freed place to the first in line. Safe to run
 * in several processes at once: the updates are single statements, the offers are made under the
 * slot's lock after counting again.
 */
export async function offerFreedPlaces(
  deps: AppointmentDeps & Pick<AppDeps, 'config' | 'payments'> & { metrics?: Pick<Metrics, 'waitingListOffers'> },
): Promise<{ withdrawn: number; expired: number; released: number; offered: number }> {
  const now = deps.clock.now();
  // Bookings whose deposit is overdue give their place back first, so this run offers it (issue 28).
  const released = await releaseLapsedDepositHolds(deps, now);
  const withdrawn = await deps.db.transaction(async (tx) => {
    const ended = await withdrawBegunEntries(tx, now);
    // Each department's name read once, however many of its entries ended.
    const names = new Map<string, string>();
    for (const code of new Set(ended.map((e) => e.department))) names.set(code, await departmentNameOf(tx, code));
    const emails = ended.map((entry) => waitingEndedEmail(mailOf(entry, names.get(entry.department)!)));
    await enqueueNotifications(tx, emails, now);
    return ended.length;
  });
  const expired = await expireLapsedOffers(deps.db, now);
  let offered = 0;
  // An offer is a message she must act on within the hold: never made at night (issue 27). A place
  // freed at 23:00 is offered at the morning's first run, and its hold starts then, when it is sent.
  if (isClinicDay(now, deps.timeZone, deps.config.messaging))
    for (const slot of await slotsWithFreedPlaces(deps.db, now)) offered += await offerInSlot(deps, slot, now);
  const offers = deps.metrics?.waitingListOffers;
  offers?.inc({ outcome: 'offered' }, offered);
  offers?.inc({ outcome: 'lapsed' }, expired);
  offers?.inc({ outcome: 'withdrawn' }, withdrawn);
  return { withdrawn, expired, released, offered };
}

async function offerInSlot(deps: AppointmentDeps & Pick<AppDeps, 'config'>, slot: Slot, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await lockSlot(tx, slot);
    const department = await requireDepartment(tx, slot.department);
    const places = (await slotPlaces(tx, slot, now))!;
    const free = places.capacity - places.held;
    const next = await lockNextInLine(tx, slot, free);
    const emails: RenderedEmail[] = [];
    for (const entry of next) {
      const token = newToken();
      const expiresAt = offerEnds(now, entry.slotStartsAt);
      await updateWaitingEntry(tx, entry.id, {
        status: 'OFFERED',
        offerTokenHash: hashOf(token),
        offeredAt: now,
        offerExpiresAt: expiresAt,
        updatedAt: now,
      });
      const until = clinicMoment(expiresAt, deps.timeZone);
      emails.push(
        waitingOfferEmail(
          { ...mailOf(entry, department.departmentName), waitingUrl: waitingUrl(deps.config.publicUrl, token) },
          formatTimeOnDate(until.time, until.date),
        ),
      );
    }
    await enqueueNotifications(tx, emails, now);
    return next.length;
  });
}

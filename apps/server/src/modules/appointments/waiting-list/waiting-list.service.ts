import {
  APPOINTMENT_MSG as M,
  APPOINTMENT_TRAIL as T,
  clinicInstant,
  OPEN_WAITING_STATUSES,
  type SlotWaitingList,
  type SlotWaitingListQuery,
  type WaitingClaimResponse,
  reachedBy,
  type WaitingEntryView,
  type WaitingListJoinInput,
  type WaitingListJoinResponse,
} from '@clinic/shared';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import type { WaitingListEntryRow } from '../../../db/schema';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { bookingReceivedEmail, waitingJoinedEmail } from '../../email/email.service';
import { slotOf, type AppointmentDeps } from '../appointment-access';
import { assertSlotRules, makeAppointment } from '../booking/appointment-making.service';
import { findDepartment, lockSlot, slotPlaces } from '../appointments.repository';
import { requireDepartment } from '../booking/booking.service';
import { hashOf, manageUrl, newToken } from '../private-link/manage-token';
import {
  findWaitingEntryByHash,
  insertWaitingEntry,
  listSlotEntries,
  lockWaitingEntry,
  personWaitsInSlot,
  positionInLine,
  updateWaitingEntry,
  waitingListFigures,
} from './waiting-list.repository';
import { recordConsent } from '../../consents/consent.service';
import { enqueueNotifications } from '../../notifications/notifications.service';

/**
 * The waiting list of a full slot (docs/PRODUCT.md §10). Whoever waits keeps a freed place for the
 * list (the booking counts open entries against the capacity); the offer job
 * (waiting-list-offers.service.ts) gives it to the first in line, held for 30 minutes; one click on
 * her link claims it, under the slot's lock, so exactly one claim wins and none exceeds the
 * capacity. Everything ends when the slot begins.
 */

export const waitingUrl = (origin: string, token: string) => `${origin}/appointment/waiting/${token}`;

const invalidLink = () => new NotFoundError(M.waitingLinkInvalid, 'WAITING_LINK_INVALID');
const open = (status: WaitingListEntryRow['status']) => (OPEN_WAITING_STATUSES as readonly string[]).includes(status);

export async function departmentNameOf(db: Db, code: string): Promise<string> {
  return (await findDepartment(db, code))?.departmentName ?? code;
}

async function entryView(db: Db, entry: WaitingListEntryRow): Promise<WaitingEntryView> {
  return {
    status: entry.status,
    fullName: entry.fullName,
    appointmentDate: entry.appointmentDate,
    appointmentTime: entry.appointmentTime,
    department: entry.department,
    departmentName: await departmentNameOf(db, entry.department),
    position: entry.status === 'WAITING' ? await positionInLine(db, entry) : null,
    offerExpiresAt: entry.status === 'OFFERED' ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
  };
}

/** POST /api/appointments/waiting-list: only for a slot a booking would refuse as full. */
export async function joinWaitingList(
  deps: AppointmentDeps,
  input: WaitingListJoinInput,
  origin: string,
): Promise<WaitingListJoinResponse> {
  const now = deps.clock.now();
  const slot = slotOf(input);
  return deps.db.transaction(async (tx) => {
    const department = await requireDepartment(tx, input.department);
    assertSlotRules(deps, slot, now);
    await lockSlot(tx, slot);
    const places = (await slotPlaces(tx, slot, now, { person: input }))!;
    if (places.personHolds) throw new ConflictError(M.alreadyBooked, 'ALREADY_BOOKED');
    if (await personWaitsInSlot(tx, slot, input)) throw new ConflictError(M.alreadyWaiting, 'ALREADY_WAITING');
    if (places.taken < places.capacity) throw new ConflictError(M.waitingSlotOpen, 'SLOT_AVAILABLE');
    const token = newToken();
    const entry = await insertWaitingEntry(tx, {
      ...slot,
      slotStartsAt: clinicInstant(slot.appointmentDate, slot.appointmentTime, deps.timeZone),
      fullName: input.fullName,
      phone: input.phone,
      email: input.email,
      status: 'WAITING',
      tokenHash: hashOf(token),
      // Kept for the rows' sake only: an offer's link is built on PUBLIC_URL when it is sent (issue 29).
      siteOrigin: origin,
      createdAt: now,
      updatedAt: now,
    });
    const position = await positionInLine(tx, entry);
    // Her consent to be kept on the list, in the same transaction: no entry without its proof.
    await recordConsent(
      tx,
      {
        purpose: 'HEALTH_DATA',
        source: 'WAITING_LIST',
        channel: 'WEB',
        phone: input.phone,
        email: input.email,
        userId: null,
      },
      now,
    );
    await enqueueNotifications(
      tx,
      [
        waitingJoinedEmail(
          { ...mailOf(entry, department.departmentName), waitingUrl: waitingUrl(origin, token) },
          position,
        ),
      ],
      now,
    );
    return { message: M.waitingJoined, position, token };
  });
}

/** What the waiting list's e-mails say of an entry. */
export function mailOf(entry: WaitingListEntryRow, departmentName: string) {
  return {
    fullName: entry.fullName,
    // '' when she gave only her phone: the event then goes to it alone (enqueueNotifications).
    email: entry.email ?? '',
    phone: entry.phone,
    appointmentDate: entry.appointmentDate,
    appointmentTime: entry.appointmentTime,
    departmentName,
  };
}

/** GET /api/appointments/waiting-list/{token}: her place in line, or the offer she holds. */
export async function viewWaitingEntry(deps: AppointmentDeps, token: string): Promise<WaitingEntryView> {
  const entry = await findWaitingEntryByHash(deps.db, hashOf(token));
  if (!entry) throw invalidLink();
  return entryView(deps.db, entry);
}

/** POST /api/appointments/waiting-list/{token}/leave: a held offer goes back to the line. */
export async function leaveWaitingList(deps: AppointmentDeps, token: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const entry = await findWaitingEntryByHash(tx, hashOf(token), true);
    if (!entry) throw invalidLink();
    if (!open(entry.status)) throw new ConflictError(M.waitingCannotLeave, 'WAITING_CLOSED');
    const left = await updateWaitingEntry(tx, entry.id, { status: 'LEFT', updatedAt: now });
    return { message: M.waitingLeft, entry: await entryView(tx, left) };
  });
}

/** Why an entry cannot be claimed now, or null. */
function claimRefusal(entry: WaitingListEntryRow, now: Date): ConflictError | null {
  if (entry.status === 'CLAIMED') return new ConflictError(M.waitingAlreadyClaimed, 'WAITING_ALREADY_CLAIMED');
  if (entry.status === 'WITHDRAWN' || entry.slotStartsAt <= now)
    return new ConflictError(M.waitingSlotBegun, 'SLOT_BEGUN');
  if (entry.status === 'EXPIRED' || (entry.status === 'OFFERED' && entry.offerExpiresAt! <= now))
    return new ConflictError(M.waitingOfferExpired, 'OFFER_EXPIRED');
  if (entry.status === 'WAITING') return new ConflictError(M.waitingNotOffered, 'NOT_OFFERED');
  if (entry.status !== 'OFFERED') return new ConflictError(M.waitingCannotLeave, 'WAITING_CLOSED');
  return null;
}

/**
 * POST /api/appointments/waiting-list/{token}/claim: the held place becomes her booking (PENDING,
 * with its own management link). Under the slot's lock, as every booking: a second click waits and
 * then finds the entry claimed; a public booking at the same instant counts the held place as taken.
 */
export async function claimWaitingOffer(
  deps: AppointmentDeps & Pick<AppDeps, 'config'>,
  token: string,
): Promise<WaitingClaimResponse> {
  const now = deps.clock.now();
  const found = await findWaitingEntryByHash(deps.db, hashOf(token));
  if (!found) throw invalidLink();
  const slot = slotOf(found);
  return deps.db.transaction(async (tx) => {
    await lockSlot(tx, slot);
    const entry = (await lockWaitingEntry(tx, found.id))!;
    const refusal = claimRefusal(entry, now);
    if (refusal) throw refusal;
    // Her own offer holds the place she takes; the people still waiting do not count against it.
    const { row, manageToken } = await makeAppointment(
      tx,
      deps,
      {
        person: { fullName: entry.fullName, phone: entry.phone, email: entry.email, userId: null },
        slot,
        reason: null,
        rules: 'none',
        events: [{ action: 'CREATED', note: T.claimedFromWaitingList }],
        claimsEntry: entry.id,
        manageLink: true,
        messages: ({ row: made, department: dep, manageToken: token }) => [
          bookingReceivedEmail({
            ...mailOf(entry, dep.departmentName),
            id: made.id,
            manageUrl: manageUrl(deps.config.publicUrl, token!),
          }),
        ],
      },
      null,
      now,
    );
    await updateWaitingEntry(tx, entry.id, {
      status: 'CLAIMED',
      claimedAt: now,
      appointmentId: row.id,
      updatedAt: now,
    });
    return {
      message: M.waitingClaimed,
      appointmentId: row.id,
      manageToken: manageToken!,
      reachedBy: reachedBy(entry),
    };
  });
}

// ---------------------------------------------------------------- the front desk

/** GET /api/appointments/waiting-list?date&time&department (staff). */
export async function listSlotWaiting(deps: AppointmentDeps, q: SlotWaitingListQuery): Promise<SlotWaitingList> {
  const rows = await listSlotEntries(deps.db, {
    appointmentDate: q.date,
    appointmentTime: q.time,
    department: q.department,
  });
  return {
    entries: rows.map((e) => ({
      id: e.id,
      fullName: e.fullName,
      phone: e.phone,
      email: e.email,
      status: e.status,
      createdAt: e.createdAt.toISOString(),
      offerExpiresAt: e.status === 'OFFERED' ? (e.offerExpiresAt?.toISOString() ?? null) : null,
      appointmentId: e.appointmentId,
    })),
  };
}

/** DELETE /api/appointments/waiting-list/{id} (staff): out of the line; a held offer passes on. */
export async function removeWaitingEntry(deps: AppointmentDeps, id: number) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const entry = await lockWaitingEntry(tx, id);
    if (!entry) throw new NotFoundError(M.waitingEntryNotFound, 'WAITING_ENTRY_NOT_FOUND');
    if (!open(entry.status)) throw new ConflictError(M.waitingEntryClosed, 'WAITING_CLOSED');
    await updateWaitingEntry(tx, id, { status: 'REMOVED', updatedAt: now });
    return { message: M.waitingRemoved };
  });
}

/** The dashboard's figures: places the lists refilled since `since` (the month's start), people waiting now. */
export async function waitingListSummary(deps: Pick<AppointmentDeps, 'db'>, since: Date) {
  const { refilled, waiting } = await waitingListFigures(deps.db, since);
  return { refilledThisMonth: refilled, waiting };
}

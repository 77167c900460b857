import {
  APPOINTMENT_MSG as M,
  checkDeskSlotRules,
  checkSlotRules,
  clinicMoment,
  formatTimeOnDate,
  type AvailabilityQuery,
  type AvailabilityResponse,
  type DayPlacesQuery,
  type DayPlacesResponse,
  isDateString,
  reachedBy,
  TIME_SLOTS,
  type PublicAppointmentInput,
  type PublicAppointmentResponse,
} from '@clinic/shared';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { BadRequestError } from '../../../lib/errors';
import { bookingReceivedKept } from '../../email/email.service';
import type { Actor, AppointmentDeps } from '../appointment-access';
import { mailDataOf } from '../appointment-mail';
import { keptDepartment, makeAppointment } from './appointment-making.service';
import {
  dayAvailability,
  doctorBusySlots,
  findDepartment,
  rangeAvailability,
  slotAvailability,
} from '../appointments.repository';
import { manageUrl } from '../private-link/manage-token';
import { healthConsentForBooking } from '../../consents/consent.service';

export async function requireDepartment(db: Db, code: string) {
  const department = await findDepartment(db, code);
  if (!department) throw new BadRequestError(M.unknownDepartment, 'UNKNOWN_DEPARTMENT');
  return department;
}

/**
 * Whether the booking form may offer a slot. The slot's count (src/db/functions/slot-rules.sql) is
 * kept until an appointment, a waiting-list entry or a department changes, or a held offer lapses; the
 * date rules are checked against this instant. Only advice: a booking counts the slot again under its
 * lock (makeAppointment).
 */
export async function checkAvailability(
  deps: AppointmentDeps & Pick<AppDeps, 'cache'>,
  q: AvailabilityQuery,
  /** The front desk's calendar has no two-hour lead (docs/PRODUCT.md §11). */
  rules: 'public' | 'desk' = 'public',
): Promise<AvailabilityResponse> {
  const now = deps.clock.now();
  if (!(await keptDepartment(deps.cache, deps.db, q.department)))
    return { available: false, code: 'UNKNOWN_DEPARTMENT', message: M.unknownDepartment, remaining: 0 };
  const violation = (rules === 'desk' ? checkDeskSlotRules : checkSlotRules)(q.date, q.time, now, deps.timeZone);
  if (violation) return { available: false, code: violation.code, message: violation.message, remaining: 0 };
  const slot = { appointmentDate: q.date, appointmentTime: q.time, department: q.department };
  const places = await deps.cache.get(
    `slot:${q.date}|${q.time}|${q.department}`,
    ['appointments', 'waiting_list_entries', 'departments'],
    async () => (await slotAvailability(deps.db, slot, now))!,
    { keptUntil: (p) => p.firstLapse?.getTime() ?? null },
  );
  const remaining = Math.max(0, places.capacity - places.taken);
  if (remaining === 0) return { available: false, code: 'SLOT_FULL', message: M.slotFull, remaining: 0 };
  return { available: true, code: 'AVAILABLE', message: M.slotAvailable, remaining };
}

/**
 * The places left in each slot of a day (GET /api/appointments/public/slots), for the
 * time tiles: counted as checkAvailability counts one slot, kept until the same changes. Which slots
 * the calendar offers (the date window, the lead time) stays the form's rule; this only counts.
 */
export async function dayPlaces(
  deps: AppointmentDeps & Pick<AppDeps, 'cache'>,
  q: DayPlacesQuery,
): Promise<DayPlacesResponse> {
  const none = { date: q.date, department: q.department, slots: [] };
  if (!isDateString(q.date) || !(await keptDepartment(deps.cache, deps.db, q.department))) return none;
  const now = deps.clock.now();
  const day = await deps.cache.get(
    `day:${q.date}|${q.department}`,
    ['appointments', 'waiting_list_entries', 'departments'],
    async () => dayAvailability(deps.db, q.date, q.department, TIME_SLOTS, now),
    { keptUntil: (d) => d.firstLapse?.getTime() ?? null },
  );
  return {
    ...none,
    slots: day.slots.map((s) => ({ time: s.time, capacity: s.capacity, remaining: Math.max(0, s.capacity - s.taken) })),
  };
}

/** POST /api/appointments/public: anyone; a signed-in patient's booking is linked to her account. */
export async function createPublicAppointment(
  deps: AppointmentDeps & Pick<AppDeps, 'cache' | 'payments'>,
  input: PublicAppointmentInput,
  session: Actor | null,
  /** The site's origin, for the private management link in the e-mail. */
  origin: string,
  /** The methods taken online now: with none (production without keys) no deposit can be paid, so none is asked. */
  paymentMethods: readonly string[],
): Promise<PublicAppointmentResponse> {
  const userId = session?.role === 'PATIENT' ? session.id : null;
  // No transaction of its own: the call is atomic, and the slots' locks end with it.
  const { row, manageToken, deposit } = await makeAppointment(
    deps.db,
    deps,
    {
      person: { fullName: input.fullName, phone: input.phone, email: input.email, userId },
      slot: input,
      reason: input.reason,
      rules: 'public',
      events: [{ action: 'CREATED', note: null }],
      // A department that asks a deposit holds the slot while she pays it (issue 28), if she can.
      holdForDeposit: paymentMethods.length > 0 ? deps.payments : null,
      // With an e-mail, the visitor gets a private link to see, move or cancel the visit herself.
      manageLink: true,
      // The box she ticked (the schema refuses the request without it), recorded with the booking.
      consents: [healthConsentForBooking(userId != null ? 'ACCOUNT' : 'WEB')],
      messages: ({ row: booked, department, manageToken: token, deposit: held }) => {
        const mail = mailDataOf({ ...booked, paymentAmount: null }, { departmentName: department.departmentName });
        if (!mail) return [];
        const depositMail = held
          ? {
              deposit: { amount: held.amount, until: untilText(held.dueAt, deps.timeZone) },
              payUrl: deps.payments.payLinkUrl(origin, held.payToken),
            }
          : {};
        // Kept as its data and rendered when it goes out: the booking's call carries a few hundred bytes, not 4 KB.
        return token || held
          ? [
              bookingReceivedKept({
                ...mail,
                ...(token ? { manageUrl: manageUrl(origin, token) } : {}),
                ...depositMail,
              }),
            ]
          : [];
      },
    },
    session,
    deps.clock.now(),
  );
  return {
    message: M.bookingReceived,
    appointmentId: row.id,
    reachedBy: reachedBy(input),
    ...(manageToken ? { manageToken } : {}),
    ...(deposit
      ? { deposit: { amount: deposit.amount, dueAt: deposit.dueAt.toISOString(), payToken: deposit.payToken } }
      : {}),
  };
}

/** "10:15 ngày 02/03/2027", in the clinic's zone. */
function untilText(at: Date, timeZone: string): string {
  const until = clinicMoment(at, timeZone);
  return formatTimeOnDate(until.time, until.date);
}

/**
 * The free places of a department from one date to another, for the desk's calendar (no two-hour
 * lead, the slot under way and later): one query for the whole range, not one per slot. With a doctor,
 * only the hours he holds no other visit. Only advice, as checkAvailability: a booking counts again
 * under the slot's lock.
 */
export async function freePlacesInRange(
  deps: AppointmentDeps,
  q: { department: string; from: string; to: string; doctorId?: number | null },
): Promise<{ date: string; time: string; remaining: number }[]> {
  const now = deps.clock.now();
  const slots = await rangeAvailability(deps.db, q.from, q.to, q.department, TIME_SLOTS, now);
  const busy = q.doctorId != null ? await doctorBusySlots(deps.db, q.doctorId, q.from, q.to) : null;
  return slots
    .filter((s) => s.taken < s.capacity && checkDeskSlotRules(s.date, s.time, now, deps.timeZone) === null)
    .filter((s) => !busy?.has(`${s.date} ${s.time}`))
    .map((s) => ({ date: s.date, time: s.time, remaining: s.capacity - s.taken }));
}

/**
 * Every slot of a department from one date to another (Sundays have none) with its capacity and the
 * places taken, counted as the booking form counts them (clinic_slot_count): the FHIR Slots (issue 38).
 */
export async function placesInRange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  q: { department: string; from: string; to: string },
): Promise<{ date: string; time: string; capacity: number; taken: number }[]> {
  return rangeAvailability(deps.db, q.from, q.to, q.department, TIME_SLOTS, deps.clock.now());
}

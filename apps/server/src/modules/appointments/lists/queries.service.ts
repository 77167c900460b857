import { doctorDayLoads } from '../life-cycle/reassign.repository';
import {
  can,
  clinicInstant,
  clinicMoment,
  DEFAULT_VISIT_PRICE,
  normalizePhone,
  toPage,
  URGENT_WITHIN_HOURS,
  UPCOMING_STATUSES,
  type Appointment,
  type AppointmentEvent,
  type AppointmentListFilters,
  type AppointmentPage,
  type AppointmentStats,
  type AppointmentStatus,
  type PendingApprovalSummary,
  type Role,
} from '@clinic/shared';
import type { AppDeps } from '../../../deps';
import { APPOINTMENT_READS } from '../../../lib/read-cache';
import { foldText } from '../../../lib/text';
import { assertCanSee, notFound, type Actor, type AppointmentDeps } from '../appointment-access';
import { shieldRestricted, toAppointmentDto, toPatientView } from '../appointment-dto';
import { decodeCursor, encodeCursor, listHash, planPageRead } from './page-cursor';
import {
  appointmentViewsByIds,
  findAppointment,
  findAppointmentView,
  listAppointmentEvents,
  listDoctorCandidates,
  type AppointmentView,
} from '../appointments.repository';
import {
  anchorsInFilter,
  countAppointments,
  awaitingDoctorSlots,
  countAppointmentStats,
  countFigures,
  countFiguresBetween,
  listAppointmentViews,
  type AppointmentFilter,
  type FigureRow,
  type SortField,
} from './appointment-lists.repository';
import { GENERAL_PRACTICE } from '@clinic/shared';

export async function getAppointment(deps: AppointmentDeps, id: number, actor: Actor): Promise<Appointment> {
  const view = await findAppointmentView(deps.db, id);
  if (!view) throw notFound();
  assertCanSee(actor, view.appointment);
  const dto = toAppointmentDto(view);
  return actor.role === 'PATIENT' ? toPatientView(dto) : dto;
}

/**
 * A person's appointments as she sees them (the patient projection), each with its history as a
 * patient sees it: her data download (issue 26). Ids chosen by the caller (privacy.service's lookup).
 */
export async function personalAppointments(deps: Pick<AppointmentDeps, 'db'>, ids: number[]) {
  const views = await appointmentViewsByIds(deps.db, ids);
  return Promise.all(
    views.map(async (view) => {
      const events = await listAppointmentEvents(deps.db, view.appointment.id);
      return {
        ...toPatientView(toAppointmentDto(view)),
        history: events.map((e) => ({
          id: e.id,
          appointmentId: e.appointmentId,
          action: e.action as AppointmentEvent['action'],
          fromStatus: e.fromStatus as AppointmentStatus | null,
          toStatus: e.toStatus as AppointmentStatus | null,
          // The clinic's internal notes and staff names stay inside, as in her own history view.
          note: null,
          actorId: null,
          actorName: null,
          actorRole: e.actorRole as Role | null,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    }),
  );
}

export async function appointmentHistory(deps: AppointmentDeps, id: number, actor: Actor): Promise<AppointmentEvent[]> {
  const row = await findAppointment(deps.db, id);
  if (row) assertCanSee(actor, row);
  // A permanently deleted appointment keeps its trail for the back-office only.
  else if (!can(actor.role, 'manageBookings')) throw notFound();
  const events = await listAppointmentEvents(deps.db, id);
  if (!row && events.length === 0) throw notFound();
  // A patient sees what happened and when; the clinic's internal notes and staff names stay inside.
  const internal = actor.role === 'PATIENT';
  return events.map((e) => {
    const own = e.actorId === actor.id;
    return {
      id: e.id,
      appointmentId: e.appointmentId,
      action: e.action as AppointmentEvent['action'],
      fromStatus: e.fromStatus as AppointmentStatus | null,
      toStatus: e.toStatus as AppointmentStatus | null,
      note: internal && !own ? null : e.note,
      actorId: internal && !own ? null : e.actorId,
      actorName: internal && !own ? null : e.actorName,
      actorRole: e.actorRole as Role | null,
      createdAt: e.createdAt.toISOString(),
    };
  });
}

export async function doctorCandidates(deps: AppointmentDeps, id: number) {
  const row = await findAppointment(deps.db, id);
  if (!row) throw notFound();
  const doctors = await listDoctorCandidates(deps.db, row.department, GENERAL_PRACTICE);
  const loads = await doctorDayLoads(
    deps.db,
    row.appointmentDate,
    doctors.map((d) => d.id),
  );
  return doctors.map((d) => ({ ...d, dayLoad: loads.get(d.id) ?? 0 }));
}

/** Which list: every one pages, filters and sorts in SQL. */
export type ListKind = 'all' | 'today' | 'upcoming' | 'myPatients' | 'mine' | 'medicalHistory' | 'pendingMyApproval';

const DEFAULT_SORT: Record<ListKind, `${SortField}:${'asc' | 'desc'}`> = {
  all: 'createdAt:desc',
  today: 'appointmentDate:asc',
  upcoming: 'appointmentDate:asc',
  myPatients: 'appointmentDate:desc',
  mine: 'appointmentDate:desc',
  medicalHistory: 'appointmentDate:desc',
  pendingMyApproval: 'appointmentDate:asc',
};

/** The statuses a list is made of, narrowed by the status filter; an empty result means nothing can match. */
function narrowStatuses(
  fixed: readonly AppointmentStatus[] | undefined,
  asked: readonly AppointmentStatus[] | undefined,
) {
  if (!fixed) return asked;
  if (!asked || asked.length === 0) return fixed;
  return fixed.filter((s) => asked.includes(s));
}

const emptyPage = (q: { page: number; size: number }): AppointmentPage => ({
  ...toPage([], 0, q.page, q.size),
  totalCapped: false,
  cursor: null,
});

/**
 * One page of a filter, with its total (counted up to a cap for text searches) and its cursor.
 * The page is read the cheapest way that gives the rows counting from the start would
 * (planPageRead): a deep page from the cursor of the page on screen, or from the end of the order.
 */
export async function appointmentPage(
  deps: AppointmentDeps,
  viewer: Actor,
  filter: AppointmentFilter,
  q: { page: number; size: number; cursor?: string },
  order: `${SortField}:${'asc' | 'desc'}`,
): Promise<AppointmentPage> {
  // A cursor that is not one is refused whatever the filter, before anything is read.
  const given = q.cursor ? decodeCursor(q.cursor) : null;
  if (filter.statuses && filter.statuses.length === 0) return emptyPage(q);
  if (filter.from && filter.to && filter.from > filter.to) return emptyPage(q);
  const [sort, dir] = order.split(':') as [SortField, 'asc' | 'desc'];
  const list = listHash(filter, order, q.size);
  // A cursor of another list (another filter, sort or size, or yesterday's "today") is no help: the page counts from the start.
  const cursor = given && given.list === list ? given : null;
  const read = async (total: number | null, found: Set<number>) => {
    let plan = planPageRead(q, total, cursor);
    // A cursor's row deleted or moved out of the filter since anchors nothing.
    if (!plan.anchors.every((id) => found.has(id))) plan = planPageRead(q, total, null);
    if (plan.limit === 0) return [];
    return listAppointmentViews(deps.db, filter, { limit: plan.limit, read: plan.read, sort, dir });
  };
  const counting = countAppointments(deps.db, filter);
  let rows: AppointmentView[];
  let count: Awaited<typeof counting>;
  if (q.page === 1) {
    // The first page needs neither the total nor a cursor.
    [rows, count] = await Promise.all([read(null, new Set()), counting]);
  } else {
    // A later page may be read from the end when the total is exact, or from the cursor's rows if
    // they still match: both are asked together, then the page.
    const [counted, found] = await Promise.all([
      counting,
      cursor ? anchorsInFilter(deps.db, filter, [cursor.first, cursor.last]) : new Set<number>(),
    ]);
    count = counted;
    rows = await read(count.capped ? null : count.total, found);
  }
  const items = rows.map((row) => toAppointmentDto(shieldRestricted(row, viewer)));
  return {
    ...toPage(items, count.total, q.page, q.size),
    totalCapped: count.capped,
    cursor:
      items.length > 0
        ? encodeCursor({ page: q.page, first: items[0]!.id, last: items[items.length - 1]!.id, list })
        : null,
  };
}

export function textFilter(q: string | undefined): Pick<AppointmentFilter, 'text' | 'textId'> {
  const text = q?.trim();
  if (!text) return {};
  const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : undefined;
  // "0912 345 678" and "+84912…" find the stored "0912345678".
  const phoneLike = /^[\d\s.+()-]+$/.test(text);
  return { text: phoneLike ? normalizePhone(text) : foldText(text), textId: id };
}

export async function listAppointments(
  deps: AppointmentDeps,
  actor: Actor,
  kind: ListKind,
  q: AppointmentListFilters,
): Promise<AppointmentPage> {
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const filter: AppointmentFilter = {
    statuses: q.status,
    from: q.from,
    to: q.to,
    department: q.department,
    doctorId: q.doctorId,
    ...textFilter(q.q),
  };
  // A doctor's back-office lists hold his own appointments only, whatever the query asks.
  const ownBookings = kind === 'mine' || kind === 'medicalHistory';
  if ((actor.role === 'DOCTOR' && !ownBookings) || kind === 'pendingMyApproval') {
    if (q.doctorId && q.doctorId !== actor.id) return emptyPage(q);
    filter.doctorId = actor.id;
  }
  switch (kind) {
    case 'today':
      filter.date = today;
      break;
    case 'upcoming':
      filter.from = q.from && q.from > today ? q.from : today;
      filter.statuses = narrowStatuses(UPCOMING_STATUSES, q.status);
      break;
    case 'mine':
      filter.userId = actor.id;
      break;
    case 'medicalHistory':
      filter.userId = actor.id;
      filter.statuses = narrowStatuses(['COMPLETED'], q.status);
      break;
    case 'pendingMyApproval':
      filter.statuses = narrowStatuses(['AWAITING_DOCTOR_APPROVAL'], q.status);
      break;
    default:
      break;
  }
  const page = await appointmentPage(deps, actor, filter, q, q.sort ?? DEFAULT_SORT[kind]);
  // One's own bookings are shown as the patient sees them, whoever asks (staff have their own screens).
  return ownBookings ? { ...page, items: page.items.map(toPatientView) } : page;
}

export async function appointmentStats(deps: AppointmentDeps, actor: Actor): Promise<AppointmentStats> {
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const s = await countAppointmentStats(deps.db, actor.role === 'DOCTOR' ? { doctorId: actor.id } : {}, today);
  return {
    totalAppointments: s.total,
    pendingAppointments: s.pending,
    confirmedAppointments: s.confirmed,
    todaysAppointments: s.today,
    awaitingDoctorAppointments: s.awaiting,
  };
}

/**
 * The dashboard's appointment figures (docs/PRODUCT.md §6), from the counts the database keeps:
 * by status over all time and by month since `fromMonth`, each with its value (recorded amounts, and
 * DEFAULT_VISIT_PRICE for a visit without one). A doctor's cover his own appointments only, a
 * patient's (userId) her own bookings only.
 */
/** The figures by status of the appointments dated `from` to `to` (the dashboard's like-with-like growth). */
export async function appointmentFiguresBetween(
  deps: AppointmentDeps,
  scope: { doctorId?: number; userId?: number },
  from: string,
  to: string,
) {
  const rows = await countFiguresBetween(deps.db, scope, from, to);
  return rows.map((r) => ({
    status: r.status as AppointmentStatus,
    n: r.n,
    value: r.amountSum + DEFAULT_VISIT_PRICE * r.unpriced,
  }));
}

export async function appointmentFigures(
  deps: AppointmentDeps,
  scope: { doctorId?: number; userId?: number },
  fromMonth: string,
) {
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const value = (r: FigureRow) => r.amountSum + DEFAULT_VISIT_PRICE * r.unpriced;
  const [allTime, months, stats] = await Promise.all([
    countFigures(deps.db, scope),
    countFigures(deps.db, scope, fromMonth),
    countAppointmentStats(deps.db, scope, today),
  ]);
  return {
    byStatus: allTime.map((r) => ({
      status: r.status as AppointmentStatus,
      n: r.n,
      value: value(r),
      unpriced: r.unpriced,
    })),
    byMonth: months.map((r) => ({
      month: r.month!.slice(0, 7),
      status: r.status as AppointmentStatus,
      n: r.n,
      value: value(r),
    })),
    stats,
  };
}

/**
 * Pending Approvals' three cards for the signed-in doctor (urgent: starting within 24 hours). The
 * awaiting slots are kept until an appointment or account changes; "urgent" is counted against
 * this instant on every request, so a card never lags behind the clock.
 */
export async function pendingApprovalSummary(
  deps: AppointmentDeps & Pick<AppDeps, 'cache'>,
  actor: Actor,
): Promise<PendingApprovalSummary> {
  const awaiting = await deps.cache.get(`awaiting:${actor.id}`, APPOINTMENT_READS, async () =>
    (await awaitingDoctorSlots(deps.db, actor.id)).map((a) => ({
      date: a.date,
      startsAt: clinicInstant(a.date, a.time, deps.timeZone).getTime(),
    })),
  );
  const now = deps.clock.now().getTime();
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const urgentUntil = now + URGENT_WITHIN_HOURS * 3600_000;
  let todayCount = 0;
  let urgent = 0;
  for (const a of awaiting) {
    if (a.date === today) todayCount += 1;
    if (a.startsAt >= now && a.startsAt <= urgentUntil) urgent += 1;
  }
  return { pending: awaiting.length, today: todayCount, urgent };
}

import {
  addDays,
  ANCHORS_OF_KIND,
  bookableRange,
  CALL_BACK_DAYS,
  can,
  CARE_PLAN_KINDS,
  CARE_PLAN_MSG as CM,
  clinicMoment,
  daysBetween,
  dayZero,
  formatDate,
  isSunday,
  planDayText,
  planVisits,
  workingDayFrom,
  type CarePlan,
  type CarePlanAnchor,
  type CarePlanKind,
  type CarePlanPreferences,
  type PlannedVisit,
  type ProposedVisit,
  type Role,
  INACTIVE_STATUSES,
  PLAN_VISIT_OPEN_STATUSES,
} from '@clinic/shared';
import type { z } from 'zod';
import type {
  carePlanAddVisitRequestSchema,
  carePlanListQuerySchema,
  carePlanProposalRequestSchema,
  carePlanRedateRequestSchema,
  carePlanStartRequestSchema,
  carePlanTemplateSaveSchema,
} from '@clinic/shared';
import type { Db } from '../../db/client';
import type { AppDeps, CarePlanWindows } from '../../deps';
import type { CarePlanRow } from '../../db/schema';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { bookAtDesk } from '../appointments/booking/desk-booking.service';
import { freePlacesInRange } from '../appointments/booking/booking.service';
import { lockSlotsInOrder } from '../appointments/booking/appointment-making.service';
import { requireCandidate } from '../appointments/life-cycle/life-cycle.service';
import { endVisits, tellVisitsEnded } from '../appointments/life-cycle/end-visit.service';
import { moveVisit, tellVisitsMoved } from '../appointments/life-cycle/staff-edit.service';
import { joinWaitingList } from '../appointments/waiting-list/waiting-list.service';
import { linkHolder } from '../appointments/private-link/manage-link.service';
import * as repo from './care-plans.repository';

/**
 * Care plans (issue 37, docs/PRODUCT.md §15): a course of care booked as one. Its visits are booked
 * through the appointments module's one booking call (a desk booking each), all in one transaction;
 * they end through its one way to end a visit; and a message never names the plan or its purpose.
 */

/** Who acts: the signed-in user. */
export type Actor = { id: number; username: string; role: Role };

export type CarePlanDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone' | 'payments' | 'config'>;
type StartInput = z.output<typeof carePlanStartRequestSchema>;
type ProposalInput = z.output<typeof carePlanProposalRequestSchema>;
type ListQuery = z.output<typeof carePlanListQuerySchema>;
type RedateInput = z.output<typeof carePlanRedateRequestSchema>;
type TemplateSave = z.output<typeof carePlanTemplateSaveSchema>;
type AddVisit = z.output<typeof carePlanAddVisitRequestSchema>;

const today = (deps: Pick<AppDeps, 'clock' | 'timeZone'>) => clinicMoment(deps.clock.now(), deps.timeZone).date;
const planNotFound = () => new NotFoundError(CM.notFound, 'CARE_PLAN_NOT_FOUND');

// ---------------------------------------------------------------- templates

export async function listTemplates(deps: Pick<AppDeps, 'db'>, actor: Actor) {
  // Who manages templates sees the inactive ones too; the others, those new plans may use.
  return { templates: await repo.listTemplates(deps.db, !can(actor.role, 'manageCarePlanTemplates')) };
}

export async function saveTemplate(deps: CarePlanDeps, actor: Actor, body: TemplateSave, id?: number) {
  const now = deps.clock.now();
  const fields = {
    name: body.name,
    kind: body.kind,
    anchors: body.anchors,
    milestones: body.milestones,
    active: body.active,
  };
  return deps.db.transaction(async (tx) => {
    let row;
    if (id == null) row = await repo.insertTemplate(tx, fields, actor.id, now);
    else {
      const before = await repo.lockTemplate(tx, id);
      if (!before) throw new NotFoundError(CM.templateNotFound, 'TEMPLATE_NOT_FOUND');
      row = await repo.updateTemplate(tx, id, fields, before.version + 1, actor.id, now);
    }
    return {
      message: CM.templateSaved,
      template: {
        id: row.id,
        name: row.name,
        kind: row.kind,
        anchors: row.anchors,
        milestones: row.milestones,
        version: row.version,
        example: row.example,
        active: row.active,
        plansRunning: await repo.countRunning(tx, row.id),
        updatedAt: row.updatedAt.toISOString(),
      },
    };
  });
}

async function requireTemplate(db: Db, id: number, anchor: CarePlanAnchor, anchorDate: string, now: string) {
  const template = await repo.findTemplate(db, id);
  if (!template) throw new NotFoundError(CM.templateNotFound, 'TEMPLATE_NOT_FOUND');
  if (!template.active) throw new BadRequestError(CM.templateInactive, 'TEMPLATE_INACTIVE');
  if (!template.anchors.includes(anchor) || !ANCHORS_OF_KIND[template.kind].includes(anchor))
    throw new BadRequestError(CM.anchorNotAllowed, 'ANCHOR_NOT_ALLOWED');
  if (Math.abs(daysBetween(now, anchorDate)) > 366)
    throw new BadRequestError(CM.anchorOutOfRange, 'ANCHOR_OUT_OF_RANGE');
  return template;
}

// ---------------------------------------------------------------- proposing

/**
 * The first free slot inside each visit's window (from today) that fits her preference: one query of
 * the places per department over the dates all its visits span, not one per slot.
 */
async function propose(
  deps: CarePlanDeps,
  visits: PlannedVisit[],
  anchor: CarePlanAnchor,
  anchorDate: string,
  prefs: CarePlanPreferences,
): Promise<ProposedVisit[]> {
  const now = deps.clock.now();
  const ranges = visits.map((v) => bookableRange(v, now, deps.timeZone));
  const departments = [...new Set(visits.map((v) => v.department))];
  const free = new Map<string, { date: string; time: string }[]>();
  const doctors = new Map<string, { id: number; name: string | null } | null>();
  for (const department of departments) {
    const own = ranges.filter((r, i) => r && visits[i]!.department === department) as { from: string; to: string }[];
    let doctor: { id: number; name: string | null } | null = null;
    if (prefs.doctorId != null) {
      try {
        const d = await requireCandidate(deps.db, prefs.doctorId, department);
        doctor = { id: d.id, name: d.fullName ?? d.email };
      } catch {
        doctor = null; // Not a doctor of this department: her preference cannot hold here.
      }
    }
    doctors.set(department, doctor);
    if (own.length === 0) {
      free.set(department, []);
      continue;
    }
    const from = own.reduce((m, r) => (r.from < m ? r.from : m), own[0]!.from);
    const to = own.reduce((m, r) => (r.to > m ? r.to : m), own[0]!.to);
    free.set(department, await freePlacesInRange(deps, { department, from, to, doctorId: doctor?.id ?? null }));
  }
  return visits.map((v, i) => {
    const base = {
      key: v.key,
      label: v.label,
      department: v.department,
      windowStart: v.windowStart,
      windowEnd: v.windowEnd,
      fromDay: v.fromDay,
      toDay: v.toDay,
    };
    const range = ranges[i];
    if (!range) return { ...base, proposal: null, unbookable: 'PASSED' as const };
    const doctor = doctors.get(v.department) ?? null;
    const fits = (s: { date: string; time: string }) =>
      s.date >= range.from &&
      s.date <= range.to &&
      (prefs.weekday == null || new Date(`${s.date}T00:00:00Z`).getUTCDay() === prefs.weekday) &&
      (prefs.part == null || (prefs.part === 'MORNING' ? s.time < '12:00' : s.time >= '12:00'));
    const slot = free.get(v.department)!.find(fits);
    if (!slot) return { ...base, proposal: null, unbookable: 'NO_PLACE' as const };
    return {
      ...base,
      proposal: {
        date: slot.date,
        time: slot.time,
        doctorId: doctor?.id ?? null,
        doctorName: doctor?.name ?? null,
        dayText: planDayText(anchor, anchorDate, slot.date),
      },
      unbookable: null,
    };
  });
}

export async function proposePlan(deps: CarePlanDeps, input: ProposalInput) {
  const template = await requireTemplate(deps.db, input.templateId, input.anchor, input.anchorDate, today(deps));
  const visits = planVisits(template.milestones, input.anchor, input.anchorDate);
  return {
    templateId: template.id,
    templateVersion: template.version,
    name: template.name,
    kind: template.kind,
    visits: await propose(deps, visits, input.anchor, input.anchorDate, input.preferences ?? {}),
  };
}

// ---------------------------------------------------------------- starting

const slotOrder = (a: { date: string; time: string; department: string }, b: typeof a) =>
  a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.department.localeCompare(b.department);

/**
 * POST /api/care-plans: every visit with a slot booked in one transaction, all or none, through the
 * desk's booking (the one booking call), in one global order of slots (date, time, department) so two
 * plans never wait on each other in a circle. A refusal rolls everything back: 409 SLOT_FULL.
 */
export async function startPlan(deps: CarePlanDeps, input: StartInput, actor: Actor, origin: string) {
  const now = deps.clock.now();
  const template = await requireTemplate(deps.db, input.templateId, input.anchor, input.anchorDate, today(deps));
  const planned = planVisits(template.milestones, input.anchor, input.anchorDate);
  const sent = new Map(input.visits.map((v) => [v.key, v]));
  if (sent.size !== input.visits.length || sent.size !== planned.length || planned.some((p) => !sent.has(p.key)))
    throw new BadRequestError(CM.visitsMismatch, 'VISITS_MISMATCH');
  const toBook: { visit: PlannedVisit; date: string; time: string; doctorId: number | null }[] = [];
  for (const visit of planned) {
    const s = sent.get(visit.key)!;
    if (s.date && s.time) {
      if (s.date < visit.windowStart || s.date > visit.windowEnd) throw outsideWindow(visit);
      // WAIT names the full slot she waits for: it is not booked (below, its waiting list).
      if (s.ifNoPlace !== 'WAIT') toBook.push({ visit, date: s.date, time: s.time, doctorId: s.doctorId ?? null });
    }
  }
  toBook.sort((a, b) => slotOrder({ ...a, department: a.visit.department }, { ...b, department: b.visit.department }));
  const email = input.email ?? null;
  const id = await retryOnDeadlock(() =>
    deps.db.transaction(async (tx) => {
      // Every slot's lock first, in the one order: the counters the bookings write come after.
      await lockSlotsInOrder(
        tx,
        toBook.map((b) => ({ appointmentDate: b.date, appointmentTime: b.time, department: b.visit.department })),
      );
      const userId = await repo.userIdOfEmail(tx, email);
      const plan = await repo.insertPlan(tx, {
        templateId: template.id,
        templateVersion: template.version,
        name: template.name,
        kind: template.kind,
        anchor: input.anchor,
        anchorDate: input.anchorDate,
        status: 'ACTIVE',
        fullName: input.fullName,
        phone: input.phone,
        email,
        userId,
        preferences: input.preferences ?? {},
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      const booked = new Map<string, number>();
      for (const b of toBook) {
        try {
          const { appointment } = await bookAtDesk(
            tx,
            deps,
            {
              fullName: input.fullName,
              phone: input.phone,
              email,
              appointmentDate: b.date,
              appointmentTime: b.time,
              department: b.visit.department,
              // Never the plan's name or purpose: her messages show what the desk booking shows.
              reason: null,
              doctorId: b.doctorId,
              consentInPerson: true,
            } as Parameters<typeof bookAtDesk>[2],
            actor,
            origin,
            now,
            userId,
          );
          booked.set(b.visit.key, appointment.id);
        } catch (error) {
          if (error instanceof ConflictError)
            throw new ConflictError(`${CM.slotTaken} (${b.visit.label})`, (error as ConflictError).code);
          throw error;
        }
      }
      await repo.insertVisits(
        tx,
        planned.map((v) => ({
          planId: plan.id,
          key: v.key,
          label: v.label,
          department: v.department,
          fromDay: v.fromDay,
          toDay: v.toDay,
          windowStart: v.windowStart,
          windowEnd: v.windowEnd,
          appointmentId: booked.get(v.key) ?? null,
          createdAt: now,
        })),
      );
      // WAIT: she joins the slot's waiting list (she gave an e-mail), in a savepoint of this transaction:
      // a slot that opened meanwhile, or a list she is already on, leaves the visit on the call-back list.
      for (const visit of planned) {
        const s = sent.get(visit.key)!;
        if (booked.has(visit.key) || s.ifNoPlace !== 'WAIT' || !email || !s.date || !s.time) continue;
        try {
          await joinWaitingList(
            { db: tx, clock: deps.clock, timeZone: deps.timeZone },
            {
              fullName: input.fullName,
              phone: input.phone,
              email,
              appointmentDate: s.date,
              appointmentTime: s.time,
              department: visit.department,
            } as Parameters<typeof joinWaitingList>[1],
            origin,
          );
        } catch (error) {
          if (!(error instanceof ConflictError) && !(error instanceof BadRequestError)) throw error;
        }
      }
      return plan.id;
    }),
  );
  return { message: CM.started, plan: await planView(deps, id) };
}

/**
 * A transaction that PostgreSQL ended to break a deadlock (40P01) is run again, whole: the slots'
 * order rules out a circle over the slots, but the day and month counters the bookings' triggers write
 * can still cross between two plans of disjoint slots. All or none either way.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries || !isDeadlock(error)) throw error;
    }
  }
}

function isDeadlock(err: unknown): boolean {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  )
    if ((e as { code?: unknown }).code === '40P01') return true;
  return false;
}

function outsideWindow(v: { windowStart: string; windowEnd: string }) {
  return new BadRequestError(
    `${CM.outsideWindow} (từ ${formatDate(v.windowStart)} đến ${formatDate(v.windowEnd)})`,
    'OUTSIDE_WINDOW',
  );
}

// ---------------------------------------------------------------- reading

function toPlan(
  row: CarePlanRow,
  visits: repo.VisitWithAppointment[],
  day: string,
  names: ReadonlyMap<number, string>,
): CarePlan {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    templateId: row.templateId,
    templateVersion: row.templateVersion,
    anchor: row.anchor,
    anchorDate: row.anchorDate,
    status: row.status,
    stopReason: row.stopReason,
    stopRequestedAt: row.stopRequestedAt?.toISOString() ?? null,
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    todayText: planDayText(row.anchor, row.anchorDate, day),
    createdAt: row.createdAt.toISOString(),
    visits: visits.map((v) => ({
      id: v.id,
      key: v.key,
      label: v.label,
      department: v.department as CarePlan['visits'][number]['department'],
      windowStart: v.windowStart,
      windowEnd: v.windowEnd,
      state: repo.visitState(
        v,
        v.appointment && { status: v.appointment.status, appointmentDate: v.appointment.date },
        day,
      ),
      skipReason: v.skipReason,
      appointment: v.appointment && {
        id: v.appointment.id,
        date: v.appointment.date,
        time: v.appointment.time,
        status: v.appointment.status,
        doctorName: v.appointment.doctorName,
        dayText: planDayText(row.anchor, row.anchorDate, v.appointment.date),
      },
    })),
    pendingRedate:
      row.pendingRedate && row.pendingRedateAt
        ? {
            anchor: row.pendingRedate.anchor,
            anchorDate: row.pendingRedate.anchorDate,
            visits: (row.pendingRedate.visits ?? []).map((m) => ({
              visitId: m.visitId,
              date: m.date ?? null,
              time: m.time ?? null,
            })),
            askedByName: (row.pendingRedateBy != null && names.get(row.pendingRedateBy)) || null,
            askedAt: row.pendingRedateAt.toISOString(),
          }
        : null,
  };
}

async function plansView(deps: Pick<AppDeps, 'db' | 'clock' | 'timeZone'>, rows: CarePlanRow[]) {
  const visits = await repo.visitsOfPlans(
    deps.db,
    rows.map((r) => r.id),
  );
  const names = await repo.userNames(
    deps.db,
    rows.flatMap((r) => (r.pendingRedateBy != null ? [r.pendingRedateBy] : [])),
  );
  const day = today(deps);
  return rows.map((r) => toPlan(r, visits.get(r.id) ?? [], day, names));
}

export async function planView(deps: Pick<AppDeps, 'db' | 'clock' | 'timeZone'>, id: number): Promise<CarePlan> {
  const row = await repo.findPlan(deps.db, id);
  if (!row) throw planNotFound();
  return (await plansView(deps, [row]))[0]!;
}

/** Plans as every screen reads them, a page at a time (FHIR's CarePlan, issue 38), in the order of `ids`. */
export async function plansViewByIds(deps: Pick<AppDeps, 'db' | 'clock' | 'timeZone'>, ids: number[]) {
  const views = new Map((await plansView(deps, await repo.plansByIds(deps.db, ids))).map((p) => [p.id, p]));
  return ids.flatMap((id) => views.get(id) ?? []);
}

/** A doctor reads the plans with a visit of his; the other back-office roles every plan. */
export async function getPlan(deps: CarePlanDeps, id: number, actor: Actor) {
  const plan = await planView(deps, id);
  if (actor.role === 'DOCTOR') {
    const visits = (await repo.visitsOfPlans(deps.db, [id])).get(id) ?? [];
    if (!visits.some((v) => v.appointment?.doctorId === actor.id)) throw new ForbiddenError(undefined, 'NOT_YOUR_PLAN');
  }
  return plan;
}

export async function listPlans(deps: CarePlanDeps, q: ListQuery, actor: Actor) {
  const day = today(deps);
  const { rows, total } = await repo.listPlans(
    deps.db,
    {
      ...(q.kind ? { kind: q.kind } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.nextBefore ? { nextBefore: q.nextBefore } : {}),
      ...(q.q ? { q: q.q } : {}),
      ...(actor.role === 'DOCTOR' ? { doctorId: actor.id } : {}),
    },
    day,
    q.page,
    q.size,
  );
  return {
    items: rows.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      kind: r.kind as CarePlanKind,
      status: r.status as CarePlan['status'],
      fullName: r.fullName as string,
      phone: r.phone as string,
      todayText: planDayText(r.anchor as CarePlanAnchor, r.anchorDate as string, day),
      next: r.nLabel
        ? {
            label: r.nLabel as string,
            windowStart: r.nStart as string,
            windowEnd: r.nEnd as string,
            state: r.nState as CarePlan['visits'][number]['state'],
            date: (r.nDate as string | null) ?? null,
          }
        : null,
      stopRequestedAt: r.stopRequestedAt ? new Date(r.stopRequestedAt as string).toISOString() : null,
      pendingRedateAt: r.pendingRedateAt ? new Date(r.pendingRedateAt as string).toISOString() : null,
    })),
    total,
    page: q.page,
    size: q.size,
    totalPages: Math.ceil(total / q.size),
  };
}

export async function callBackList(deps: CarePlanDeps) {
  const day = today(deps);
  return { items: await repo.callBackVisits(deps.db, day, addDays(day, CALL_BACK_DAYS)) };
}

export async function planSummary(deps: CarePlanDeps) {
  const day = today(deps);
  const monthStart = `${day.slice(0, 7)}-01`;
  const monthEnd = addDays(`${addDays(monthStart, 31).slice(0, 7)}-01`, -1);
  const { running, month } = await repo.planSummary(deps.db, monthStart, monthEnd);
  const byKind = Object.fromEntries(CARE_PLAN_KINDS.map((k) => [k, 0])) as Record<CarePlanKind, number>;
  for (const r of running) byKind[r.kind] = r.n;
  return { running: byKind, month };
}

/** The doctor's view of one appointment: its plan, which visit, and where she is that day. */
export async function planOfAppointment(deps: CarePlanDeps, appointmentId: number) {
  const visit = await repo.visitOfAppointment(deps.db, appointmentId);
  if (!visit) return { plan: null, visitId: null, dayText: null };
  const plan = await planView(deps, visit.planId);
  const appointment = plan.visits.find((v) => v.id === visit.id)?.appointment;
  return { plan, visitId: visit.id, dayText: appointment?.dayText ?? null };
}

const withoutContact = ({ phone: _p, email: _e, ...rest }: CarePlan) => rest;

export async function myPlans(deps: CarePlanDeps, actor: Actor) {
  if (actor.role !== 'PATIENT') return { plans: [] };
  return { plans: (await plansView(deps, await repo.plansOfUser(deps.db, actor.id))).map(withoutContact) };
}

export async function planByLink(deps: CarePlanDeps, token: string) {
  const holder = await linkHolder(deps, token);
  const visit = await repo.visitOfAppointment(deps.db, holder.appointmentId);
  return { plan: visit ? withoutContact(await planView(deps, visit.planId)) : null };
}

// ---------------------------------------------------------------- her request to stop

export async function askStopMine(deps: CarePlanDeps, id: number, actor: Actor) {
  const plan = await repo.findPlan(deps.db, id);
  if (!plan || actor.role !== 'PATIENT' || plan.userId !== actor.id) throw planNotFound();
  return askStop(deps, plan);
}

export async function askStopByLink(deps: CarePlanDeps, token: string) {
  const holder = await linkHolder(deps, token);
  const visit = await repo.visitOfAppointment(deps.db, holder.appointmentId);
  const plan = visit && (await repo.findPlan(deps.db, visit.planId));
  // A real link whose visit belongs to no plan: 409, not 404 (a 404 on a link counts as a guess).
  if (!plan) throw new ConflictError(CM.notFound, 'NO_CARE_PLAN');
  return askStop(deps, plan);
}

async function askStop(deps: CarePlanDeps, plan: CarePlanRow) {
  if (plan.status !== 'ACTIVE') throw new ConflictError(CM.notActive, 'PLAN_NOT_ACTIVE');
  const now = deps.clock.now();
  if (!plan.stopRequestedAt) await repo.updatePlan(deps.db, plan.id, { stopRequestedAt: now, updatedAt: now });
  return { message: CM.stopRequested };
}

// ---------------------------------------------------------------- staff's changes

async function lockActive(tx: Db, id: number) {
  const plan = await repo.lockPlan(tx, id);
  if (!plan) throw planNotFound();
  if (plan.status !== 'ACTIVE') throw new ConflictError(CM.notActive, 'PLAN_NOT_ACTIVE');
  return plan;
}

const OPEN_FOR_END: readonly string[] = PLAN_VISIT_OPEN_STATUSES;

/** PUT /api/care-plans/{id}/stop: every visit still to come ends the one way a visit ends. */
export async function stopPlan(deps: CarePlanDeps, id: number, actor: Actor, body: { reason: string }) {
  const now = deps.clock.now();
  const day = today(deps);
  await deps.db.transaction(async (tx) => {
    await lockActive(tx, id);
    const visits = (await repo.visitsOfPlans(tx, [id])).get(id) ?? [];
    const ids = visits.flatMap((v) =>
      v.appointment && v.appointment.date >= day && OPEN_FOR_END.includes(v.appointment.status)
        ? [v.appointment.id]
        : [],
    );
    // One message to her for all of them: a plain cancellation listing the visits, with the stop's
    // reason (never the plan's name).
    const ended = await endVisits(
      deps,
      tx,
      ids,
      { by: { kind: 'actor', actor, refund: true }, reason: body.reason, untold: true },
      now,
    );
    await tellVisitsEnded(tx, ended, body.reason, now);
    await repo.updatePlan(tx, id, { status: 'STOPPED', stopReason: body.reason, stoppedAt: now, updatedAt: now });
  });
  return { message: CM.stopped, plan: await planView(deps, id) };
}

/** PUT /api/care-plans/{id}/visits/{visitId}/skip: its booked appointment, if any, ends as a stop's do. */
export async function skipVisit(
  deps: CarePlanDeps,
  id: number,
  visitId: number,
  actor: Actor,
  body: { reason: string },
) {
  const now = deps.clock.now();
  const day = today(deps);
  await deps.db.transaction(async (tx) => {
    await lockActive(tx, id);
    const visit = ((await repo.visitsOfPlans(tx, [id])).get(id) ?? []).find((v) => v.id === visitId);
    if (!visit) throw new NotFoundError(CM.invalidVisitId, 'VISIT_NOT_FOUND');
    const state = repo.visitState(
      visit,
      visit.appointment && { status: visit.appointment.status, appointmentDate: visit.appointment.date },
      day,
    );
    if (state === 'DONE' || state === 'SKIPPED') throw new ConflictError(CM.visitClosed, 'VISIT_CLOSED');
    if (visit.appointment && OPEN_FOR_END.includes(visit.appointment.status))
      await endVisits(
        deps,
        tx,
        [visit.appointment.id],
        { by: { kind: 'actor', actor, refund: true }, reason: body.reason },
        now,
      );
    await repo.updateVisit(tx, visitId, { skipReason: body.reason });
  });
  return { message: CM.skipped, plan: await planView(deps, id) };
}

/** POST /api/care-plans/{id}/visits: a milestone added, counted from the plan's anchor, left to book. */
export async function addVisit(deps: CarePlanDeps, id: number, body: AddVisit) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const plan = await lockActive(tx, id);
    const existing = new Set(((await repo.visitsOfPlans(tx, [id])).get(id) ?? []).map((v) => v.key));
    const added = planVisits([body], plan.anchor, plan.anchorDate).map((v) => ({
      ...v,
      key: existing.has(v.key) ? `${v.key}-${now.getTime().toString(36)}` : v.key,
    }));
    await repo.insertVisits(
      tx,
      added.map((v) => ({ planId: id, ...v, appointmentId: null, createdAt: now })),
    );
  });
  return { message: CM.added, plan: await planView(deps, id) };
}

/** A visit's window counted again from another anchor, as planVisits counts one. */
function windowFrom(anchor: CarePlanAnchor, anchorDate: string, v: { fromDay: number; toDay: number }) {
  const zero = dayZero(anchor, anchorDate);
  const windowStart = addDays(zero, v.fromDay);
  let windowEnd = addDays(zero, v.toDay);
  let allSundays = true;
  for (let d = windowStart; d <= windowEnd; d = addDays(d, 1)) if (!isSunday(d)) allSundays = false;
  if (allSundays) windowEnd = workingDayFrom(windowEnd);
  return { windowStart, windowEnd };
}

/** The visits still to come: not done, not skipped, whose appointment (if any) has not taken place. */
async function remaining(tx: Db, id: number, day: string) {
  const visits = (await repo.visitsOfPlans(tx, [id])).get(id) ?? [];
  return visits.filter((v) => {
    const state = repo.visitState(
      v,
      v.appointment && { status: v.appointment.status, appointmentDate: v.appointment.date },
      day,
    );
    return (state === 'BOOKED' || state === 'TO_BOOK' || state === 'MISSED') && v.windowEnd >= day;
  });
}

export async function redateProposal(
  deps: CarePlanDeps,
  id: number,
  body: { anchor: CarePlanAnchor; anchorDate: string },
) {
  const plan = await repo.findPlan(deps.db, id);
  if (!plan) throw planNotFound();
  if (plan.status !== 'ACTIVE') throw new ConflictError(CM.notActive, 'PLAN_NOT_ACTIVE');
  assertAnchor(plan.kind, body.anchor, body.anchorDate, today(deps));
  const visits = await remaining(deps.db, id, today(deps));
  const planned = visits.map((v) => ({
    key: v.key,
    label: v.label,
    department: v.department as PlannedVisit['department'],
    fromDay: v.fromDay,
    toDay: v.toDay,
    ...windowFrom(body.anchor, body.anchorDate, v),
  }));
  const proposed = await propose(deps, planned, body.anchor, body.anchorDate, plan.preferences ?? {});
  return {
    visits: proposed.map((p, i) => {
      const a = visits[i]!.appointment;
      // A visit already booked inside its new window stays where it is.
      if (
        a &&
        a.date >= p.windowStart &&
        a.date <= p.windowEnd &&
        !(INACTIVE_STATUSES as readonly string[]).includes(a.status)
      )
        return {
          ...p,
          visitId: visits[i]!.id,
          proposal: {
            date: a.date,
            time: a.time,
            doctorId: null,
            doctorName: a.doctorName,
            dayText: planDayText(body.anchor, body.anchorDate, a.date),
          },
          unbookable: null,
        };
      return { ...p, visitId: visits[i]!.id };
    }),
  };
}

function assertAnchor(kind: CarePlanKind, anchor: CarePlanAnchor, anchorDate: string, day: string) {
  if (!ANCHORS_OF_KIND[kind].includes(anchor)) throw new BadRequestError(CM.anchorNotAllowed, 'ANCHOR_NOT_ALLOWED');
  if (Math.abs(daysBetween(day, anchorDate)) > 366)
    throw new BadRequestError(CM.anchorOutOfRange, 'ANCHOR_OUT_OF_RANGE');
}

/**
 * POST /api/care-plans/{id}/redate/request: a doctor's re-dating (a dating scan moved the due date)
 * waits for the desk. Checked as a re-dating is (the anchor, each slot inside its new window), then
 * kept on the plan; nothing moves and she is told nothing until the desk confirms (redatePlan).
 * Asking again replaces what waited.
 */
export async function askRedate(deps: CarePlanDeps, id: number, actor: Actor, body: RedateInput) {
  const now = deps.clock.now();
  const day = today(deps);
  await deps.db.transaction(async (tx) => {
    const plan = await lockActive(tx, id);
    assertAnchor(plan.kind, body.anchor, body.anchorDate, day);
    const visits = new Map((await remaining(tx, id, day)).map((v) => [v.id, v]));
    for (const m of body.visits ?? []) {
      const v = visits.get(m.visitId);
      if (!v) throw new BadRequestError(CM.visitsMismatch, 'VISITS_MISMATCH');
      const window = windowFrom(body.anchor, body.anchorDate, v);
      if (m.date && (m.date < window.windowStart || m.date > window.windowEnd)) throw outsideWindow(window);
    }
    await repo.updatePlan(tx, id, {
      pendingRedate: {
        anchor: body.anchor,
        anchorDate: body.anchorDate,
        visits: (body.visits ?? []).map((m) => ({ visitId: m.visitId, date: m.date ?? null, time: m.time ?? null })),
      },
      pendingRedateBy: actor.id,
      pendingRedateAt: now,
      updatedAt: now,
    });
  });
  return { message: CM.redateAsked, plan: await planView(deps, id) };
}

/** DELETE /api/care-plans/{id}/redate/request: the desk turns a doctor's re-dating down; the plan stays. */
export async function declineRedate(deps: CarePlanDeps, id: number) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const plan = await lockActive(tx, id);
    if (!plan.pendingRedate) throw new ConflictError(CM.noPendingRedate, 'NO_PENDING_REDATE');
    await repo.updatePlan(tx, id, {
      pendingRedate: null,
      pendingRedateBy: null,
      pendingRedateAt: null,
      updatedAt: now,
    });
  });
  return { message: CM.redateDeclined, plan: await planView(deps, id) };
}

/**
 * POST /api/care-plans/{id}/redate: the anchor moves, the windows of the visits still to come are
 * counted again, their appointments move to the slots staff confirmed (one transaction, in the global
 * order of slots), and she is told once of all the changes.
 */
export async function redatePlan(deps: CarePlanDeps, id: number, actor: Actor, body: RedateInput) {
  const now = deps.clock.now();
  const day = today(deps);
  await deps.db.transaction(async (tx) => {
    const plan = await lockActive(tx, id);
    assertAnchor(plan.kind, body.anchor, body.anchorDate, day);
    const visits = await remaining(tx, id, day);
    const moves = new Map((body.visits ?? []).map((m) => [m.visitId, m]));
    const toMove: Move[] = [];
    for (const v of visits) {
      const window = windowFrom(body.anchor, body.anchorDate, v);
      await repo.updateVisit(tx, v.id, window);
      const move = moves.get(v.id);
      const a = v.appointment;
      if (!a || (INACTIVE_STATUSES as readonly string[]).includes(a.status) || !move?.date || !move.time) continue;
      if (move.date < window.windowStart || move.date > window.windowEnd) throw outsideWindow(window);
      if (move.date === a.date && move.time === a.time) continue;
      toMove.push({
        appointmentId: a.id,
        date: move.date,
        time: move.time,
        department: v.department,
        from: { date: a.date, time: a.time },
      });
    }
    // Every slot's lock first, in the one order; then the moves in the order they free each other's slots.
    await lockSlotsInOrder(
      tx,
      toMove.map((m) => ({ appointmentDate: m.date, appointmentTime: m.time, department: m.department })),
    );
    const lines: string[] = [];
    let first: number | null = null;
    for (const m of movesInOrder(toMove)) {
      try {
        const { before, after } = await moveVisit(
          deps,
          tx,
          m.appointmentId,
          { appointmentDate: m.date, appointmentTime: m.time },
          actor,
          now,
        );
        first ??= m.appointmentId;
        lines.push(
          `Lịch hẹn ${before.appointmentTime} ${formatDate(before.appointmentDate)} chuyển sang ${after.appointmentTime} ${formatDate(after.appointmentDate)}`,
        );
      } catch (error) {
        if (error instanceof ConflictError) throw new ConflictError(CM.slotTaken, error.code);
        throw error;
      }
    }
    // A doctor's re-dating that waited is done with (this one is the desk's word on it).
    await repo.updatePlan(tx, id, {
      anchor: body.anchor,
      anchorDate: body.anchorDate,
      pendingRedate: null,
      pendingRedateBy: null,
      pendingRedateAt: null,
      updatedAt: now,
    });
    // One message for all the moves (the update notice of her first moved visit), never the plan's name.
    if (first != null) await tellVisitsMoved(tx, first, lines, now);
  });
  return { message: CM.redated, plan: await planView(deps, id) };
}

type Move = {
  appointmentId: number;
  date: string;
  time: string;
  department: string;
  from: { date: string; time: string };
};

/**
 * The moves of a re-dating, each after the one leaving the slot it goes to: a due date a week later
 * moves every weekly visit into the slot of the next one, which she still holds until that one moves
 * (her own two visits in one slot are refused). Otherwise, and in a circle, the slots' order.
 */
function movesInOrder(moves: readonly Move[]): Move[] {
  const slot = (d: { date: string; time: string }, department: string) => `${d.date} ${d.time} ${department}`;
  const left = [...moves].sort(slotOrder);
  const ordered: Move[] = [];
  while (left.length > 0) {
    const held = new Set(left.map((m) => slot(m.from, m.department)));
    const i = left.findIndex((m) => !held.has(slot(m, m.department)));
    ordered.push(...left.splice(i === -1 ? 0 : i, 1));
  }
  return ordered;
}

// ---------------------------------------------------------------- the day's upkeep

/**
 * A plan whose milestones' windows have all passed, with no visit still to come, is COMPLETED (the
 * dashboard's running plans and the desk's list count only those still running). Run by the
 * background jobs; how many completed.
 */
export async function completeFinishedPlans(deps: Pick<AppDeps, 'db' | 'clock' | 'timeZone'>): Promise<number> {
  return repo.completeFinishedPlans(deps.db, today(deps), PLAN_VISIT_OPEN_STATUSES, deps.clock.now());
}

// ---------------------------------------------------------------- for the appointments module

/** deps.carePlans: the window of the plan visit an appointment was booked for (active plans only). */
export const carePlanWindows: CarePlanWindows = {
  async windowOf(db, appointmentId) {
    const visit = await repo.visitOfAppointment(db, appointmentId);
    if (!visit) return null;
    const plan = await repo.findPlan(db, visit.planId);
    if (plan?.status !== 'ACTIVE') return null;
    return { windowStart: visit.windowStart, windowEnd: visit.windowEnd };
  },
};

/**
 * A deletion request carried out (the privacy module, in its transaction): she is taken off her plans
 * and a running one stops; its visits still to come were ended with her other open visits.
 */
export async function erasePersonFromPlans(
  tx: Db,
  who: repo.PlanPerson,
  erased: { name: string; reason: string },
  now: Date,
): Promise<number> {
  return repo.erasePlansOf(tx, who, erased, now);
}

/** Her plans' visits still to come, for the erasure to end with her other open visits. */
export async function openVisitsOfPersonPlans(tx: Db, who: repo.PlanPerson): Promise<number[]> {
  return repo.openVisitsOfPlansOf(tx, who, PLAN_VISIT_OPEN_STATUSES);
}

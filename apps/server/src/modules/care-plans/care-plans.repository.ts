import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  INACTIVE_STATUSES,
  PLAN_VISIT_DONE_STATUSES,
  PLAN_VISIT_TAKEN_STATUSES,
  type AppointmentStatus,
  type CarePlanKind,
  type CarePlanStatus,
  type PlanVisitState,
} from '@clinic/shared';
import { rowsOf, type Db } from '../../db/client';
import { literalList } from '../../db/sql-lists';
import {
  appointments,
  carePlans,
  carePlanTemplates,
  carePlanTemplateVersions,
  carePlanVisits,
  users,
  type CarePlanRow,
  type CarePlanTemplateRow,
  type CarePlanVisitRow,
} from '../../db/schema';

// Care plans' tables (issue 37). A visit's state is read from its appointment's status (visitState),
// never stored twice.

/** A visit's state, in SQL, from its row `v`, its appointment `a` and today's date. */
export function visitStateSql(today: string): SQL {
  return sql`case
    when v.skip_reason is not null then 'SKIPPED'
    when a.id is null then case when v.window_end < ${today}::date then 'MISSED' else 'TO_BOOK' end
    when a.status in (${literalList(PLAN_VISIT_DONE_STATUSES)}) then 'DONE'
    when a.status = 'PAID' and a.appointment_date < ${today}::date then 'DONE'
    when a.status in (${literalList(INACTIVE_STATUSES)}) then 'MISSED'
    else 'BOOKED' end`;
}

/** The same in code, for a visit read with its appointment. */
export function visitState(
  v: { skipReason: string | null; windowEnd: string },
  a: { status: AppointmentStatus; appointmentDate: string } | null,
  today: string,
): PlanVisitState {
  if (v.skipReason != null) return 'SKIPPED';
  if (!a) return v.windowEnd < today ? 'MISSED' : 'TO_BOOK';
  if ((PLAN_VISIT_DONE_STATUSES as readonly string[]).includes(a.status)) return 'DONE';
  if (a.status === 'PAID' && a.appointmentDate < today) return 'DONE';
  if ((INACTIVE_STATUSES as readonly string[]).includes(a.status)) return 'MISSED';
  return 'BOOKED';
}

// ---------------------------------------------------------------- templates

export async function listTemplates(db: Db, activeOnly: boolean) {
  const result = await db.execute(sql`select t.*, (select count(*)::int from ${carePlans} p
      where p.template_id = t.id and p.status = 'ACTIVE') as "plansRunning"
    from ${carePlanTemplates} t ${activeOnly ? sql`where t.active` : sql``} order by t.id`);
  return rowsOf<Record<string, unknown>>(result).map(templateOfRaw);
}

export async function findTemplate(db: Db, id: number) {
  const rows = await db.select().from(carePlanTemplates).where(eq(carePlanTemplates.id, id)).limit(1);
  return rows[0];
}

export async function lockTemplate(db: Db, id: number) {
  const rows = await db.select().from(carePlanTemplates).where(eq(carePlanTemplates.id, id)).for('update');
  return rows[0];
}

export async function countRunning(db: Db, templateId: number): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from ${carePlans} where template_id = ${templateId} and status = 'ACTIVE'`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

type TemplateFields = Pick<CarePlanTemplateRow, 'name' | 'kind' | 'anchors' | 'milestones' | 'active'>;

export async function insertTemplate(db: Db, t: TemplateFields, actorId: number, now: Date) {
  const [row] = await db
    .insert(carePlanTemplates)
    .values({ ...t, version: 1, example: false, createdAt: now, updatedAt: now })
    .returning();
  await insertVersion(db, row!, actorId, now);
  return row!;
}

export async function updateTemplate(
  db: Db,
  id: number,
  t: TemplateFields,
  version: number,
  actorId: number,
  now: Date,
) {
  const [row] = await db
    .update(carePlanTemplates)
    .set({ ...t, version, example: false, updatedAt: now })
    .where(eq(carePlanTemplates.id, id))
    .returning();
  await insertVersion(db, row!, actorId, now);
  return row!;
}

async function insertVersion(db: Db, row: CarePlanTemplateRow, actorId: number, now: Date) {
  await db.insert(carePlanTemplateVersions).values({
    templateId: row.id,
    version: row.version,
    name: row.name,
    kind: row.kind,
    anchors: row.anchors,
    milestones: row.milestones,
    createdBy: actorId,
    createdAt: now,
  });
}

function templateOfRaw(r: Record<string, unknown>) {
  return {
    id: r.id as number,
    name: r.name as string,
    kind: r.kind as CarePlanKind,
    anchors: r.anchors as CarePlanTemplateRow['anchors'],
    milestones: r.milestones as CarePlanTemplateRow['milestones'],
    version: r.version as number,
    example: r.example as boolean,
    active: r.active as boolean,
    plansRunning: Number(r.plansRunning ?? 0),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

// ---------------------------------------------------------------- plans

export async function userIdOfEmail(db: Db, email: string | null): Promise<number | null> {
  if (!email) return null;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.role, 'PATIENT')))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertPlan(db: Db, plan: typeof carePlans.$inferInsert) {
  const [row] = await db.insert(carePlans).values(plan).returning();
  return row!;
}

export async function insertVisits(db: Db, visits: (typeof carePlanVisits.$inferInsert)[]) {
  if (visits.length === 0) return [];
  return db.insert(carePlanVisits).values(visits).returning();
}

export async function findPlan(db: Db, id: number): Promise<CarePlanRow | undefined> {
  const rows = await db.select().from(carePlans).where(eq(carePlans.id, id)).limit(1);
  return rows[0];
}

/** The names of the users who asked for something on plans (a re-dating), by id. */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.flatMap((r) => (r.fullName ? [[r.id, r.fullName] as const] : [])));
}

/**
 * Running plans that are over: every milestone's window has ended before today and no visit of theirs
 * is still to come (an open appointment on or after today). They become COMPLETED; how many did.
 */
export async function completeFinishedPlans(db: Db, today: string, open: readonly string[], now: Date) {
  const result = await db.execute(sql`update ${carePlans} p set status = 'COMPLETED', updated_at = ${now}
    where p.status = 'ACTIVE'
      and not exists (select 1 from ${carePlanVisits} v where v.plan_id = p.id and v.window_end >= ${today}::date)
      and not exists (select 1 from ${carePlanVisits} v join appointments a on a.id = v.appointment_id
        where v.plan_id = p.id and a.appointment_date >= ${today}::date and a.status in (${literalList(open)}))
      and exists (select 1 from ${carePlanVisits} v where v.plan_id = p.id)
    returning p.id`);
  return rowsOf<{ id: number }>(result).length;
}

export async function lockPlan(db: Db, id: number): Promise<CarePlanRow | undefined> {
  const rows = await db.select().from(carePlans).where(eq(carePlans.id, id)).for('update');
  return rows[0];
}

export async function updatePlan(db: Db, id: number, patch: Partial<typeof carePlans.$inferInsert>) {
  const [row] = await db.update(carePlans).set(patch).where(eq(carePlans.id, id)).returning();
  return row!;
}

export async function updateVisit(db: Db, id: number, patch: Partial<typeof carePlanVisits.$inferInsert>) {
  await db.update(carePlanVisits).set(patch).where(eq(carePlanVisits.id, id));
}

export type VisitWithAppointment = CarePlanVisitRow & {
  appointment: {
    id: number;
    date: string;
    time: string;
    status: AppointmentStatus;
    doctorName: string | null;
    doctorId: number | null;
  } | null;
};

/** The visits of these plans with their appointments, in window order. */
export async function visitsOfPlans(db: Db, planIds: number[]): Promise<Map<number, VisitWithAppointment[]>> {
  const out = new Map<number, VisitWithAppointment[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return out;
  const result = await db.execute(sql`select v.id, v.plan_id as "planId", v.key, v.label, v.department,
      v.from_day as "fromDay", v.to_day as "toDay", v.window_start::text as "windowStart",
      v.window_end::text as "windowEnd", v.appointment_id as "appointmentId", v.skip_reason as "skipReason",
      v.created_at as "createdAt", a.appointment_date::text as "aDate", a.appointment_time as "aTime",
      a.status as "aStatus", coalesce(d.full_name, d.username) as "doctorName", a.doctor_id as "doctorId"
    from ${carePlanVisits} v
    left join appointments a on a.id = v.appointment_id
    left join users d on d.id = a.doctor_id
    where v.plan_id in (${sql.join(
      planIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by v.window_start, v.id`);
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    const visit = {
      id: r.id as number,
      planId: r.planId as number,
      key: r.key as string,
      label: r.label as string,
      department: r.department as string,
      fromDay: r.fromDay as number,
      toDay: r.toDay as number,
      windowStart: r.windowStart as string,
      windowEnd: r.windowEnd as string,
      appointmentId: (r.appointmentId as number | null) ?? null,
      skipReason: (r.skipReason as string | null) ?? null,
      createdAt: new Date(r.createdAt as string),
      appointment:
        r.appointmentId != null
          ? {
              id: r.appointmentId as number,
              date: r.aDate as string,
              time: r.aTime as string,
              status: r.aStatus as AppointmentStatus,
              doctorName: (r.doctorName as string | null) ?? null,
              doctorId: (r.doctorId as number | null) ?? null,
            }
          : null,
    };
    out.get(visit.planId)?.push(visit);
  }
  return out;
}

export async function plansByIds(db: Db, ids: number[]): Promise<CarePlanRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(carePlans)
    .where(
      sql`${carePlans.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(carePlans.id));
}

export async function plansOfUser(db: Db, userId: number): Promise<CarePlanRow[]> {
  return db.select().from(carePlans).where(eq(carePlans.userId, userId)).orderBy(asc(carePlans.id));
}

/** The plan visit an appointment was booked for. */
export async function visitOfAppointment(db: Db, appointmentId: number) {
  const rows = await db.select().from(carePlanVisits).where(eq(carePlanVisits.appointmentId, appointmentId)).limit(1);
  return rows[0];
}

export type PlanListFilter = {
  kind?: CarePlanKind;
  status?: CarePlanStatus;
  nextBefore?: string;
  q?: string;
  doctorId?: number;
};

/** One page of plans, newest first, with each plan's next milestone (filtered and paged in SQL). */
export async function listPlans(db: Db, f: PlanListFilter, today: string, page: number, size: number) {
  const where: SQL[] = [sql`true`];
  if (f.kind) where.push(sql`p.kind = ${f.kind}`);
  if (f.status) where.push(sql`p.status = ${f.status}`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(p.full_name ilike ${like} or p.phone like ${like})`);
  }
  if (f.doctorId != null)
    where.push(sql`exists (select 1 from ${carePlanVisits} dv join appointments da on da.id = dv.appointment_id
      where dv.plan_id = p.id and da.doctor_id = ${f.doctorId})`);
  if (f.nextBefore) where.push(sql`n.window_start <= ${f.nextBefore}::date`);
  const state = visitStateSql(today);
  // The plan's next milestone: the first visit still to come that has not taken place.
  const nextVisit = sql`select v.label, v.window_start, v.window_end, ${state} as state, a.appointment_date::text as date
      from ${carePlanVisits} v left join appointments a on a.id = v.appointment_id
      where v.plan_id = p.id and v.skip_reason is null and v.window_end >= ${today}::date
        and (a.id is null or a.status not in (${literalList(PLAN_VISIT_DONE_STATUSES)}))
      order by v.window_start, v.id limit 1`;
  const result = await db.execute(sql`select p.id, p.name, p.kind, p.status, p.full_name as "fullName",
      p.phone, p.anchor, p.anchor_date::text as "anchorDate", p.stop_requested_at as "stopRequestedAt",
      p.pending_redate_at as "pendingRedateAt", n.label as "nLabel", n.window_start::text as "nStart", n.window_end::text as "nEnd", n.state as "nState",
      n.date as "nDate", count(*) over() as total
    from ${carePlans} p
    left join lateral (${nextVisit}) n on true
    where ${sql.join(where, sql` and `)}
    order by p.id desc
    limit ${size} offset ${(page - 1) * size}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  if (rows.length > 0 || page === 1) return { rows, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
  // A page past the end still says how many there are.
  const counted = await db.execute(sql`select count(*)::int as n from ${carePlans} p
    left join lateral (${nextVisit}) n on true
    where ${sql.join(where, sql` and `)}`);
  return { rows, total: rowsOf<{ n: number }>(counted)[0]!.n };
}

/** The desk's call-back list: active plans' visits due within `days` with none booked, or missed with none booked. */
export async function callBackVisits(db: Db, today: string, until: string) {
  const state = visitStateSql(today);
  const result = await db.execute(sql`select * from (
      select p.id as "planId", v.id as "visitId", p.name as "planName", p.full_name as "fullName", p.phone,
        v.label, v.window_start::text as "windowStart", v.window_end::text as "windowEnd", ${state} as state
      from ${carePlanVisits} v
      join ${carePlans} p on p.id = v.plan_id
      left join appointments a on a.id = v.appointment_id
      where p.status = 'ACTIVE' and v.window_start <= ${until}::date and v.skip_reason is null
    ) x where x.state in ('TO_BOOK', 'MISSED')
    order by x."windowStart", x."visitId"
    limit 500`);
  return rowsOf<{
    planId: number;
    visitId: number;
    planName: string;
    fullName: string;
    phone: string;
    label: string;
    windowStart: string;
    windowEnd: string;
    state: 'TO_BOOK' | 'MISSED';
  }>(result);
}

/** Plans running by kind; this month's milestone visits that took place, and how many inside their window. */
export async function planSummary(db: Db, monthStart: string, monthEnd: string) {
  const running = rowsOf<{ kind: CarePlanKind; n: number }>(
    await db.execute(sql`select kind, count(*)::int as n from ${carePlans} where status = 'ACTIVE' group by kind`),
  );
  const month = rowsOf<{ done: number; inWindow: number }>(
    await db.execute(sql`select count(*)::int as done,
        count(*) filter (where a.appointment_date between v.window_start and v.window_end)::int as "inWindow"
      from ${carePlanVisits} v join appointments a on a.id = v.appointment_id
      where a.appointment_date between ${monthStart}::date and ${monthEnd}::date
        and a.status in (${literalList(PLAN_VISIT_TAKEN_STATUSES)})`),
  )[0]!;
  return { running, month };
}

/** Whose plans an erasure reaches: those holding one of her appointments, or her account, e-mails or phones. */
export type PlanPerson = { appointmentIds: number[]; userId: number | null; emails: string[]; phones: string[] };

/**
 * Takes the person off her plans (docs/PRODUCT.md §12): name, phone, e-mail and account; the reasons
 * written about her (a stop's, a skip's) become the erasure's words; a running plan stops. The rows and
 * their visits stay, so the plans' counts do not change.
 */
function planReach(db: Db, who: PlanPerson): SQL | undefined {
  const reach: SQL[] = [];
  if (who.appointmentIds.length > 0)
    reach.push(
      inArray(
        carePlans.id,
        db
          .select({ id: carePlanVisits.planId })
          .from(carePlanVisits)
          .where(inArray(carePlanVisits.appointmentId, who.appointmentIds)),
      ),
    );
  if (who.userId != null) reach.push(eq(carePlans.userId, who.userId));
  if (who.emails.length > 0) reach.push(inArray(carePlans.email, who.emails));
  if (who.phones.length > 0) reach.push(inArray(carePlans.phone, who.phones));
  return reach.length === 0 ? undefined : or(...reach);
}

/** Her plans' visits still to come (booked, not yet taken place): an erasure ends them with the plan. */
export async function openVisitsOfPlansOf(db: Db, who: PlanPerson, open: readonly string[]): Promise<number[]> {
  const reach = planReach(db, who);
  if (!reach) return [];
  const rows = await db
    .select({ id: appointments.id })
    .from(carePlanVisits)
    .innerJoin(carePlans, eq(carePlans.id, carePlanVisits.planId))
    .innerJoin(appointments, eq(appointments.id, carePlanVisits.appointmentId))
    .where(and(reach, inArray(appointments.status, [...open] as AppointmentStatus[])));
  return rows.map((r) => r.id);
}

export async function erasePlansOf(db: Db, who: PlanPerson, erased: { name: string; reason: string }, now: Date) {
  const reach = planReach(db, who);
  if (!reach) return 0;
  const rows = await db
    .update(carePlans)
    .set({
      fullName: erased.name,
      phone: '',
      email: null,
      userId: null,
      stopReason: erased.reason,
      status: sql`case when ${carePlans.status} = 'ACTIVE' then 'STOPPED' else ${carePlans.status} end`,
      updatedAt: now,
    })
    .where(reach)
    .returning({ id: carePlans.id });
  const ids = rows.map((r) => r.id);
  if (ids.length > 0)
    await db
      .update(carePlanVisits)
      .set({ skipReason: erased.reason })
      .where(and(inArray(carePlanVisits.planId, ids), isNotNull(carePlanVisits.skipReason)));
  return ids.length;
}

/**
 * Whose plan it is, for the access log: her e-mail and name on the plan, and the first of its visits'
 * appointments still holding her details (the log is looked up by e-mail or appointment; a plan of
 * hers with no e-mail is found through it).
 */
export async function personOfPlan(db: Db, id: number) {
  const result = await db.execute(sql`select p.email, p.full_name as "fullName",
      (select v.appointment_id from ${carePlanVisits} v join appointments a on a.id = v.appointment_id
        where v.plan_id = p.id and a.deidentified_at is null
        order by v.window_start, v.id limit 1) as "appointmentId"
    from ${carePlans} p where p.id = ${id}`);
  return rowsOf<{ email: string | null; fullName: string; appointmentId: number | null }>(result)[0];
}

/**
 * The plans past their retention (docs/PRIVACY.md), not yet de-identified (an erased or de-identified
 * plan has no phone): one with a visit that took place once its last such visit is before
 * `medicalBefore` and its last window has ended; one with none once its last day (its last window's
 * end, or the day it stopped if later) is before `unvisitedBefore`.
 */
export async function plansPastRetention(
  db: Db,
  r: { today: string; medicalBefore: string; unvisitedBefore: string; timeZone: string },
): Promise<number[]> {
  const result = await db.execute(sql`select id from (
      select p.id,
        (select max(a.appointment_date) from ${carePlanVisits} v join appointments a on a.id = v.appointment_id
          where v.plan_id = p.id and a.status in (${literalList(PLAN_VISIT_TAKEN_STATUSES)})) as last_visit,
        coalesce(greatest((select max(v.window_end) from ${carePlanVisits} v where v.plan_id = p.id),
                          (p.stopped_at at time zone ${r.timeZone})::date),
                 (p.created_at at time zone ${r.timeZone})::date) as last_day
      from ${carePlans} p
      where p.phone <> ''
    ) x
    where case when x.last_visit is not null
      then x.last_visit < ${r.medicalBefore}::date and x.last_day < ${r.today}::date
      else x.last_day < ${r.unvisitedBefore}::date end
    order by id`);
  return rowsOf<{ id: number }>(result).map((x) => x.id);
}

/**
 * Takes the person off these plans for good (the retention job): her name, phone, e-mail, account and
 * preferences; the reasons written about her (a stop's, a skip's) become the job's words; a re-dating
 * waiting goes; a plan still marked running (its last window long ended) is completed. The rows and their
 * visits stay, so the counts do not change.
 */
export async function deidentifyPlans(db: Db, ids: number[], words: { name: string; reason: string }, now: Date) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(carePlans)
    .set({
      fullName: words.name,
      phone: '',
      email: null,
      userId: null,
      preferences: {},
      stopReason: sql`case when ${carePlans.stopReason} is null then null else ${words.reason}::text end`,
      pendingRedate: null,
      pendingRedateBy: null,
      pendingRedateAt: null,
      status: sql`case when ${carePlans.status} = 'ACTIVE' then 'COMPLETED' else ${carePlans.status} end`,
      updatedAt: now,
    })
    .where(inArray(carePlans.id, ids))
    .returning({ id: carePlans.id });
  await db
    .update(carePlanVisits)
    .set({ skipReason: words.reason })
    .where(and(inArray(carePlanVisits.planId, ids), isNotNull(carePlanVisits.skipReason)));
  return rows.length;
}

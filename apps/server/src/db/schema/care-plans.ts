import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  CARE_PLAN_ANCHORS,
  CARE_PLAN_KINDS,
  CARE_PLAN_STATUSES,
  type CarePlanAnchor,
  type CarePlanPreferences,
  type CarePlanRedateRequest,
  type MilestoneTemplate,
} from '@clinic/shared';
import { inList } from './checks';
import { appointments } from './appointments';
import { departments } from './departments';
import { users } from './users';

/**
 * A care plan's template (issue 37, docs/PRODUCT.md §15): its current version. Editing it writes a new
 * version (care_plan_template_versions keeps each); a running plan names the version it started with,
 * and its visits carry their own windows, so an edit never moves them.
 */
export const carePlanTemplates = pgTable(
  'care_plan_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind', { enum: CARE_PLAN_KINDS }).notNull(),
    anchors: jsonb('anchors').$type<CarePlanAnchor[]>().notNull(),
    milestones: jsonb('milestones').$type<MilestoneTemplate[]>().notNull(),
    version: integer('version').notNull().default(1),
    /** One of the product's example plans, for the clinic's doctors to review. */
    example: boolean('example').notNull().default(false),
    /** Whether new plans may use it. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('care_plan_templates_kind_check', inList(t.kind, CARE_PLAN_KINDS))],
);
export type CarePlanTemplateRow = typeof carePlanTemplates.$inferSelect;

/** Every version a template had, as it was: what a plan started from it was counted with. */
export const carePlanTemplateVersions = pgTable(
  'care_plan_template_versions',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => carePlanTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: CARE_PLAN_KINDS }).notNull(),
    anchors: jsonb('anchors').$type<CarePlanAnchor[]>().notNull(),
    milestones: jsonb('milestones').$type<MilestoneTemplate[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

/** A plan started for a woman from an anchor date: who she is, how it is counted, whether it runs. */
export const carePlans = pgTable(
  'care_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => carePlanTemplates.id),
    templateVersion: integer('template_version').notNull(),
    /** The template's name and kind at its version, kept with the plan. */
    name: text('name').notNull(),
    kind: text('kind', { enum: CARE_PLAN_KINDS }).notNull(),
    anchor: text('anchor', { enum: CARE_PLAN_ANCHORS }).notNull(),
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: CARE_PLAN_STATUSES }).notNull().default('ACTIVE'),
    stopReason: text('stop_reason'),
    /** She asked the clinic to stop it (mine, or her private link); the plan runs until staff stop it. */
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true, mode: 'date' }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'date' }),
    /**
     * A re-dating a doctor asked for (a dating scan moved the due date), waiting for the desk to
     * confirm the moves: the new anchor and the slots he saw proposed. Null when none waits.
     */
    pendingRedate: jsonb('pending_redate').$type<CarePlanRedateRequest>(),
    pendingRedateBy: integer('pending_redate_by').references(() => users.id, { onDelete: 'set null' }),
    pendingRedateAt: timestamp('pending_redate_at', { withTimezone: true, mode: 'date' }),
    fullName: text('full_name').notNull(),
    /** Digits only, as an appointment's. */
    phone: text('phone').notNull(),
    /** Lower case. */
    email: text('email'),
    /** The patient account whose e-mail is hers, when there is one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    preferences: jsonb('preferences').$type<CarePlanPreferences>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first, by status and kind.
    index('care_plans_status_kind_idx').on(t.status, t.kind, t.id),
    index('care_plans_user_idx').on(t.userId),
    index('care_plans_phone_idx').on(t.phone),
    check('care_plans_status_check', inList(t.status, CARE_PLAN_STATUSES)),
    check('care_plans_kind_check', inList(t.kind, CARE_PLAN_KINDS)),
    check('care_plans_anchor_check', inList(t.anchor, CARE_PLAN_ANCHORS)),
  ],
);
export type CarePlanRow = typeof carePlans.$inferSelect;

/**
 * A visit of a plan: a milestone (or one repetition of it), its window of dates, and the appointment
 * booked for it. Its state (done, booked, to book, missed) is read from that appointment's status, not
 * kept twice; skipped is the doctor's, with a reason.
 */
export const carePlanVisits = pgTable(
  'care_plan_visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    department: text('department')
      .notNull()
      .references(() => departments.code, { onUpdate: 'cascade' }),
    /** The window in the anchor's counting: re-dating the plan recomputes the dates from these. */
    fromDay: integer('from_day').notNull(),
    toDay: integer('to_day').notNull(),
    windowStart: date('window_start', { mode: 'string' }).notNull(),
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    skipReason: text('skip_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('care_plan_visits_plan_idx').on(t.planId, t.windowStart),
    // The call-back list walks the windows by their start.
    index('care_plan_visits_window_idx').on(t.windowStart),
    // "The plan of an appointment".
    index('care_plan_visits_appointment_idx')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null`),
    check('care_plan_visits_window_check', sql`${t.windowStart} <= ${t.windowEnd}`),
  ],
);
export type CarePlanVisitRow = typeof carePlanVisits.$inferSelect;

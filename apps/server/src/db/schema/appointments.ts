import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES, OPEN_WAITING_STATUSES, WAITING_STATUSES } from '@clinic/shared';
import { inList } from './checks';
import { departments } from './departments';
import { users } from './users';

export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    /** Digits only, Vietnamese form: "0912345678". */
    phone: text('phone').notNull(),
    /** Lower case. */
    email: text('email'),
    /**
     * The citizen identification number the desk recorded for a booking without an account (12 digits;
     * issue 38): with an account it is kept on the account instead (docs/PRODUCT.md). Health data.
     */
    citizenId: text('citizen_id'),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    /** HH:MM, one of the 16 slots. */
    appointmentTime: text('appointment_time').notNull(),
    department: text('department')
      .notNull()
      .references(() => departments.code, { onUpdate: 'cascade' }),
    reason: text('reason'),
    notes: text('notes'),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('PENDING'),
    doctorId: integer('doctor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The patient account the booking belongs to, when a signed-in patient booked it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentCompleted: boolean('payment_completed').notNull().default(false),
    /** Đồng. */
    paymentAmount: bigint('payment_amount', { mode: 'number' }),
    refundRequired: boolean('refund_required').notNull().default(false),
    /**
     * The deposit a public booking was asked to hold its slot (issue 28), in đồng; null: none. While
     * deposit_paid_at is null and deposit_due_at has passed, the deposit job cancels the booking and
     * its place goes to the waiting list. Paid, it counts toward the visit's payment.
     */
    depositAmount: bigint('deposit_amount', { mode: 'number' }),
    depositDueAt: timestamp('deposit_due_at', { withTimezone: true, mode: 'date' }),
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    patientStatus: text('patient_status'),
    doctorResponse: text('doctor_response'),
    /**
     * What the doctor wrote for the patient when accepting (issue 25): shown to her, unlike
     * doctor_response (a decline's reason is for the staff). Cleared when the visit goes to another doctor.
     */
    doctorMessage: text('doctor_message'),
    doctorNotifiedAt: timestamp('doctor_notified_at', { withTimezone: true, mode: 'date' }),
    followUpOfId: integer('follow_up_of_id').references((): AnyPgColumn => appointments.id, { onDelete: 'set null' }),
    /** Name, phone and e-mail folded to lower case without accents: "nguyen" finds "Nguyễn". */
    searchText: text('search_text').notNull().default(''),
    emailSent: boolean('email_sent').notNull().default(false),
    reminderSent: boolean('reminder_sent').notNull().default(false),
    /**
     * A medical record kept after its patient asked for deletion (issue 26): only the treating doctor
     * and ADMIN open it.
     */
    restricted: boolean('restricted').notNull().default(false),
    /** When its person's details were erased (a deletion, or retention of a booking that never became a visit). */
    deidentifiedAt: timestamp('deidentified_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Each list order and filter of the back-office walks one of these instead of sorting the table
    // (read backwards for the descending orders); status and id ride along so the page's ids come
    // from the index alone. The slot index also answers the capacity and one-person checks.
    index('appointments_slot_idx').on(t.appointmentDate, t.appointmentTime, t.department, t.status, t.id),
    index('appointments_status_date_idx').on(t.status, t.appointmentDate, t.appointmentTime, t.id),
    index('appointments_status_created_idx').on(t.status, t.createdAt, t.id),
    index('appointments_doctor_date_idx').on(t.doctorId, t.appointmentDate, t.appointmentTime, t.id),
    index('appointments_doctor_status_idx').on(t.doctorId, t.status, t.appointmentDate, t.appointmentTime, t.id),
    index('appointments_user_date_idx').on(t.userId, t.appointmentDate),
    index('appointments_department_date_idx').on(t.department, t.appointmentDate),
    index('appointments_created_idx').on(t.createdAt, t.id),
    // The name sort, in the collation the lists sort by, ending on id as every order does (issue 29:
    // 0.3–1.6 s at a million appointments without it). Status, date, department and doctor ride
    // along: the history's, a status's, a department's or a doctor's name-sorted page is filtered
    // in the index, and a deep page counted from the start reads no table row.
    index('appointments_name_idx').on(
      sql`${t.fullName} collate "vietnamese"`,
      t.id,
      t.status,
      t.appointmentDate,
      t.department,
      t.doctorId,
    ),
    // Patient Control reads one person's visits by e-mail.
    index('appointments_email_idx').on(t.email, t.appointmentDate, t.status, t.doctorId),
    index('appointments_phone_idx').on(t.phone),
    // FHIR's Patient?identifier= finds a booking by the citizen ID the desk recorded (issue 38): few
    // bookings carry one, so the index holds only those.
    index('appointments_citizen_id_idx')
      .on(t.citizenId)
      .where(sql`${t.citizenId} is not null`),
    // "nguyen" anywhere in name, phone or e-mail (three letters and more), and "le" at the start of the name.
    index('appointments_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('appointments_search_prefix_idx').using('btree', sql`${t.searchText} text_pattern_ops`),
    index('appointments_follow_up_of_idx').on(t.followUpOfId),
    // The reminder job looks only at appointments not yet reminded.
    index('appointments_reminder_due_idx')
      .on(t.appointmentDate)
      .where(sql`${t.reminderSent} = false`),
    // The deposit job looks only at holds still unpaid.
    index('appointments_deposit_due_idx')
      .on(t.depositDueAt)
      .where(sql`${t.depositDueAt} is not null and ${t.depositPaidAt} is null`),
    // Written unqualified when the table was made; the same text keeps the migration history as it is.
    check('appointments_status_check', inList(sql.raw('status'), APPOINTMENT_STATUSES)),
    check('appointments_time_check', sql`${t.appointmentTime} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
    check('appointments_citizen_id_check', sql`${t.citizenId} is null or ${t.citizenId} ~ '^[0-9]{12}$'`),
    check('appointments_payment_amount_check', sql`${t.paymentAmount} is null or ${t.paymentAmount} > 0`),
    check('appointments_deposit_amount_check', sql`${t.depositAmount} is null or ${t.depositAmount} > 0`),
  ],
);

/**
 * The audit trail (docs/PRODUCT.md §4). No foreign key to appointments: the history of an
 * appointment outlives its permanent delete.
 */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: integer('appointment_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written at the time, so the trail still says who after the account changes or goes. */
    actorName: text('actor_name'),
    actorRole: text('actor_role'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_events_appointment_idx').on(t.appointmentId, t.createdAt, t.id),
    // The desk's payments of a day (issue 35: the dashboard's and the report's money in).
    index('appointment_events_mark_paid_idx')
      .on(t.createdAt)
      .where(sql`${t.action} = 'MARK_PAID'`),
  ],
);

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type AppointmentEventRow = typeof appointmentEvents.$inferSelect;
export type NewAppointmentEventRow = typeof appointmentEvents.$inferInsert;

/**
 * Appointments counted by day, status and department, kept by the triggers on appointments
 * (src/db/functions/appointment-triggers.sql): the cards, the dashboard and the history stats add up a
 * few hundred of these rows instead of counting 100,000 appointments. amount_sum holds the recorded
 * payment amounts; unpriced counts the rows without one (docs/PRODUCT.md §6 prices those at 500.000đ).
 */
export const appointmentDayCounts = pgTable(
  'appointment_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    department: text('department').notNull(),
    n: integer('n').notNull().default(0),
    amountSum: bigint('amount_sum', { mode: 'number' }).notNull().default(0),
    unpriced: integer('unpriced').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.department] })],
);

/** The same counts by calendar month (the first day of the month). */
export const appointmentMonthCounts = pgTable(
  'appointment_month_counts',
  {
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    department: text('department').notNull(),
    n: integer('n').notNull().default(0),
    amountSum: bigint('amount_sum', { mode: 'number' }).notNull().default(0),
    unpriced: integer('unpriced').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.status, t.department] })],
);

/** A doctor's appointments counted by day and status: his cards and dashboard. */
export const appointmentDoctorDayCounts = pgTable(
  'appointment_doctor_day_counts',
  {
    doctorId: integer('doctor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
    amountSum: bigint('amount_sum', { mode: 'number' }).notNull().default(0),
    unpriced: integer('unpriced').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.day, t.status] })],
);

/**
 * Patient Control's rows (specification section 2: patients derived from appointments grouped by
 * e-mail), kept by triggers: one row per e-mail for the clinic (doctor_id 0) and one per e-mail and
 * doctor for each doctor's own list, present while the person has a confirmed (or later) appointment.
 */
export const patientSummaries = pgTable(
  'patient_summaries',
  {
    /** 0: every appointment; else only that doctor's. */
    doctorId: integer('doctor_id').notNull(),
    email: text('email').notNull(),
    /** From the person's latest appointment. */
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    searchText: text('search_text').notNull(),
    userId: integer('user_id'),
    total: integer('total').notNull(),
    confirmed: integer('confirmed').notNull(),
    /** The latest date among appointments still ahead of their visit: "has upcoming" is this ≥ today. */
    lastUpcomingDate: date('last_upcoming_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.doctorId, t.email] }),
    // Pages in Vietnamese name order (the collation made by the migration search_and_collation).
    index('patient_summaries_list_idx').on(t.doctorId, sql`${t.fullName} collate "vietnamese"`, t.email),
    index('patient_summaries_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Patient Control's three cards read only the index (no table rows): a third of the time at 100,000 appointments.
    index('patient_summaries_cards_idx').on(t.doctorId, t.lastUpcomingDate, t.confirmed),
  ],
);

/**
 * A booking's private management link (docs/PRODUCT.md §10): only the SHA-256 of its token is
 * kept, one link per appointment; sending a new one replaces the hash, which ends the old link.
 */
export const appointmentLinks = pgTable('appointment_links', {
  appointmentId: integer('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('appointment_links_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type AppointmentLinkRow = typeof appointmentLinks.$inferSelect;

/**
 * A doctor's calendar subscription (issue 13): a private address of his confirmed and paid
 * appointments, kept as the SHA-256 of its token; a new one replaces the old, deleting revokes it.
 */
export const doctorCalendarFeeds = pgTable('doctor_calendar_feeds', {
  doctorId: integer('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('doctor_calendar_feeds_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The waiting list of a full slot (docs/PRODUCT.md §10). An open entry (WAITING, OFFERED) keeps a
 * freed place for the list: the booking counts it against the slot's capacity. An offer holds the
 * place until offer_expires_at; its token and the joining one are kept only as SHA-256 hashes.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    appointmentTime: text('appointment_time').notNull(),
    department: text('department')
      .notNull()
      .references(() => departments.code, { onUpdate: 'cascade' }),
    /** When the slot begins: its open entries are withdrawn then. */
    slotStartsAt: timestamp('slot_starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    /** Lower case; the offer goes here too, beside her phone. Null when she gave only her phone (issue 27). */
    email: text('email'),
    status: text('status', { enum: WAITING_STATUSES }).notNull().default('WAITING'),
    /** The link given on joining: her place in line, leaving, and the claim once offered. */
    tokenHash: text('token_hash').notNull().unique('waiting_list_entries_token_hash_key'),
    /** The offer e-mail's link (the same powers). */
    offerTokenHash: text('offer_token_hash').unique('waiting_list_entries_offer_token_hash_key'),
    /** The origin given when she joined; no longer read: an offer's link is built on PUBLIC_URL (issue 29). */
    siteOrigin: text('site_origin').notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The open entries of a slot, in line order: the capacity check and the offer job read only these.
    index('waiting_list_open_slot_idx')
      .on(t.appointmentDate, t.appointmentTime, t.department, t.id)
      .where(inList(t.status, OPEN_WAITING_STATUSES)),
    index('waiting_list_claimed_idx')
      .on(t.claimedAt)
      .where(sql`${t.status} = 'CLAIMED'`),
    check('waiting_list_entries_status_check', inList(t.status, WAITING_STATUSES)),
  ],
);
export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect;

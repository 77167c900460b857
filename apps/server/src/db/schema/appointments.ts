import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES } from '@clinic/shared';
import { departments } from './departments';
import { users } from './users';

const statusList = APPOINTMENT_STATUSES.map((s) => `'${s}'`).join(', ');

export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    /** Digits only, Vietnamese form: "0912345678". */
    phone: text('phone').notNull(),
    /** Lower case. */
    email: text('email'),
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
    cancelReason: text('cancel_reason'),
    patientStatus: text('patient_status'),
    doctorResponse: text('doctor_response'),
    doctorNotifiedAt: timestamp('doctor_notified_at', { withTimezone: true, mode: 'date' }),
    followUpOfId: integer('follow_up_of_id').references((): AnyPgColumn => appointments.id, { onDelete: 'set null' }),
    /** Name, phone and e-mail folded to lower case without accents: "nguyen" finds "Nguyễn". */
    searchText: text('search_text').notNull().default(''),
    emailSent: boolean('email_sent').notNull().default(false),
    reminderSent: boolean('reminder_sent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Capacity and the one-person rule count a slot's appointments.
    index('appointments_slot_idx').on(t.appointmentDate, t.appointmentTime, t.department),
    index('appointments_status_date_idx').on(t.status, t.appointmentDate),
    index('appointments_doctor_date_idx').on(t.doctorId, t.appointmentDate),
    index('appointments_doctor_status_idx').on(t.doctorId, t.status),
    index('appointments_user_date_idx').on(t.userId, t.appointmentDate),
    index('appointments_department_date_idx').on(t.department, t.appointmentDate),
    index('appointments_created_at_idx').on(t.createdAt.desc()),
    index('appointments_email_idx').on(t.email),
    index('appointments_phone_idx').on(t.phone),
    index('appointments_follow_up_of_idx').on(t.followUpOfId),
    // The reminder job looks only at appointments not yet reminded.
    index('appointments_reminder_due_idx').on(t.appointmentDate).where(sql`${t.reminderSent} = false`),
    check('appointments_status_check', sql.raw(`status in (${statusList})`)),
    check('appointments_time_check', sql`${t.appointmentTime} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
    check('appointments_payment_amount_check', sql`${t.paymentAmount} is null or ${t.paymentAmount} > 0`),
  ],
);

/**
 * The audit trail (PRODUCT.md section 4). No foreign key to appointments: the history of an
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
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.createdAt, t.id)],
);

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type AppointmentEventRow = typeof appointmentEvents.$inferSelect;
export type NewAppointmentEventRow = typeof appointmentEvents.$inferInsert;

import type { InjectOptions } from 'fastify';
import { appointmentSearchText } from '../src/modules/appointments/lists/search-text';
import { insertAppointmentEvents, slotPlaces, type Slot } from '../src/modules/appointments/appointments.repository';
import type { Db } from '../src/db/client';
import { appointments, type AppointmentRow, type NewAppointmentRow } from '../src/db/schema';
import type { App } from '../src/app';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../src/lib/clock';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from './build-app';
import type { DbKind } from './databases';
import { startRecordingSmtp, type RecordingSmtp } from './system/server-process';

/** Monday 1 March 2027, 09:00 in Ho Chi Minh City: clear of the templates' demo appointments (around January 2026). */
export const MONDAY_9AM = '2027-03-01T02:00:00Z';
/** The same week's days. */
export const DAYS = {
  mon: '2027-03-01',
  tue: '2027-03-02',
  wed: '2027-03-03',
  thu: '2027-03-04',
  fri: '2027-03-05',
  sat: '2027-03-06',
  sun: '2027-03-07',
} as const;

export type Session = { token: string; userId: number };
export type Sessions = Record<'admin' | 'staff' | 'doctor' | 'doctor2' | 'patient', Session>;

/** One sign-in per role for a suite (30-day tokens, so tests can move the clock): doctor is the general practitioner, doctor2 the reproductive-health one. */
export async function signInAll(app: App): Promise<Sessions> {
  const [admin, staff, doctor, doctor2, patient] = await Promise.all([
    loginAs(app, ...DEMO.admin, true),
    loginAs(app, ...DEMO.staff, true),
    loginAs(app, ...DEMO.doctor, true),
    loginAs(app, 'doctor2', 'Doctor@123', true),
    loginAs(app, ...DEMO.patient, true),
  ]);
  const s = (x: { token: string; userId: number }) => ({ token: x.token, userId: x.userId });
  return { admin: s(admin), staff: s(staff), doctor: s(doctor), doctor2: s(doctor2), patient: s(patient) };
}

/** app.inject with a bearer token. */
export function call(
  app: App,
  session: Session | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: session ? bearer(session.token) : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

let counter = 0;
/** A stored appointment in any state, straight into the table (the way to reach every status in a table test). */
export async function seedAppointment(db: Db, overrides: Partial<NewAppointmentRow> = {}): Promise<AppointmentRow> {
  counter += 1;
  const base = {
    fullName: `Bệnh nhân Thử ${counter}`,
    phone: `08${String(10_000_000 + counter * 7919).slice(-8)}`,
    email: `thu${counter}@example.com`,
    appointmentDate: DAYS.wed,
    appointmentTime: '09:00',
    department: 'GENERAL_PRACTICE',
    reason: 'Khám thử',
    status: 'PENDING' as const,
  };
  const row = { ...base, ...overrides };
  // Past the slot's rules on purpose: a test sets up any state (the product makes appointments only
  // through appointment-making.service.ts).
  const [inserted] = await db
    .insert(appointments)
    .values({
      ...row,
      searchText: appointmentSearchText({ fullName: row.fullName, phone: row.phone, email: row.email ?? null }),
    })
    .returning();
  await insertAppointmentEvents(db, [
    { appointmentId: inserted!.id, action: 'CREATED', fromStatus: null, toStatus: 'PENDING', note: null },
  ]);
  return inserted!;
}

export const booking = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Trần Thị Lan',
  phone: '0901234567',
  email: 'lan.tran@example.com',
  appointmentDate: DAYS.tue,
  appointmentTime: '09:00',
  department: 'GYNECOLOGY',
  reason: 'Khám phụ khoa định kỳ',
  // The box she ticked: a booking without it is refused (issue 26).
  consentHealthData: true,
  ...overrides,
});

/**
 * A suite's app whose e-mail goes to a real SMTP server of its own (started before the suite, closed
 * after it), with a session per role: `ready` receives them once they are up.
 */
export function withRecordingSmtp(
  kind: DbKind,
  options: { clock: Clock; env?: Record<string, string> },
  ready: (suite: { t: TestContext; s: Sessions; smtp: RecordingSmtp }) => void,
): void {
  let t: TestContext | undefined;
  let smtp: RecordingSmtp | undefined;
  beforeAll(async () => {
    smtp = await startRecordingSmtp();
    t = await buildTestApp(kind, {
      clock: options.clock,
      env: { RATE_LIMIT_PUBLIC: '1000', SMTP_URL: smtp.url, PUBLIC_URL: 'https://antamclinic.vn', ...options.env },
    });
    ready({ t, s: await signInAll(t.app), smtp });
  });
  afterAll(async () => {
    await t?.close();
    t?.app.deps.mailer.close();
    await smtp?.close();
  });
}

/** The active appointments of a slot (src/db/functions/slot-rules.sql's count). */
export async function bookedInSlot(db: Db, slot: Slot): Promise<number> {
  return (await slotPlaces(db, slot, new Date()))!.booked;
}

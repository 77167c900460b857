import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@clinic/shared';
import { buildTestApp, fixedClock, loginAs, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, DAYS, MONDAY_9AM, signInAll, type Session, type Sessions } from '../../../../test/appointments';
import { hashPassword } from '../../../lib/password';
import { insertUser } from '../../users/users.repository';
import { and, inArray, ne } from 'drizzle-orm';
import { appointmentEvents, appointments } from '../../../db/schema';

/**
 * Every (action, status, role) cell of docs/PRODUCT.md §4, through HTTP. The expectations are
 * written out here from docs/PRODUCT.md, not read from the shared table the server uses.
 */
type Who = 'admin' | 'staff' | 'ownDoctor' | 'otherDoctor' | 'ownPatient' | 'otherPatient';
type Status = AppointmentStatus;
const WHO: Who[] = ['admin', 'staff', 'ownDoctor', 'otherDoctor', 'ownPatient', 'otherPatient'];
const ALL = [...APPOINTMENT_STATUSES];
const OPEN: Status[] = [
  'PENDING',
  'AWAITING_DOCTOR_APPROVAL',
  'CONFIRMED',
  'NEEDS_PAYMENT',
  'PAYMENT_REQUESTED',
  'PAID',
];
const WAITING: Status[] = ['PENDING', 'AWAITING_DOCTOR_APPROVAL'];
const CANCELLABLE: Status[] = ['PENDING', 'AWAITING_DOCTOR_APPROVAL', 'CONFIRMED'];

type Cell = {
  method: 'PUT' | 'POST' | 'DELETE';
  path: string;
  body?: (ids: { doctor: number; id: number }) => unknown;
};
type Row = {
  request: Cell;
  /** Who may act from which statuses; everyone else is refused with 403, a listed actor in another status with 409. */
  allowed: Partial<Record<Who, Status[]>>;
  /** The status after a success (null: the appointment is gone; 'same': unchanged). */
  to: (from: Status) => Status | null | 'same';
  event: (from: Status) => string;
};

const TABLE: Record<string, Row> = {
  'assign doctor': {
    request: { method: 'PUT', path: 'assign-doctor', body: (ids) => ({ doctorId: ids.doctor }) },
    allowed: { admin: ['PENDING'], staff: ['PENDING'] },
    to: () => 'AWAITING_DOCTOR_APPROVAL',
    event: () => 'ASSIGN_DOCTOR',
  },
  'doctor accept': {
    request: { method: 'PUT', path: 'doctor-accept', body: () => ({ response: 'Hẹn gặp' }) },
    allowed: { ownDoctor: ['AWAITING_DOCTOR_APPROVAL'] },
    to: () => 'CONFIRMED',
    event: () => 'DOCTOR_ACCEPT',
  },
  'doctor decline': {
    request: { method: 'PUT', path: 'doctor-decline', body: () => ({ reason: 'Lịch kín' }) },
    allowed: { ownDoctor: ['AWAITING_DOCTOR_APPROVAL'] },
    to: () => 'PENDING',
    event: () => 'DOCTOR_DECLINE',
  },
  confirm: {
    request: { method: 'PUT', path: 'confirm' },
    allowed: { admin: WAITING, staff: WAITING, ownDoctor: WAITING },
    to: () => 'CONFIRMED',
    event: () => 'CONFIRM',
  },
  'confirm with doctor': {
    request: { method: 'PUT', path: 'confirm-with-doctor', body: (ids) => ({ doctorId: ids.doctor }) },
    allowed: { admin: WAITING, staff: WAITING, ownDoctor: WAITING },
    to: () => 'CONFIRMED',
    event: () => 'CONFIRM',
  },
  'request payment': {
    request: { method: 'PUT', path: 'request-payment', body: () => ({ amount: 350000 }) },
    allowed: { admin: ['CONFIRMED', 'NEEDS_PAYMENT'], staff: ['CONFIRMED', 'NEEDS_PAYMENT'] },
    to: () => 'PAYMENT_REQUESTED',
    event: () => 'REQUEST_PAYMENT',
  },
  'mark paid': {
    request: { method: 'POST', path: 'handle-payment', body: () => ({ status: 'PAID' }) },
    allowed: { admin: OPEN.filter((s) => s !== 'PAID'), staff: OPEN.filter((s) => s !== 'PAID') },
    to: () => 'PAID',
    event: () => 'MARK_PAID',
  },
  'examination notes, completed': {
    request: { method: 'PUT', path: '', body: () => ({ notes: 'Khám ổn định', status: 'COMPLETED' }) },
    allowed: { ownDoctor: ['CONFIRMED', 'NEEDS_PAYMENT', 'PAYMENT_REQUESTED', 'PAID'] },
    // Only a paid visit completes; the others wait for payment.
    to: (from) => (from === 'PAID' ? 'COMPLETED' : 'NEEDS_PAYMENT'),
    event: () => 'EXAMINATION_NOTES',
  },
  'examination notes, no show': {
    request: {
      method: 'PUT',
      path: '',
      body: () => ({ notes: 'Không đến', status: 'NO_SHOW', confirmPaidNoShow: true }),
    },
    allowed: { ownDoctor: OPEN },
    to: () => 'NO_SHOW',
    event: () => 'NO_SHOW',
  },
  cancel: {
    request: { method: 'PUT', path: 'cancel', body: () => ({ reason: 'Bận việc' }) },
    allowed: { admin: CANCELLABLE, staff: CANCELLABLE, ownPatient: WAITING },
    to: () => 'CANCELLED',
    event: () => 'CANCEL',
  },
  'cancel with refund': {
    request: { method: 'PUT', path: 'cancel', body: () => ({ reason: 'Bận việc', refundRequired: true }) },
    // PAID is cancelled with a refund; where a plain cancel is allowed the flag changes nothing.
    allowed: { admin: [...CANCELLABLE, 'PAID'], staff: [...CANCELLABLE, 'PAID'], ownPatient: WAITING },
    to: () => 'CANCELLED',
    event: (from) => (from === 'PAID' ? 'CANCEL_WITH_REFUND' : 'CANCEL'),
  },
  edit: {
    request: {
      method: 'PUT',
      path: '',
      body: ({ id }) => ({
        fullName: 'Tên Mới',
        phone: `06${String(id).padStart(8, '0')}`,
        email: `moi${id}@example.com`,
        appointmentDate: DAYS.wed,
        appointmentTime: '09:00',
        department: 'GENERAL_PRACTICE',
        reason: 'Đổi tên',
      }),
    },
    allowed: { admin: OPEN, staff: OPEN },
    to: () => 'same',
    event: () => 'UPDATE',
  },
  'permanent delete': {
    request: { method: 'DELETE', path: '' },
    allowed: { admin: ALL },
    to: () => null,
    event: () => 'DELETE',
  },
};

function expectedStatus(row: Row, who: Who, status: Status): number {
  const from = row.allowed[who];
  if (!from) return 403;
  // A PENDING appointment has no doctor: nobody is "the assigned doctor" of it.
  if (who === 'ownDoctor' && status === 'PENDING') return 403;
  return from.includes(status) ? 200 : 409;
}

for (const kind of dbKinds()) {
  describe(`appointment state machine, every (action, status, role) [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let otherPatient: Session;
    const ids = new Map<string, number>();
    const clock = fixedClock(MONDAY_9AM);

    const sessionOf = (who: Who): Session =>
      ({
        admin: s.admin,
        staff: s.staff,
        ownDoctor: s.doctor,
        otherDoctor: s.doctor2,
        ownPatient: s.patient,
        otherPatient,
      })[who];

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      await insertUser(t.testDb.database.db, {
        username: 'patient2',
        email: 'patient2@example.com',
        fullName: 'Bệnh nhân Hai',
        role: 'PATIENT',
        passwordHash: await hashPassword('Patient@123'),
      });
      const p2 = await loginAs(t.app, 'patient2', 'Patient@123');
      otherPatient = { token: p2.token, userId: p2.userId };

      // One appointment per cell, all in one statement.
      const rows = [];
      let n = 0;
      for (const action of Object.keys(TABLE)) {
        for (const status of ALL) {
          for (const who of WHO) {
            n += 1;
            rows.push({
              fullName: `Ô ${action} ${status} ${who}`,
              phone: `07${String(n).padStart(8, '0')}`,
              email: `cell${n}@example.com`,
              // Notes and no-show act on a visit that has come (docs/PRODUCT.md §11): today's.
              appointmentDate: action.startsWith('examination notes') ? DAYS.mon : DAYS.wed,
              appointmentTime: '09:00',
              department: 'GENERAL_PRACTICE',
              status,
              doctorId: status === 'PENDING' ? null : s.doctor.userId,
              doctorNotifiedAt: status === 'PENDING' ? null : new Date(MONDAY_9AM),
              userId: s.patient.userId,
              paymentCompleted: status === 'PAID' || status === 'COMPLETED',
              paymentAmount: ['PAYMENT_REQUESTED', 'PAID', 'COMPLETED'].includes(status) ? 500000 : null,
            });
          }
        }
      }
      // Every status at once, straight into the table: the cells under test are the calls, not the booking.
      const inserted = await t.testDb.database.db
        .insert(appointments)
        .values(rows)
        .returning({ id: appointments.id, phone: appointments.phone });
      for (const r of inserted) {
        const row = rows.find((x) => x.phone === r.phone)!;
        ids.set(row.fullName, r.id);
      }
    }, 120_000);
    afterAll(async () => t?.close());

    it('answers 401 to every action without a token', async () => {
      for (const [action, row] of Object.entries(TABLE)) {
        const id = ids.get(`Ô ${action} CONFIRMED admin`)!;
        const url = `/api/appointments/${id}${row.request.path ? `/${row.request.path}` : ''}`;
        const res = await call(
          t.app,
          null,
          row.request.method,
          url,
          row.request.body?.({ doctor: s.doctor.userId, id }),
        );
        expect(res.statusCode, action).toBe(401);
      }
    });

    for (const [action, row] of Object.entries(TABLE)) {
      it(`${action}: allowed roles succeed, refused roles get 403, wrong statuses 409 INVALID_TRANSITION`, async () => {
        const db = t.testDb.database.db;
        const mismatches: string[] = [];
        const cells = ALL.flatMap((status) =>
          WHO.map((who) => ({
            status,
            who,
            id: ids.get(`Ô ${action} ${status} ${who}`)!,
            want: expectedStatus(row, who, status),
          })),
        );
        // A few at a time: on PostgreSQL they really run side by side.
        for (let i = 0; i < cells.length; i += 6) {
          await Promise.all(
            cells.slice(i, i + 6).map(async ({ status, who, id, want }) => {
              const url = `/api/appointments/${id}${row.request.path ? `/${row.request.path}` : ''}`;
              const res = await call(
                t.app,
                sessionOf(who),
                row.request.method,
                url,
                row.request.body?.({ doctor: s.doctor.userId, id }),
              );
              const cell = `${status} × ${who}`;
              if (res.statusCode !== want)
                return mismatches.push(`${cell}: ${res.statusCode} (wanted ${want}) ${res.body.slice(0, 160)}`);
              if (want === 200) return;
              const body = res.json();
              const vietnamese = /[ạảãáàâấầẩẫậăắằẳẵặđêếềểễệôốồổỗộơớờởỡợưứừửữựíìỉĩịúùủũụýỳỷỹỵóòỏõọéèẻẽẹ]/i.test(
                body.message,
              );
              if ((want === 409 && body.code !== 'INVALID_TRANSITION') || !vietnamese || body.message !== body.error)
                mismatches.push(`${cell}: error body ${res.body}`);
            }),
          );
        }
        // What the database holds afterwards: the new status and one event for each success, nothing changed for a refusal.
        const cellIds = cells.map((c) => c.id);
        const stored = new Map(
          (await db.select().from(appointments).where(inArray(appointments.id, cellIds))).map((r) => [r.id, r]),
        );
        const events = await db
          .select()
          .from(appointmentEvents)
          .where(and(inArray(appointmentEvents.appointmentId, cellIds), ne(appointmentEvents.action, 'CREATED')));
        for (const { status, who, id, want } of cells) {
          const cell = `${status} × ${who}`;
          const after = stored.get(id);
          const trail = events.filter((e) => e.appointmentId === id);
          if (want !== 200) {
            if (after?.status !== status || trail.length > 0)
              mismatches.push(`${cell}: refused but changed (${after?.status}, ${trail.length} events)`);
            continue;
          }
          const to = row.to(status);
          const expected = to === 'same' ? status : to;
          if ((after?.status ?? null) !== expected)
            mismatches.push(`${cell}: stored ${after?.status ?? 'gone'}, wanted ${expected ?? 'gone'}`);
          const e = trail[0];
          if (
            trail.length !== 1 ||
            e!.action !== row.event(status) ||
            e!.fromStatus !== status ||
            e!.actorId !== sessionOf(who).userId
          ) {
            mismatches.push(`${cell}: events ${JSON.stringify(trail)}`);
          }
          if (action === 'cancel with refund' && after && after.refundRequired !== (status === 'PAID'))
            mismatches.push(`${cell}: refundRequired ${after.refundRequired}`);
        }
        expect(mismatches).toEqual([]);
      }, 120_000);
    }
  });
}

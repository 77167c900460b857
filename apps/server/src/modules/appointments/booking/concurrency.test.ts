import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@clinic/shared';
import {
  buildSecondProcess,
  buildTestApp,
  fixedClock,
  type SecondProcess,
  type TestContext,
} from '../../../../test/build-app';
import {
  booking,
  bookedInSlot,
  call,
  DAYS,
  MONDAY_9AM,
  seedAppointment,
  signInAll,
  type Sessions,
} from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import { listAppointmentEvents } from '../appointments.repository';

// PGlite has one connection, so requests never overlap there: races only show on PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)('concurrency on PostgreSQL, two server processes on one database', () => {
  let t: TestContext;
  let s: Sessions;
  let other: SecondProcess;
  const clock = fixedClock(MONDAY_9AM);
  const apps = () => [t.app, other.app];

  beforeAll(async () => {
    t = await buildTestApp('postgres', { clock, env: { RATE_LIMIT_PUBLIC: '10000' } });
    // The second "process": its own connection pool, limiter and app instance.
    other = await buildSecondProcess(t);
    s = await signInAll(t.app);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('50 simultaneous bookings of one slot give exactly its capacity of 3, and 47 clear refusals', async () => {
    const slot = { appointmentDate: DAYS.thu, appointmentTime: '09:30', department: 'FAMILY_PLANNING' };
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        apps()[i % 2]!.inject({
          method: 'POST',
          url: '/api/appointments/public',
          remoteAddress: `10.9.${i}.1`,
          payload: booking({
            ...slot,
            fullName: `Khách ${i}`,
            phone: `0988${String(i).padStart(6, '0')}`,
            email: `rush${i}@example.com`,
          }),
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(47);
    for (const r of refused)
      expect(r.json()).toMatchObject({
        statusCode: 409,
        code: 'SLOT_FULL',
        message: APPOINTMENT_MSG.slotFull,
        error: APPOINTMENT_MSG.slotFull,
      });
    expect(await bookedInSlot(t.testDb.database.db, slot)).toBe(3);
  });

  it('one person sending the same booking ten times at once gets one appointment', async () => {
    const payload = booking({
      appointmentDate: DAYS.thu,
      appointmentTime: '10:00',
      department: 'FAMILY_PLANNING',
      phone: '0977123123',
      email: 'double@example.com',
    });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        apps()[i % 2]!.inject({ method: 'POST', url: '/api/appointments/public', remoteAddress: '10.8.0.1', payload }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409 && r.json().code === 'ALREADY_BOOKED')).toHaveLength(9);
  });

  it('an edit moving into a slot races fairly with bookings of its last place', async () => {
    const slot = { appointmentDate: DAYS.fri, appointmentTime: '14:00', department: 'FAMILY_PLANNING' };
    await seedAppointment(t.testDb.database.db, { ...slot, status: 'CONFIRMED' });
    await seedAppointment(t.testDb.database.db, { ...slot, status: 'CONFIRMED' });
    const mover = await seedAppointment(t.testDb.database.db, { ...slot, appointmentTime: '15:00', status: 'PENDING' });
    const [edit, ...bookings] = await Promise.all([
      call(other.app, s.staff, 'PUT', `/api/appointments/${mover.id}`, {
        fullName: mover.fullName,
        phone: mover.phone,
        email: mover.email,
        ...slot,
        reason: mover.reason,
      }),
      ...Array.from({ length: 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          remoteAddress: '10.7.0.1',
          payload: booking({ ...slot, phone: `0966${String(i).padStart(6, '0')}`, email: `race${i}@example.com` }),
        }),
      ),
    ]);
    const winners = [edit!, ...bookings].filter((r) => r.statusCode === 200 || r.statusCode === 201);
    expect(winners).toHaveLength(1);
    expect(await bookedInSlot(t.testDb.database.db, slot)).toBe(3);
  });

  it('two simultaneous accepts of one appointment: one succeeds, the other gets 409', async () => {
    const a = await seedAppointment(t.testDb.database.db, {
      status: 'AWAITING_DOCTOR_APPROVAL',
      doctorId: s.doctor.userId,
    });
    const [x, y] = await Promise.all(
      apps().map((app) => call(app, s.doctor, 'PUT', `/api/appointments/${a.id}/doctor-accept`, {})),
    );
    expect([x!.statusCode, y!.statusCode].sort()).toEqual([200, 409]);
    expect([x!, y!].find((r) => r.statusCode === 409)!.json().code).toBe('INVALID_TRANSITION');
    const events = await listAppointmentEvents(t.testDb.database.db, a.id);
    expect(events.filter((e) => e.action === 'DOCTOR_ACCEPT')).toHaveLength(1);
    expect(
      await listOutboxEmails(t.testDb.database.db, { appointmentId: a.id, kind: 'APPOINTMENT_CONFIRMED' }),
    ).toHaveLength(1);
  });

  it('two simultaneous payments of one appointment: one succeeds, the other gets 409', async () => {
    const a = await seedAppointment(t.testDb.database.db, {
      status: 'PAYMENT_REQUESTED',
      paymentAmount: 500000,
      doctorId: s.doctor.userId,
    });
    const [x, y] = await Promise.all(
      apps().map((app) => call(app, s.staff, 'POST', `/api/appointments/${a.id}/handle-payment`, { status: 'PAID' })),
    );
    expect([x!.statusCode, y!.statusCode].sort()).toEqual([200, 409]);
    expect([x!, y!].find((r) => r.statusCode === 409)!.json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Lịch hẹn đã ở trạng thái "Đã thanh toán"',
    });
    const events = await listAppointmentEvents(t.testDb.database.db, a.id);
    expect(events.filter((e) => e.action === 'MARK_PAID')).toHaveLength(1);
    expect(
      await listOutboxEmails(t.testDb.database.db, { appointmentId: a.id, kind: 'PAYMENT_CONFIRMATION' }),
    ).toHaveLength(1);
  });
});

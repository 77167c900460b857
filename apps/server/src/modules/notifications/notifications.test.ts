import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { emailOutbox, messageOutbox } from '../../db/schema';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { DAYS, MONDAY_9AM } from '../../../test/appointments';
import { bookInOneCall, drawAppointmentIds } from '../appointments/appointments.repository';
import { bookingReceivedKept, reminderEmail } from '../email/email.service';
import { enqueueNotifications, outboxRowsOf, type Notice } from './notifications.service';

/**
 * A booking's messages are written by its own call to the database, every other change's by
 * enqueueNotifications: both from the same rows, so an event reads the same whichever way it came.
 */
describe('one builder for both outboxes', () => {
  let t: TestContext;
  const now = new Date(MONDAY_9AM);
  const db = () => t.testDb.database.db;

  beforeAll(async () => {
    t = await buildTestApp('pglite', { clock: fixedClock(MONDAY_9AM) });
  });
  afterAll(async () => t?.close());

  const visit = (id: number) => ({
    id,
    fullName: 'Trần Thị Lan',
    email: 'lan.notify@example.com',
    phone: '0912345678',
    appointmentDate: DAYS.thu,
    appointmentTime: '09:00',
    departmentName: 'Sản khoa',
    manageUrl: `http://localhost/appointment/manage/${'a'.repeat(43)}`,
  });

  /** What the outboxes hold about the appointment, without the rows' own ids. */
  async function written(appointmentId: number) {
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.appointmentId, [appointmentId]));
    const messages = await db()
      .select()
      .from(messageOutbox)
      .where(inArray(messageOutbox.appointmentId, [appointmentId]));
    return {
      emails: emails.map(({ id: _id, ...row }) => row),
      messages: messages.map(({ id: _id, ...row }) => row),
    };
  }

  it("writes the same rows through the booking's call as through enqueueNotifications", async () => {
    const [id] = await drawAppointmentIds(db(), 1);
    const notices: Notice[] = [bookingReceivedKept(visit(id!)), reminderEmail({ ...visit(id!), manageUrl: null })];
    const rows = outboxRowsOf(notices, now);
    expect(rows.emails.map((e) => [e.kind, e.toAddress])).toEqual([
      ['BOOKING_RECEIVED', 'lan.notify@example.com'],
      ['REMINDER', 'lan.notify@example.com'],
    ]);
    // Her phone gets each event too, the private link in its short form.
    expect(rows.messages.map((m) => [m.channel, m.template, m.recipient, m.data.link ?? null])).toEqual([
      ['zalo', 'BOOKING_RECEIVED', '84912345678', `http://localhost/l/${'a'.repeat(22)}`],
      ['zalo', 'REMINDER', '84912345678', null],
    ]);

    const outcomes = await bookInOneCall(db(), [
      {
        appointment: {
          id: id!,
          fullName: 'Trần Thị Lan',
          phone: '0912345678',
          email: 'lan.notify@example.com',
          appointmentDate: DAYS.thu,
          appointmentTime: '09:00',
          department: 'OBSTETRICS',
          reason: null,
          userId: null,
          followUpOfId: null,
          searchText: 'tran thi lan',
        },
        now,
        events: [],
        linkHash: null,
        emails: rows.emails,
        messages: rows.messages,
      },
    ]);
    expect(outcomes).toEqual(['OK']);
    const booked = await written(id!);
    expect(booked.emails).toHaveLength(2);
    expect(booked.messages).toHaveLength(2);

    await db()
      .delete(emailOutbox)
      .where(inArray(emailOutbox.appointmentId, [id!]));
    await db()
      .delete(messageOutbox)
      .where(inArray(messageOutbox.appointmentId, [id!]));
    await db().transaction((tx) => enqueueNotifications(tx, notices, now));
    expect(await written(id!)).toEqual(booked);
  });

  it('writes a message to her phone alone, and an e-mail without an address only to her phone', async () => {
    const [id] = await drawAppointmentIds(db(), 1);
    const code = { customer_name: '', date: DAYS.thu, time: '09:00', code: '123456' };
    const ids = await enqueueNotifications(
      db(),
      [
        { kind: 'CLAIM_CODE', phone: '0987654321', appointmentId: null, params: code },
        reminderEmail({ ...visit(id!), email: '', manageUrl: null }),
      ],
      now,
    );
    expect(ids).toEqual([]);
    const toPhone = await db()
      .select()
      .from(messageOutbox)
      .where(inArray(messageOutbox.recipient, ['84987654321']));
    expect(toPhone.map((m) => [m.channel, m.template, m.data.code, m.urgent, m.status])).toEqual([
      ['zalo', 'CLAIM_CODE', '123456', 1, 'queued'],
    ]);
    expect(await written(id!)).toMatchObject({ emails: [], messages: [{ template: 'REMINDER', urgent: 0 }] });
  });
});

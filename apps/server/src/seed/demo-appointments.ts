import {
  addDays,
  APPOINTMENT_STATUSES,
  clinicInstant,
  clinicMoment,
  CLINIC,
  DEPARTMENT_CODES,
  EXAMINED_STATUSES,
  isSunday,
  REVENUE_STATUSES,
  TIME_SLOTS,
  UPCOMING_STATUSES,
  type AppointmentEventAction,
  type AppointmentStatus,
} from '@clinic/shared';
import { insertAppointmentEvents } from '../modules/appointments/appointments.repository';
import {
  finishDemoAppointments,
  listSeedPeople,
  type DemoFinish,
} from '../modules/appointments/sample-data/demo-seed.repository';
import { tryMakeAppointment } from '../modules/appointments/booking/appointment-making.service';
import { foldText } from '../lib/text';
import { appointmentSearchText } from '../modules/appointments/lists/search-text';
import type { Db } from '../db/client';
import type { NewAppointmentEventRow, NewAppointmentRow } from '../db/schema';

/**
 * Demo appointments for the embedded database (docs/PRODUCT.md §5): every status, over the past
 * two months and the next two weeks, around "today" in the clinic's zone, assigned to the demo
 * doctors, some of them the demo patient's. Seeded pseudo-random, so the same day gives the same data.
 */

/** mulberry32: small, fast, and the same sequence everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const MIDDLE = ['Thị', 'Văn', 'Minh', 'Ngọc', 'Thu', 'Hoàng', 'Thanh', 'Quốc', 'Bảo', 'Gia', 'Thùy', 'Đức'];
const GIVEN = [
  'An',
  'Bình',
  'Chi',
  'Dung',
  'Giang',
  'Hà',
  'Hạnh',
  'Hoa',
  'Hương',
  'Lan',
  'Linh',
  'Mai',
  'Nga',
  'Ngân',
  'Nhung',
  'Phương',
  'Quỳnh',
  'Thảo',
  'Trang',
  'Tuấn',
  'Vy',
  'Yến',
  'Khánh',
  'Long',
  'Nam',
  'Sơn',
];
const REASONS = [
  'Khám phụ khoa định kỳ',
  'Tư vấn kế hoạch hóa gia đình',
  'Khám thai định kỳ',
  'Xét nghiệm sàng lọc bệnh lây truyền qua đường tình dục',
  'Tư vấn hiếm muộn',
  'Kinh nguyệt không đều',
  'Khám sức khỏe tổng quát',
  'Đau bụng dưới kéo dài',
  'Tư vấn tránh thai',
  null,
];
const NOTES = [
  'Khám lâm sàng bình thường. Hẹn tái khám sau 6 tháng.',
  'Siêu âm không phát hiện bất thường. Uống thuốc theo đơn trong 7 ngày.',
  'Kết quả xét nghiệm âm tính. Tư vấn phòng ngừa.',
  'Viêm nhẹ, đã kê đơn điều trị. Tái khám nếu còn triệu chứng.',
  'Thai phát triển bình thường. Bổ sung sắt và acid folic.',
  'Tư vấn biện pháp tránh thai phù hợp; bệnh nhân chọn thuốc uống hằng ngày.',
];
const CANCEL_REASONS = [
  'Bận việc đột xuất',
  'Đổi sang ngày khác',
  'Cancelled by user',
  'Không liên lạc được với bệnh nhân',
];
const AMOUNTS = [300_000, 450_000, 500_000, 800_000, 1_200_000];

type Weighted = [AppointmentStatus, number][];
const PAST: Weighted = [
  ['COMPLETED', 50],
  ['CANCELLED', 14],
  ['NO_SHOW', 9],
  ['PAID', 7],
  ['NEEDS_PAYMENT', 8],
  ['PAYMENT_REQUESTED', 12],
];
const TODAY: Weighted = [
  ['CONFIRMED', 35],
  ['PAID', 20],
  ['PAYMENT_REQUESTED', 10],
  ['AWAITING_DOCTOR_APPROVAL', 10],
  ['PENDING', 10],
  ['COMPLETED', 15],
];
const FUTURE: Weighted = [
  ['PENDING', 33],
  ['AWAITING_DOCTOR_APPROVAL', 20],
  ['CONFIRMED', 27],
  ['PAYMENT_REQUESTED', 7],
  ['PAID', 6],
  ['CANCELLED', 7],
];

/** The steps that lead from a booking to a status, for the audit trail. */
const PATHS: Record<AppointmentStatus, [AppointmentEventAction, AppointmentStatus][]> = {
  PENDING: [],
  AWAITING_DOCTOR_APPROVAL: [['ASSIGN_DOCTOR', 'AWAITING_DOCTOR_APPROVAL']],
  CONFIRMED: [
    ['ASSIGN_DOCTOR', 'AWAITING_DOCTOR_APPROVAL'],
    ['DOCTOR_ACCEPT', 'CONFIRMED'],
  ],
  PAYMENT_REQUESTED: [
    ['ASSIGN_DOCTOR', 'AWAITING_DOCTOR_APPROVAL'],
    ['DOCTOR_ACCEPT', 'CONFIRMED'],
    ['REQUEST_PAYMENT', 'PAYMENT_REQUESTED'],
  ],
  PAID: [
    ['ASSIGN_DOCTOR', 'AWAITING_DOCTOR_APPROVAL'],
    ['DOCTOR_ACCEPT', 'CONFIRMED'],
    ['REQUEST_PAYMENT', 'PAYMENT_REQUESTED'],
    ['MARK_PAID', 'PAID'],
  ],
  NEEDS_PAYMENT: [
    ['ASSIGN_DOCTOR', 'AWAITING_DOCTOR_APPROVAL'],
    ['DOCTOR_ACCEPT', 'CONFIRMED'],
    ['EXAMINATION_NOTES', 'NEEDS_PAYMENT'],
  ],
  COMPLETED: [
    ['ASSIGN_DOCTOR', 'AWAITING_DOCTOR_APPROVAL'],
    ['DOCTOR_ACCEPT', 'CONFIRMED'],
    ['REQUEST_PAYMENT', 'PAYMENT_REQUESTED'],
    ['MARK_PAID', 'PAID'],
    ['EXAMINATION_NOTES', 'COMPLETED'],
  ],
  NO_SHOW: [
    ['ASSIGN_DOCTOR', 'AWAITING_DOCTOR_APPROVAL'],
    ['DOCTOR_ACCEPT', 'CONFIRMED'],
    ['NO_SHOW', 'NO_SHOW'],
  ],
  CANCELLED: [['CANCEL', 'CANCELLED']],
};
const DOCTOR_STEPS = new Set<AppointmentEventAction>(['DOCTOR_ACCEPT', 'EXAMINATION_NOTES', 'NO_SHOW']);

/** The demo visits reach this many days past today: a test that books later owns its slots (test/system/server-process.ts). */
export const DEMO_DAYS_AHEAD = 14;

type Person = Awaited<ReturnType<typeof listSeedPeople>>[number];
type Planned = { row: NewAppointmentRow; key: string; status: AppointmentStatus; createdBy: Person | null };

export async function seedDemoAppointments(db: Db, options: { now: Date; timeZone?: string }): Promise<number> {
  const timeZone = options.timeZone ?? CLINIC.defaultTimeZone;
  const now = options.now;
  const today = clinicMoment(now, timeZone).date;
  const rnd = random(20_261_121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const weighted = (w: Weighted): AppointmentStatus => {
    let r = rnd() * w.reduce((s, [, n]) => s + n, 0);
    for (const [status, n] of w) if ((r -= n) < 0) return status;
    return w[0]![0];
  };

  const people = await listSeedPeople(db);
  const doctors = people.filter((p) => p.role === 'DOCTOR');
  const staff = people.find((p) => p.role === 'STAFF') ?? null;
  const patient = people.find((p) => p.username === 'patient') ?? null;
  if (doctors.length === 0) return 0;
  const generalDoctor = doctors.find((d) => d.username === 'doctor') ?? doctors[0]!;
  const doctorFor = (department: string) =>
    rnd() < 0.35 ? generalDoctor : (doctors.find((d) => d.specialty === department) ?? generalDoctor);

  const used = new Map<string, number>();
  const planned: Planned[] = [];
  const plan = (
    date: string,
    status: AppointmentStatus,
    who?: { fullName: string; phone: string; email: string | null; userId: number | null },
  ) => {
    for (let tries = 0; tries < 20; tries++) {
      const department = pick(DEPARTMENT_CODES);
      const time = pick(TIME_SLOTS);
      const slot = `${date}|${time}|${department}`;
      // The demo leaves room in every slot (two of its own at most), so a visitor can still book any
      // hour; the capacity itself is the booking call's, below.
      if ((used.get(slot) ?? 0) >= 2) continue;
      used.set(slot, (used.get(slot) ?? 0) + 1);
      const fullName = who?.fullName ?? `${pick(FAMILY)} ${pick(MIDDLE)} ${pick(GIVEN)}`;
      const phone = who?.phone ?? `09${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`;
      const email = who
        ? who.email
        : rnd() < 0.75
          ? `${foldText(fullName).replace(/ /g, '.')}${Math.floor(rnd() * 900 + 100)}@example.com`
          : null;
      const assigned = status === 'PENDING' || (status === 'CANCELLED' && rnd() < 0.6) ? null : doctorFor(department);
      const paid = (REVENUE_STATUSES as readonly AppointmentStatus[]).includes(status);
      const amount =
        paid || status === 'PAYMENT_REQUESTED' || (status === 'NEEDS_PAYMENT' && rnd() < 0.5) ? pick(AMOUNTS) : null;
      const past = date < today;
      const visit = clinicInstant(date, time, timeZone);
      const created = new Date(
        Math.min(now.getTime(), visit.getTime()) -
          Math.floor(1 + rnd() * 10) * 86_400_000 -
          Math.floor(rnd() * 36_000_000),
      );
      planned.push({
        key: `${phone}|${date}|${time}`,
        status,
        createdBy: who?.userId != null ? patient : null,
        row: {
          fullName,
          phone,
          email,
          appointmentDate: date,
          appointmentTime: time,
          department,
          reason: pick(REASONS),
          notes:
            (EXAMINED_STATUSES as readonly AppointmentStatus[]).includes(status) || status === 'NO_SHOW'
              ? status === 'NO_SHOW'
                ? 'Bệnh nhân không đến khám.'
                : pick(NOTES)
              : null,
          status,
          doctorId: assigned?.id ?? null,
          userId: who?.userId ?? null,
          paymentCompleted: paid,
          paymentAmount: amount,
          refundRequired: false,
          cancelReason: status === 'CANCELLED' ? pick(CANCEL_REASONS) : null,
          doctorResponse:
            assigned && status !== 'AWAITING_DOCTOR_APPROVAL' && status !== 'CANCELLED' ? 'Accepted by doctor' : null,
          doctorNotifiedAt: assigned ? new Date(created.getTime() + 3_600_000) : null,
          searchText: appointmentSearchText({ fullName, phone, email }),
          emailSent: !!email,
          reminderSent: !!email && past && status !== 'CANCELLED',
          createdAt: created,
          updatedAt: created,
        },
      });
      return;
    }
  };

  for (let offset = -60; offset <= DEMO_DAYS_AHEAD; offset++) {
    const date = addDays(today, offset);
    if (isSunday(date)) continue;
    const mix = offset < 0 ? PAST : offset === 0 ? TODAY : FUTURE;
    const count = offset < 0 ? 3 + Math.floor(rnd() * 4) : offset === 0 ? 6 : 2 + Math.floor(rnd() * 4);
    for (let i = 0; i < count; i++) plan(date, weighted(mix));
  }
  // Every status at least once (the upcoming ones ahead, the others behind), and a history for the demo patient.
  const nextWorkday = (from: number) => {
    let d = addDays(today, from);
    while (isSunday(d)) d = addDays(d, 1);
    return d;
  };
  for (const status of UPCOMING_STATUSES) plan(nextWorkday(2), status);
  for (const status of APPOINTMENT_STATUSES.filter((s) => !(UPCOMING_STATUSES as readonly string[]).includes(s)))
    plan(nextWorkday(-9), status);
  if (patient) {
    const me = {
      fullName: patient.fullName ?? patient.username,
      phone: patient.phone ?? '0912345678',
      email: patient.email,
      userId: patient.id,
    };
    plan(nextWorkday(-45), 'COMPLETED', me);
    plan(nextWorkday(-30), 'COMPLETED', me);
    plan(nextWorkday(-16), 'CANCELLED', me);
    plan(nextWorkday(-8), 'COMPLETED', me);
    plan(nextWorkday(3), 'CONFIRMED', me);
    plan(nextWorkday(6), 'AWAITING_DOCTOR_APPROVAL', me);
    plan(nextWorkday(10), 'PENDING', me);
  }

  // Last touched when the trail's last step happened.
  const steps = planned.map((p) => PATHS[p.status]);
  planned.forEach((p, i) => {
    const n = steps[i]!.length;
    const visit = clinicInstant(p.row.appointmentDate, p.row.appointmentTime, timeZone).getTime();
    const end = Math.min(now.getTime(), Math.max(visit + 3_600_000, (p.row.createdAt as Date).getTime()));
    p.row.updatedAt = new Date(
      n === 0 ? (p.row.createdAt as Date).getTime() : Math.max((p.row.createdAt as Date).getTime(), end - 60_000),
    );
  });

  // Every visit through the one booking call (docs/ARCHITECTURE.md rule 6): the slot's lock and the
  // capacity the departments table gives, as any booking. A slot it finds full (a clinic that set a
  // department's capacity below the demo's two) sends the visit to another hour of the same day.
  const deps = { db, clock: { now: () => now }, timeZone };
  const events: NewAppointmentEventRow[] = [];
  const finished: DemoFinish[] = [];
  for (const [i, p] of planned.entries()) {
    const created = p.row.createdAt as Date;
    const creator = p.createdBy ? { id: p.createdBy.id, username: p.createdBy.username, role: p.createdBy.role } : null;
    const start = TIME_SLOTS.indexOf(p.row.appointmentTime as (typeof TIME_SLOTS)[number]);
    let id: number | null = null;
    for (let k = 0; k < TIME_SLOTS.length && id == null; k++) {
      const made = await tryMakeAppointment(
        db,
        deps,
        {
          person: {
            fullName: p.row.fullName,
            phone: p.row.phone,
            email: p.row.email ?? null,
            userId: p.row.userId ?? null,
          },
          slot: {
            appointmentDate: p.row.appointmentDate,
            appointmentTime: TIME_SLOTS[(start + k) % TIME_SLOTS.length]!,
            department: p.row.department,
          },
          reason: p.row.reason ?? null,
          rules: 'none',
          status: p.status,
          doctorId: p.row.doctorId ?? null,
          doctorNotifiedAt: p.row.doctorNotifiedAt ?? null,
          paymentCompleted: p.row.paymentCompleted ?? false,
          paymentAmount: p.row.paymentAmount ?? null,
          createdAt: created,
          events: [{ action: 'CREATED', note: null }],
        },
        creator,
        created,
      );
      if (made.outcome === 'OK') id = made.row.id;
    }
    if (id == null) continue;
    finished.push({
      id,
      notes: p.row.notes ?? null,
      cancelReason: p.row.cancelReason ?? null,
      doctorResponse: p.row.doctorResponse ?? null,
      emailSent: p.row.emailSent ?? false,
      reminderSent: p.row.reminderSent ?? false,
      updatedAt: p.row.updatedAt as Date,
    });
    const updated = p.row.updatedAt as Date;
    const path = steps[i]!;
    const doctor = doctors.find((d) => d.id === p.row.doctorId) ?? null;
    let from: AppointmentStatus = 'PENDING';
    path.forEach(([action, to], k) => {
      const at = new Date(created.getTime() + ((updated.getTime() - created.getTime()) * (k + 1)) / path.length);
      const actor = DOCTOR_STEPS.has(action) ? doctor : staff;
      const note =
        action === 'ASSIGN_DOCTOR'
          ? `Bác sĩ: ${doctor?.fullName ?? ''}`
          : action === 'CANCEL'
            ? (p.row.cancelReason ?? null)
            : action === 'DOCTOR_ACCEPT'
              ? 'Accepted by doctor'
              : null;
      events.push({
        appointmentId: id!,
        action,
        fromStatus: from,
        toStatus: to,
        note,
        actorId: actor?.id ?? null,
        actorName: actor?.username ?? null,
        actorRole: actor?.role ?? null,
        createdAt: at,
      });
      from = to;
    });
  }
  // What the visit's later steps left on it (the doctor's notes, a cancel's reason, the e-mails sent)
  // and its trail after the booking. One statement per few hundred events keeps far below
  // PostgreSQL's 65535 parameters.
  await finishDemoAppointments(db, finished);
  for (let i = 0; i < events.length; i += 500) await insertAppointmentEvents(db, events.slice(i, i + 500));
  return finished.length;
}

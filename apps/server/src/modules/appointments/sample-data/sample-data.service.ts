import { randomInt } from 'node:crypto';
import {
  addDays,
  addMonths,
  APPOINTMENT_TRAIL as T,
  clinicMoment,
  CONFIRMED_OR_LATER_STATUSES,
  DASHBOARD_MSG,
  isSunday,
  monthStart,
  REVENUE_STATUSES,
  SAMPLE_DATA,
  TIME_SLOTS,
  type AppointmentEventAction,
  type AppointmentStatus,
  type SampleDataProgress,
} from '@clinic/shared';
import { foldText } from '../../../lib/text';
import type { Actor, AppointmentDeps } from '../appointment-access';
import { tryMakeAppointment } from '../booking/appointment-making.service';
import { listDoctorCandidates } from '../appointments.repository';
import { GENERAL_PRACTICE } from '@clinic/shared';

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương'];
const MIDDLE = ['Thị', 'Văn', 'Minh', 'Ngọc', 'Thu', 'Thanh', 'Bảo', 'Thùy'];
const GIVEN = [
  'An',
  'Bình',
  'Chi',
  'Dung',
  'Hà',
  'Hạnh',
  'Hoa',
  'Hương',
  'Lan',
  'Linh',
  'Mai',
  'Nga',
  'Phương',
  'Thảo',
  'Trang',
  'Vy',
  'Yến',
];
const AMOUNTS = [300_000, 450_000, 500_000, 800_000, 1_200_000];

/** The audit trail's last step towards each sample status. */
const LAST_STEP: Partial<Record<AppointmentStatus, AppointmentEventAction>> = {
  COMPLETED: 'EXAMINATION_NOTES',
  PAID: 'MARK_PAID',
  CANCELLED: 'CANCEL',
  NO_SHOW: 'NO_SHOW',
  PAYMENT_REQUESTED: 'REQUEST_PAYMENT',
};
/** The sample statuses a doctor had a hand in: he took the visit on (confirmed or later), or marked her absent. */
const NEEDS_DOCTOR: readonly AppointmentStatus[] = [...CONFIRMED_OR_LATER_STATUSES, 'NO_SHOW'];

export type SampleRandom = (maxExclusive: number) => number;

/**
 * The dashboard's sample-data generator (specification section 9): for each of the last six months,
 * 8 to 15 past appointments with the specification's status weights and department codes, each
 * month in its own transaction, so the caller can report progress month by month. Slots keep their
 * capacity; nothing is e-mailed.
 */
export async function* generateSampleData(
  deps: AppointmentDeps,
  actor: Actor,
  random: SampleRandom = randomInt,
): AsyncGenerator<SampleDataProgress> {
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const pick = <X>(list: readonly X[]): X => list[random(list.length)]!;
  const weights = Object.entries(SAMPLE_DATA.statusWeights) as [AppointmentStatus, number][];
  const weighted = (): AppointmentStatus => {
    let r = random(weights.reduce((sum, [, w]) => sum + w, 0));
    for (const [status, w] of weights) if ((r -= w) < 0) return status;
    return weights[0]![0];
  };
  const note = DASHBOARD_MSG.sampleNote;
  let created = 0;
  for (let i = SAMPLE_DATA.months - 1; i >= 0; i--) {
    const first = addMonths(monthStart(today), -i);
    const days: string[] = [];
    for (let d = first; d.slice(0, 7) === first.slice(0, 7) && d < today; d = addDays(d, 1))
      if (!isSunday(d)) days.push(d);
    const wanted = SAMPLE_DATA.minPerMonth + random(SAMPLE_DATA.maxPerMonth - SAMPLE_DATA.minPerMonth + 1);
    const now = deps.clock.now();
    const made =
      days.length === 0
        ? 0
        : await deps.db.transaction(async (tx) => {
            let n = 0;
            for (let k = 0, tries = 0; k < wanted && tries < wanted * 10; tries++) {
              const slot = {
                appointmentDate: pick(days),
                appointmentTime: pick(TIME_SLOTS),
                department: pick(SAMPLE_DATA.departments),
              };
              const status = weighted();
              const doctors = NEEDS_DOCTOR.includes(status)
                ? await listDoctorCandidates(tx, slot.department, GENERAL_PRACTICE)
                : [];
              const doctor = doctors.length > 0 ? pick(doctors) : null;
              const fullName = `${pick(FAMILY)} ${pick(MIDDLE)} ${pick(GIVEN)}`;
              const phone = `09${String(random(100_000_000)).padStart(8, '0')}`;
              const email = `mau.${foldText(fullName).replace(/ /g, '.')}.${random(1000)}@example.com`;
              const paid = (REVENUE_STATUSES as readonly AppointmentStatus[]).includes(status);
              const last = LAST_STEP[status];
              // Past visits: no date rule, but a full slot is still full (another slot is tried). Nothing is e-mailed.
              const made = await tryMakeAppointment(
                tx,
                deps,
                {
                  person: { fullName, phone, email, userId: null },
                  slot,
                  reason: note,
                  rules: 'none',
                  status,
                  doctorId: doctor?.id ?? null,
                  paymentCompleted: paid,
                  paymentAmount: paid || status === 'PAYMENT_REQUESTED' ? pick(AMOUNTS) : null,
                  events: [
                    { action: 'CREATED', note },
                    ...(last
                      ? [
                          {
                            action: last,
                            from: 'PENDING' as const,
                            to: status,
                            note: doctor ? `${note} · ${T.doctor(doctor.fullName ?? doctor.email)}` : note,
                          },
                        ]
                      : []),
                  ],
                },
                actor,
                now,
              );
              if (made.outcome !== 'OK') continue;
              n++;
              k++;
            }
            return n;
          });
    created += made;
    yield {
      done: SAMPLE_DATA.months - i,
      total: SAMPLE_DATA.months,
      month: first.slice(0, 7),
      created,
      finished: false,
    };
  }
  yield { done: SAMPLE_DATA.months, total: SAMPLE_DATA.months, created, finished: true };
}

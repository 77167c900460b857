import type { CarePlan, CarePlanVisit } from '@clinic/shared';

/**
 * An antenatal plan counted from an LMP of 20 October 2025, as the server answers it: two visits done,
 * the morphology scan booked on Thursday 12 March 2026 at 09:00 (appointment 41; window 9 to 29 March,
 * weeks 20 + 0 to 22 + 6), the glucose test still to book (6 April to 10 May). Today: 10 March 2026.
 */
export function antenatalPlan(overrides: Partial<CarePlan> = {}): CarePlan {
  return {
    id: 7,
    name: 'Khám thai định kỳ',
    kind: 'ANTENATAL',
    templateId: 1,
    templateVersion: 1,
    anchor: 'LMP',
    anchorDate: '2025-10-20',
    status: 'ACTIVE',
    stopReason: null,
    stopRequestedAt: null,
    fullName: 'Trần Thị Bình',
    phone: '0912000041',
    email: 'binh@example.com',
    todayText: 'Tuần 20 + 1 ngày',
    createdAt: '2025-11-20T02:00:00.000Z',
    pendingRedate: null,
    visits: [
      planVisit(71, 'first-visit', 'Khám thai lần đầu', 'DONE', '2025-12-01', '2026-01-11', {
        id: 31,
        date: '2025-12-08',
        time: '08:30',
        status: 'COMPLETED',
        dayText: 'Tuần 7 + 0 ngày',
      }),
      planVisit(72, 'nt-scan', 'Siêu âm đo độ mờ da gáy', 'DONE', '2026-01-05', '2026-01-25', {
        id: 35,
        date: '2026-01-10',
        time: '10:00',
        status: 'COMPLETED',
        dayText: 'Tuần 11 + 5 ngày',
      }),
      planVisit(73, 'morphology', 'Siêu âm hình thái thai nhi', 'BOOKED', '2026-03-09', '2026-03-29', {
        id: 41,
        date: '2026-03-12',
        time: '09:00',
        status: 'PENDING',
        dayText: 'Tuần 20 + 3 ngày',
      }),
      planVisit(74, 'glucose', 'Nghiệm pháp dung nạp đường huyết', 'TO_BOOK', '2026-04-06', '2026-05-10', null),
    ],
    ...overrides,
  };
}

export function planVisit(
  id: number,
  key: string,
  label: string,
  state: CarePlanVisit['state'],
  windowStart: string,
  windowEnd: string,
  appointment: Omit<NonNullable<CarePlanVisit['appointment']>, 'doctorName'> | null,
): CarePlanVisit {
  return {
    id,
    key,
    label,
    department: 'OBSTETRICS',
    windowStart,
    windowEnd,
    state,
    skipReason: null,
    appointment: appointment && { doctorName: null, ...appointment },
  };
}

/** The plan as she sees it (her own list, her private link): without the contact fields. */
export function patientView(plan: CarePlan) {
  const { phone: _phone, email: _email, ...rest } = plan;
  return rest;
}

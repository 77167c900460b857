import {
  EXAMPLE_CARE_PLANS,
  type CarePlan,
  type CarePlanProposal,
  type CarePlanTemplate,
  type Role,
} from '@clinic/shared';
import { errorBody, makeUser, mockFetch, storedInfoOf, storeSession } from '@/testing/render-app';

// Tuesday 10 March 2026, 09:15 in Ho Chi Minh City.
export const NOW = new Date('2026-03-10T02:15:00Z');

export const TEMPLATES: CarePlanTemplate[] = EXAMPLE_CARE_PLANS.map((body, i) => ({
  ...body,
  id: i + 1,
  version: 1,
  example: true,
  active: true,
  plansRunning: i,
  updatedAt: '2026-03-01T01:00:00.000Z',
}));

export const PLAN: CarePlan = {
  id: 5,
  name: 'Khám thai định kỳ',
  kind: 'ANTENATAL',
  templateId: 1,
  templateVersion: 1,
  anchor: 'LMP',
  anchorDate: '2026-01-13',
  status: 'ACTIVE',
  stopReason: null,
  stopRequestedAt: '2026-03-09T03:00:00.000Z',
  fullName: 'Trần Thị Mai',
  phone: '0912345678',
  email: null,
  todayText: 'Tuần 8 + 0 ngày',
  createdAt: '2026-03-01T01:00:00.000Z',
  pendingRedate: null,
  visits: [
    {
      id: 51,
      key: 'first-visit',
      label: 'Khám thai lần đầu',
      department: 'OBSTETRICS',
      windowStart: '2026-02-24',
      windowEnd: '2026-04-06',
      state: 'DONE',
      skipReason: null,
      appointment: {
        id: 900,
        date: '2026-03-03',
        time: '09:00',
        status: 'COMPLETED',
        doctorName: 'BS. Nguyễn Văn An',
        dayText: 'Tuần 7 + 0 ngày',
      },
    },
    {
      id: 52,
      key: 'nt-scan',
      label: 'Siêu âm đo độ mờ da gáy',
      department: 'OBSTETRICS',
      windowStart: '2026-03-31',
      windowEnd: '2026-04-20',
      state: 'BOOKED',
      skipReason: null,
      appointment: {
        id: 901,
        date: '2026-04-02',
        time: '14:00',
        status: 'CONFIRMED',
        doctorName: null,
        dayText: 'Tuần 11 + 2 ngày',
      },
    },
    {
      id: 53,
      key: 'morphology',
      label: 'Siêu âm hình thái thai nhi',
      department: 'OBSTETRICS',
      windowStart: '2026-06-02',
      windowEnd: '2026-06-22',
      state: 'TO_BOOK',
      skipReason: null,
      appointment: null,
    },
  ],
};

/** The proposal for an antenatal plan at 8 weeks: one visit whose window is full, one whose window is over. */
export const PROPOSAL: CarePlanProposal = {
  templateId: 1,
  templateVersion: 1,
  name: 'Khám thai định kỳ',
  kind: 'ANTENATAL',
  visits: [
    {
      key: 'first-visit',
      label: 'Khám thai lần đầu',
      department: 'OBSTETRICS',
      windowStart: '2026-02-24',
      windowEnd: '2026-03-09',
      fromDay: 42,
      toDay: 55,
      proposal: null,
      unbookable: 'PASSED',
    },
    {
      key: 'nt-scan',
      label: 'Siêu âm đo độ mờ da gáy',
      department: 'OBSTETRICS',
      windowStart: '2026-03-31',
      windowEnd: '2026-04-20',
      fromDay: 77,
      toDay: 97,
      proposal: {
        date: '2026-03-31',
        time: '08:00',
        doctorId: 9,
        doctorName: 'BS. Nguyễn Văn An',
        dayText: 'Tuần 11 + 0 ngày',
      },
      unbookable: null,
    },
    {
      key: 'morphology',
      label: 'Siêu âm hình thái thai nhi',
      department: 'OBSTETRICS',
      windowStart: '2026-06-02',
      windowEnd: '2026-06-22',
      fromDay: 140,
      toDay: 160,
      proposal: null,
      unbookable: 'NO_PLACE',
    },
  ],
};

export type Sent = { url: string; method: string; body: unknown };
type Answer = { status?: number; body?: unknown };

/** A fake server of the care-plan calls, signed in as `role`; `answer` overrides any call. */
export function carePlanServer(
  role: Role,
  answer: (url: string, init: RequestInit) => Answer | undefined = () => undefined,
) {
  const me = makeUser({ id: 2, username: role.toLowerCase(), role, fullName: 'Lê Thị Thu Hà', specialty: null });
  storeSession(storedInfoOf(me));
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const given = answer(url, init);
    if (given) return given;
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: me };
    if (url === '/api/users/role/DOCTOR')
      return { body: [makeUser({ id: 9, username: 'doctor', role: 'DOCTOR', fullName: 'BS. Nguyễn Văn An' })] };
    if (url === '/api/care-plans/templates') return { body: { templates: TEMPLATES } };
    if (url === `/api/care-plans/${PLAN.id}`) return { body: PLAN };
    return { status: 404, body: errorBody(404, 'Không tìm thấy', 'NOT_FOUND') };
  });
  return sent;
}

/** The first answer waits for the lazy admin chunks too. */
export const firstLoad = { timeout: 5000 };

import { NOT_EXAMINABLE_REASON } from './components/patient-table';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPOINTMENT_MSG,
  paidNoShowWarning,
  PATIENT_MSG,
  SPECIALTY_TEXT,
  type PatientPage,
  type PatientSummary,
  type PatientVisit,
  type Role,
} from '@clinic/shared';
import { routes } from '@/app/router';
import { antenatalPlan } from '@/testing/care-plan-fixture';
import { makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

// Tuesday 10 March 2026, 09:15 in Ho Chi Minh City.
const NOW = new Date('2026-03-10T02:15:00Z');
/** Today in the clinic is 2026-03-10: the follow-up's quick dates. */
const FROM_NOW = { week: '2026-03-17', twoWeeks: '2026-03-24', month: '2026-04-10' };

const visit = (id: number, overrides: Partial<PatientVisit> = {}): PatientVisit => ({
  id,
  appointmentDate: '2026-03-10',
  appointmentTime: '08:00',
  department: 'GYNECOLOGY',
  departmentName: 'Khoa Phụ khoa',
  status: 'CONFIRMED',
  paymentAmount: null,
  reason: null,
  notes: null,
  doctorId: 9,
  doctorName: 'BS. Lê Thị Hồng Nhung',
  ...overrides,
});

function patient(n: number, overrides: Partial<PatientSummary> = {}): PatientSummary {
  return {
    email: `bn${n}@example.com`,
    fullName: `Bệnh nhân ${n}`,
    phone: `09120000${String(n).padStart(2, '0')}`,
    user: null,
    totalAppointments: 2,
    confirmedAppointments: 1,
    lastAppointment: null,
    nextAppointment: null,
    actionableAppointment: null,
    actionableAppointments: [],
    ...overrides,
  };
}

const TODAY_VISIT = visit(41);
const WITH_ACCOUNT = patient(1, {
  user: { id: 5, username: 'patient', gender: 'FEMALE', birth: '1992-04-05', citizenId: '079190001234' },
  lastAppointment: visit(30, { appointmentDate: '2026-02-02', status: 'COMPLETED', notes: 'Khám định kỳ ổn định' }),
  nextAppointment: TODAY_VISIT,
  actionableAppointment: TODAY_VISIT,
  actionableAppointments: [TODAY_VISIT],
});
const NOTHING_TO_EXAMINE = patient(2);
const PAGE: PatientPage = {
  items: [WITH_ACCOUNT, NOTHING_TO_EXAMINE],
  total: 12,
  page: 1,
  size: 10,
  totalPages: 2,
  cards: { totalPatients: 12, withUpcoming: 4, totalConfirmed: 15 },
};

type Sent = { url: string; method: string; body: unknown };

function server(
  role: Role,
  answer: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  const sent: Sent[] = [];
  const me = makeUser({
    id: 9,
    username: role.toLowerCase(),
    role,
    fullName: 'BS. Lê Thị Hồng Nhung',
    specialty: role === 'DOCTOR' ? 'GYNECOLOGY' : null,
  });
  mockFetch((url, init) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const custom = answer(url, init);
    if (custom) return custom;
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: me };
    if (url.startsWith('/api/patients/detail'))
      return { body: { patient: WITH_ACCOUNT, visits: [TODAY_VISIT, WITH_ACCOUNT.lastAppointment] } };
    if (url.startsWith('/api/patients')) return { body: PAGE };
    // A visit in no care plan (issue 37).
    if (url.startsWith('/api/care-plans/of-appointment/'))
      return { body: { plan: null, visitId: null, dayText: null } };
    if (url.startsWith('/api/appointments/public/availability'))
      return { body: { available: true, message: APPOINTMENT_MSG.slotAvailable, code: 'AVAILABLE', remaining: 2 } };
    return {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'Không tìm thấy', error: 'Không tìm thấy' },
    };
  });
  storeSession(storedInfoOf(me));
  return { sent, ...renderRoutes(routes, '/admin/patients') };
}

const firstLoad = { timeout: 5000 };
const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(name) }, firstLoad)).closest('tr')!;

describe('PatientControlPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the cards, each patient with account, counts, last visit and next appointment, and pages of 10', async () => {
    const { sent } = server('STAFF');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Control' }, firstLoad)).toBeInTheDocument();
    const row = await rowOf('Bệnh nhân 1');
    expect(row).toHaveTextContent('@patient · Nữ · 05/04/1992');
    expect(row).toHaveTextContent('bn1@example.com');
    expect(row).toHaveTextContent('02/02/2026');
    expect(row).toHaveTextContent('10/03/2026 · 08:00');
    expect(await rowOf('Bệnh nhân 2')).toHaveTextContent(PATIENT_MSG.noneScheduled);
    expect(
      within(screen.getByRole('list', { name: 'Thống kê bệnh nhân' })).getByText('Total Confirmed Appointments')
        .parentElement,
    ).toHaveTextContent('15');
    expect(screen.getByText('Showing 1 to 10 of 12 results')).toBeInTheDocument();
    // Staff read; only a doctor has row actions.
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(sent.find((r) => r.url.startsWith('/api/patients?'))?.url).toContain('size=10');
  });

  it('gives a doctor his actions, on the first appointment he can still examine', async () => {
    server('DOCTOR');
    expect(await screen.findByText(/Your Assigned Patients/, {}, firstLoad)).toBeInTheDocument();
    const none = await rowOf('Bệnh nhân 2');
    expect(within(none).getByRole('button', { name: /Ghi chú khám/ })).toBeDisabled();
    expect(within(none).getByRole('button', { name: /không đến khám/ })).toBeDisabled();
    // A disabled action says why, on screen and to a screen reader (issue 25).
    expect(within(none).getByText(NOT_EXAMINABLE_REASON)).toBeVisible();
    expect(within(none).getByRole('button', { name: /Ghi chú khám/ })).toHaveAccessibleDescription(
      NOT_EXAMINABLE_REASON,
    );
    expect(within(none).getByRole('button', { name: /không đến khám/ })).toHaveAccessibleDescription(
      NOT_EXAMINABLE_REASON,
    );
    const able = await rowOf('Bệnh nhân 1');
    expect(within(able).getByRole('button', { name: /Ghi chú khám/ })).toBeEnabled();
    expect(within(able).queryByText(NOT_EXAMINABLE_REASON)).not.toBeInTheDocument();
  });

  it("shows each next visit's department, and marks for the doctor his visit outside his specialty (issue 35)", async () => {
    const outside = patient(3, {
      nextAppointment: visit(43, { department: 'GENERAL_PRACTICE', departmentName: 'Khoa Khám tổng quát' }),
    });
    const page = { ...PAGE, items: [WITH_ACCOUNT, outside] };
    server('DOCTOR', (url) => (url.startsWith('/api/patients?') ? { body: page } : undefined));
    const gp = await rowOf('Bệnh nhân 3');
    expect(gp).toHaveTextContent('Khoa Khám tổng quát');
    expect(gp).toHaveTextContent(SPECIALTY_TEXT.outsideYours);
    const own = await rowOf('Bệnh nhân 1');
    expect(own).toHaveTextContent('Khoa Phụ khoa');
    expect(own).not.toHaveTextContent(SPECIALTY_TEXT.outsideYours);
  });

  it('lets the front desk add a patient, checks the form first, and shows the temporary password once', async () => {
    const created = {
      message: 'Đã tạo tài khoản bệnh nhân',
      user: makeUser({
        id: 70,
        username: 'lan@example.com',
        email: 'lan@example.com',
        role: 'PATIENT',
        fullName: 'Trần Thị Lan',
        mustChangePassword: true,
      }),
      temporaryPassword: 'Tam-4Lq8-zR2n',
      linkedAppointments: 0,
    };
    const { sent, user } = server('STAFF', (url, init) =>
      url === '/api/patients' && init.method === 'POST' ? { status: 201, body: created } : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Patient' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Add Patient' });
    await user.type(within(dialog).getByLabelText(/Email/), 'khong-phai-email');
    await user.click(within(dialog).getByRole('button', { name: 'Tạo tài khoản' }));
    expect(within(dialog).getByText('Vui lòng nhập họ và tên')).toBeInTheDocument();
    expect(within(dialog).getByText('Email không hợp lệ')).toBeInTheDocument();
    expect(sent.some((r) => r.url === '/api/patients' && r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Họ và tên/), 'Trần Thị Lan');
    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'Lan@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Tạo tài khoản' }));
    const done = await screen.findByRole('dialog', { name: 'Tài khoản bệnh nhân đã được tạo' });
    expect(within(done).getByRole('status', { name: 'Mật khẩu tạm thời' })).toHaveTextContent('Tam-4Lq8-zR2n');
    expect(sent.find((r) => r.url === '/api/patients' && r.method === 'POST')?.body).toEqual({
      fullName: 'Trần Thị Lan',
      email: 'Lan@Example.com',
      phone: '',
      birth: '',
      gender: null,
    });
  });

  it('offers Add Patient to the front desk only', async () => {
    server('DOCTOR');
    expect(await screen.findByText(/Your Assigned Patients/, {}, firstLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Patient' })).not.toBeInTheDocument();
  });

  it('shows the patient and the visit history', async () => {
    const { user } = server('DOCTOR');
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: /Xem chi tiết/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Chi tiết bệnh nhân' });
    expect(within(dialog).getByText('Số định danh cá nhân (CCCD)').nextElementSibling).toHaveTextContent(
      '079190001234',
    );
    const history = await within(dialog).findByRole('table');
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText(PATIENT_MSG.noNotes)).toBeInTheDocument();
    expect(within(history).getByText('Khám định kỳ ổn định')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows on the visit he writes notes for the care plan it belongs to, its milestone and the week that day (issue 37)', async () => {
    const { user } = server('DOCTOR', (url) =>
      url === '/api/care-plans/of-appointment/41'
        ? { body: { plan: antenatalPlan(), visitId: 73, dayText: 'Tuần 20 + 3 ngày' } }
        : undefined,
    );
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: /Ghi chú khám/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ghi chú khám bệnh' });
    const block = await within(dialog).findByRole('region', { name: 'Kế hoạch chăm sóc' });
    expect(within(block).getByText('Mốc của lượt khám này').nextElementSibling).toHaveTextContent(
      'Siêu âm hình thái thai nhi',
    );
    expect(within(block).getByText('Vào ngày khám').nextElementSibling).toHaveTextContent('Tuần 20 + 3 ngày');
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Khám thai lần đầu'), expect.stringContaining('Siêu âm đo độ mờ da gáy')]);
  });

  it('saves notes with a follow-up only once its date and time are chosen', async () => {
    const { user, sent } = server('DOCTOR', (url, init) =>
      url === '/api/appointments/41' && init.method === 'PUT'
        ? {
            body: {
              message: APPOINTMENT_MSG.notesCompleted,
              appointment: {},
              emailStatus: 'none',
              followUp: { id: 99, appointmentDate: '2026-03-24', appointmentTime: '09:00' },
            },
          }
        : undefined,
    );
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: /Ghi chú khám/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ghi chú khám bệnh' });
    expect(within(dialog).getByText(PATIENT_MSG.notSpecified)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kết quả khám')).toHaveValue('COMPLETED');
    expect(within(dialog).getByLabelText('Ghi chú của bác sĩ')).toHaveAttribute('rows', '6');
    await user.type(within(dialog).getByLabelText('Ghi chú của bác sĩ'), 'Siêu âm bình thường');
    expect(within(dialog).getByRole('button', { name: 'Save Notes' })).toBeEnabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Lên lịch tái khám cho bệnh nhân' }));
    const save = within(dialog).getByRole('button', { name: 'Save Notes & Schedule Follow-up' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByText(APPOINTMENT_MSG.followUpDateTimeRequired)).toBeInTheDocument();
    // The quick dates count from today; a typed date replaces them.
    await user.click(within(dialog).getByRole('button', { name: '+1 tuần' }));
    expect(within(dialog).getByLabelText(/Ngày tái khám/)).toHaveValue(FROM_NOW.week);
    await user.click(within(dialog).getByRole('button', { name: '+2 tuần' }));
    expect(within(dialog).getByLabelText(/Ngày tái khám/)).toHaveValue(FROM_NOW.twoWeeks);
    await user.click(within(dialog).getByRole('button', { name: '+1 tháng' }));
    expect(within(dialog).getByLabelText(/Ngày tái khám/)).toHaveValue(FROM_NOW.month);
    await user.clear(within(dialog).getByLabelText(/Ngày tái khám/));
    await user.type(within(dialog).getByLabelText(/Ngày tái khám/), '2026-03-24');
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '09:00' }));
    await within(dialog).findByText(APPOINTMENT_MSG.slotAvailable);
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((r) => r.url === '/api/appointments/41' && r.method === 'PUT')?.body).toEqual({
      notes: 'Siêu âm bình thường',
      status: 'COMPLETED',
      followUp: { appointmentDate: '2026-03-24', appointmentTime: '09:00', reason: null, department: 'GYNECOLOGY' },
    });
    expect(await screen.findByText(new RegExp(APPOINTMENT_MSG.notesCompleted))).toBeInTheDocument();
  });

  it('moves a quick follow-up date off a Sunday to the Monday and says so (issue 35)', async () => {
    // Sunday 15 March 2026: a week later is Sunday 22 March, when the clinic is closed.
    vi.setSystemTime(new Date('2026-03-15T02:15:00Z'));
    const { user } = server('DOCTOR');
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: /Ghi chú khám/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ghi chú khám bệnh' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lên lịch tái khám cho bệnh nhân' }));
    await user.click(within(dialog).getByRole('button', { name: '+1 tuần' }));
    expect(within(dialog).getByLabelText(/Ngày tái khám/)).toHaveValue('2026-03-23');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '22/03/2026 là Chủ nhật, phòng khám nghỉ: đã chọn ngày làm việc kế tiếp, Thứ Hai, 23 tháng 3, 2026.',
    );
    expect(within(dialog).queryByText(APPOINTMENT_MSG.sundayClosed)).not.toBeInTheDocument();
    // A date she types herself says nothing of the kind.
    await user.clear(within(dialog).getByLabelText(/Ngày tái khám/));
    await user.type(within(dialog).getByLabelText(/Ngày tái khám/), '2026-03-24');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('marks a patient as not come after asking', async () => {
    const { user, sent } = server('DOCTOR', (url, init) =>
      url === '/api/appointments/41' && init.method === 'PUT'
        ? { body: { message: APPOINTMENT_MSG.noShowMarked, appointment: {}, emailStatus: 'none', followUp: null } }
        : undefined,
    );
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: /không đến khám/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Đánh dấu không đến khám' });
    await user.click(within(dialog).getByRole('button', { name: 'Không đến khám' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/appointments/41',
      body: { status: 'NO_SHOW' },
    });
    expect(await screen.findByText(APPOINTMENT_MSG.noShowMarked)).toBeInTheDocument();
  });
  describe('the visit notes and no-show act on, chosen by the doctor', () => {
    const PAID_TODAY = visit(42, {
      appointmentTime: '14:00',
      status: 'PAID',
      paymentAmount: 300000,
      reason: 'Siêu âm thai',
    });
    const LAST_WEEK = visit(35, { appointmentDate: '2026-03-03', appointmentTime: '09:30', reason: 'Tái khám' });
    const THREE_VISITS = patient(3, {
      actionableAppointment: TODAY_VISIT,
      actionableAppointments: [TODAY_VISIT, PAID_TODAY, LAST_WEEK],
    });
    const page3: PatientPage = { ...PAGE, items: [THREE_VISITS], total: 1, totalPages: 1 };
    const withThree = (answer: Parameters<typeof server>[1] = () => undefined) =>
      server(
        'DOCTOR',
        (url, init) => answer(url, init) ?? (url.startsWith('/api/patients?') ? { body: page3 } : undefined),
      );
    const noShowAnswer = (url: string, init: RequestInit) =>
      init.method === 'PUT' && url.startsWith('/api/appointments/')
        ? { body: { message: APPOINTMENT_MSG.noShowMarkedPaid, appointment: {}, emailStatus: 'none', followUp: null } }
        : undefined;

    it("offers today's visits first, today's first visit chosen, and writes the notes on the visit he picks", async () => {
      const { user, sent } = withThree((url, init) =>
        init.method === 'PUT' && url === '/api/appointments/35'
          ? { body: { message: APPOINTMENT_MSG.notesCompleted, appointment: {}, emailStatus: 'none', followUp: null } }
          : undefined,
      );
      await user.click(within(await rowOf('Bệnh nhân 3')).getByRole('button', { name: /Ghi chú khám/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Ghi chú khám bệnh' });
      const choice = within(dialog).getByRole('group', { name: 'Lịch hẹn' });
      const options = within(choice).getAllByRole('radio');
      expect(options.map((o) => o.closest('label')!.textContent)).toEqual([
        expect.stringMatching(/^Hôm nay · 08:00/),
        expect.stringMatching(/^Hôm nay · 14:00/),
        expect.stringMatching(/^03\/03\/2026 · 09:30/),
      ]);
      expect(options[0]).toBeChecked();
      expect(within(dialog).getByText('10/03/2026')).toBeInTheDocument();

      await user.click(options[2]!);
      expect(within(dialog).getByText('03/03/2026')).toBeInTheDocument();
      expect(within(dialog).getByText('Tái khám')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Ghi chú của bác sĩ'), 'Ổn định');
      await user.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sent.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual(['/api/appointments/35']);
    });

    it('says what happens to the payment before a paid visit is marked missed, and confirms it to the server', async () => {
      const { user, sent } = withThree(noShowAnswer);
      await user.click(within(await rowOf('Bệnh nhân 3')).getByRole('button', { name: /không đến khám/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Đánh dấu không đến khám' });
      expect(within(dialog).queryByText(/đã thanh toán 300\.000 VNĐ/)).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('radio', { name: /Hôm nay · 14:00/ }));
      expect(within(dialog).getByText(paidNoShowWarning(300000))).toBeInTheDocument();
      expect(within(dialog).getByText(/không đến lịch hẹn 10\/03\/2026 · 14:00/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Không đến khám' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
        url: '/api/appointments/42',
        body: { status: 'NO_SHOW', confirmPaidNoShow: true },
      });
      expect(await screen.findByText(APPOINTMENT_MSG.noShowMarkedPaid)).toBeInTheDocument();
    });

    it('warns in the notes window too when the outcome is "Không đến khám" on a paid visit', async () => {
      const { user, sent } = withThree(noShowAnswer);
      await user.click(within(await rowOf('Bệnh nhân 3')).getByRole('button', { name: /Ghi chú khám/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Ghi chú khám bệnh' });
      await user.click(within(dialog).getByRole('radio', { name: /Hôm nay · 14:00/ }));
      expect(within(dialog).queryByText(paidNoShowWarning(300000))).not.toBeInTheDocument();
      await user.selectOptions(within(dialog).getByLabelText('Kết quả khám'), 'NO_SHOW');
      expect(within(dialog).getByText(paidNoShowWarning(300000))).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
        url: '/api/appointments/42',
        body: { status: 'NO_SHOW', confirmPaidNoShow: true },
      });
    });
  });
});

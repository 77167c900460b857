import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPOINTMENT_MSG,
  BOOKING_UI_MSG,
  CREATE_ACCOUNTS_MSG,
  DEPARTMENTS,
  type AppointmentMessage,
  type AppointmentPage,
  type BulkResult,
  type CreateAccountsResult,
  type StaffWaitingEntry,
} from '@clinic/shared';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { antenatalPlan } from '@/testing/care-plan-fixture';
import {
  errorBody,
  makeUser,
  mockFetch,
  pickDate,
  renderRoutes,
  storedInfoOf,
  storeSession,
} from '@/testing/render-app';

// Tuesday 10 March 2026, 09:15 in Ho Chi Minh City.
const NOW = new Date('2026-03-10T02:15:00Z');

const ITEMS = [
  appointment(1, 'PENDING'),
  appointment(2, 'CONFIRMED', {
    doctorId: 9,
    doctor: { id: 9, fullName: 'BS. Lê Thị Hồng Nhung', specialty: 'GYNECOLOGY', email: 'd@x.vn' },
  }),
  appointment(3, 'PAID', { paymentAmount: 500000 }),
  appointment(4, 'PENDING', { doctorResponse: 'Bận ca mổ' }),
];
const PAGE: AppointmentPage = { items: ITEMS, total: 4, page: 1, size: 20, totalPages: 1, totalCapped: false };
const STATS = {
  totalAppointments: 4,
  pendingAppointments: 2,
  confirmedAppointments: 1,
  todaysAppointments: 0,
  awaitingDoctorAppointments: 0,
};

type Sent = { url: string; method: string; body: unknown };

function server(
  overrides: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  const sent: Sent[] = [];
  const fetchMock = mockFetch((url, init) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = overrides(url, init);
    if (answer) return answer;
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile')
      return {
        body: makeUser({ id: 2, username: 'staff', role: 'STAFF', fullName: 'Lê Thị Thu Hà', specialty: null }),
      };
    if (url.startsWith('/api/appointments/stats')) return { body: STATS };
    if (url.startsWith('/api/appointments/public/departments'))
      return { body: DEPARTMENTS.map((d) => ({ ...d, slotCapacity: 3 })) };
    if (url.startsWith('/api/appointments/public/availability'))
      return { body: { available: true, message: APPOINTMENT_MSG.slotAvailable, code: 'AVAILABLE', remaining: 2 } };
    if (/\/api\/appointments\/\d+\/doctor-candidates/.test(url))
      return {
        body: [
          {
            id: 9,
            fullName: 'BS. Lê Thị Hồng Nhung',
            email: 'd@x.vn',
            specialty: 'GYNECOLOGY',
            specialtyName: 'Phụ khoa',
            dayLoad: 1,
          },
          { id: 10, fullName: 'BS. Trần Văn Bình', email: 'b@x.vn', specialty: null, specialtyName: null, dayLoad: 0 },
        ],
      };
    if (/\/api\/appointments\/\d+\/history/.test(url)) return { body: [] };
    if (/\/api\/appointments\/\d+\/messages/.test(url)) return { body: { messages: [] } };
    if (/\/api\/appointments\/\d+\/payments/.test(url)) return { body: { payments: [], flags: [], refunds: [] } };
    if (url.startsWith('/api/appointments/waiting-list?')) return { body: { entries: [] } };
    // A visit in no care plan (issue 37).
    if (url.startsWith('/api/care-plans/of-appointment/'))
      return { body: { plan: null, visitId: null, dayText: null } };
    if (url.startsWith('/api/appointments?') || url === '/api/appointments') return { body: PAGE };
    return {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'Không tìm thấy', error: 'Không tìm thấy' },
    };
  });
  return { sent, fetchMock };
}

function open() {
  const staff = makeUser({ id: 2, username: 'staff', role: 'STAFF', fullName: 'Lê Thị Thu Hà', specialty: null });
  storeSession(storedInfoOf(staff));
  return renderRoutes(routes, '/admin/bookings');
}

/** The first answer waits for the lazy admin chunks too. */
const firstLoad = { timeout: 5000 };
const rowOf = async (name: string) => (await screen.findByRole('button', { name }, firstLoad)).closest('tr')!;

describe('BookingManagerPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });
  afterEach(() => vi.useRealTimers());

  it("lists the page with its cards, each row's next step, and says a doctor declined", async () => {
    server();
    open();
    expect(await screen.findByRole('heading', { name: 'Quản lý Lịch hẹn' }, firstLoad)).toBeInTheDocument();
    expect(
      await within(screen.getByRole('list', { name: 'Thống kê lịch hẹn' })).findByRole('button', {
        name: /Chờ xác nhận\s*2/,
      }),
    ).toBeInTheDocument();
    expect(within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: /Chỉ định bác sĩ/ })).toBeInTheDocument();
    expect(within(await rowOf('Bệnh nhân 2')).getByRole('button', { name: /Yêu cầu thanh toán/ })).toBeInTheDocument();
    const declined = await rowOf('Bệnh nhân 4');
    expect(within(declined).getByText('Bác sĩ đã từ chối')).toBeInTheDocument();
    expect(within(declined).getByRole('button', { name: /Chỉ định lại bác sĩ/ })).toBeInTheDocument();
  });

  it('asks for a doctor before assigning one, then sends the choice', async () => {
    const { sent } = server((url, init) =>
      url === '/api/appointments/1/assign-doctor' && init.method === 'PUT'
        ? { body: { message: APPOINTMENT_MSG.doctorAssigned, appointment: ITEMS[0], emailStatus: 'none' } }
        : undefined,
    );
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: /Chỉ định bác sĩ/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Chỉ định bác sĩ' });
    await within(dialog).findByRole('combobox', { name: 'Bác sĩ' });
    await user.click(within(dialog).getByRole('button', { name: 'Chỉ định' }));
    expect(within(dialog).getByText(APPOINTMENT_MSG.doctorRequired)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Bác sĩ' }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Chỉ định' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((r) => r.url === '/api/appointments/1/assign-doctor')?.body).toEqual({ doctorId: 9 });
    expect(await screen.findByText(APPOINTMENT_MSG.doctorAssigned)).toBeInTheDocument();
  });

  it("shows each doctor's load that day and picks the only fitting doctor by itself", async () => {
    const { sent } = server((url, init) => {
      if (url === '/api/appointments/1/doctor-candidates')
        return {
          body: [
            {
              id: 9,
              fullName: 'BS. Lê Thị Hồng Nhung',
              email: 'd@x.vn',
              specialty: null,
              specialtyName: null,
              dayLoad: 4,
            },
          ],
        };
      return url === '/api/appointments/1/assign-doctor' && init.method === 'PUT'
        ? { body: { message: APPOINTMENT_MSG.doctorAssigned, appointment: ITEMS[0], emailStatus: 'none' } }
        : undefined;
    });
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: /Chỉ định bác sĩ/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Chỉ định bác sĩ' });
    const select = await within(dialog).findByRole('combobox', { name: 'Bác sĩ' });
    expect(select).toHaveValue('9');
    expect(within(select).getByRole('option', { name: /4 lịch hẹn ngày này/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Chỉ định' }));
    await waitFor(() =>
      expect(sent.find((r) => r.url === '/api/appointments/1/assign-doctor')?.body).toEqual({ doctorId: 9 }),
    );
  });

  it('assigns several selected pending bookings to one doctor at once and reports each', async () => {
    const { sent } = server((url) => {
      if (url === '/api/users/role/DOCTOR')
        return { body: [makeUser({ id: 9, username: 'nhung', fullName: 'BS. Lê Thị Hồng Nhung', role: 'DOCTOR' })] };
      if (url === '/api/appointments/bulk/assign-doctor')
        return {
          body: {
            success: 2,
            skipped: 0,
            failed: 0,
            results: [
              { id: 1, outcome: 'success', code: null, reason: null },
              { id: 4, outcome: 'success', code: null, reason: null },
            ],
            message: 'Thành công: 2',
          },
        };
      return undefined;
    });
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('checkbox'));
    await user.click(within(await rowOf('Bệnh nhân 3')).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: 'Thao tác hàng loạt' });
    // A paid booking in the selection keeps the button off.
    expect(within(bar).getByRole('button', { name: /Chỉ định bác sĩ/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(await rowOf('Bệnh nhân 3')).getByRole('checkbox'));
    await user.click(within(await rowOf('Bệnh nhân 4')).getByRole('checkbox'));
    await user.click(within(bar).getByRole('button', { name: 'Chỉ định bác sĩ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chỉ định bác sĩ cho 2 lịch hẹn' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Bác sĩ' }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Chỉ định' }));
    await waitFor(() =>
      expect(sent.find((r) => r.url === '/api/appointments/bulk/assign-doctor')?.body).toEqual({
        ids: [1, 4],
        doctorId: 9,
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Chỉ định bác sĩ: kết quả' })).toBeInTheDocument();
  });

  it("checks the payment amount with the specification's messages before sending it", async () => {
    const { sent } = server((url) =>
      url === '/api/appointments/2/request-payment'
        ? { body: { message: APPOINTMENT_MSG.paymentRequested, appointment: ITEMS[1], emailStatus: 'failed' } }
        : undefined,
    );
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 2')).getByRole('button', { name: /Yêu cầu thanh toán/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Yêu cầu thanh toán' });
    const amount = within(dialog).getByLabelText('Số tiền (VNĐ)');
    await user.click(within(dialog).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(within(dialog).getByText(APPOINTMENT_MSG.amountRequired)).toBeInTheDocument();
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(within(dialog).getByText(APPOINTMENT_MSG.amountPositive)).toBeInTheDocument();
    expect(sent.some((r) => r.url.endsWith('/request-payment'))).toBe(false);
    await user.clear(amount);
    await user.type(amount, '450.000');
    await user.click(within(dialog).getByRole('button', { name: 'Gửi yêu cầu' }));
    await waitFor(() =>
      expect(sent.find((r) => r.url === '/api/appointments/2/request-payment')?.body).toEqual({ amount: 450000 }),
    );
    // Done, but the patient was not told: the success says so.
    expect(await screen.findByText(new RegExp(BOOKING_UI_MSG.emailFailedNote.slice(0, 30)))).toBeInTheDocument();
  });

  it('needs a cancel reason of at most 500 characters, and offers the refund for a paid appointment', async () => {
    const { sent } = server((url) =>
      url === '/api/appointments/3/cancel'
        ? { body: { message: APPOINTMENT_MSG.cancelledWithRefund, appointment: ITEMS[2], emailStatus: 'sent' } }
        : undefined,
    );
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 3')).getByRole('button', { name: 'Thao tác cho lịch hẹn #3' }));
    expect(screen.queryByRole('menuitem', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Hủy và hoàn tiền' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hủy lịch hẹn và hoàn tiền' });
    await user.click(within(dialog).getByRole('button', { name: 'Hủy và hoàn tiền' }));
    expect(within(dialog).getByText(APPOINTMENT_MSG.cancelReasonRequired)).toBeInTheDocument();
    const reason = within(dialog).getByLabelText('Lý do hủy');
    await user.click(reason);
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByText('501/500 ký tự')).toBeInTheDocument();
    expect(within(dialog).getByText(APPOINTMENT_MSG.cancelReasonTooLong)).toBeInTheDocument();
    await user.clear(reason);
    await user.type(reason, 'Bệnh nhân đổi ý');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy và hoàn tiền' }));
    await waitFor(() =>
      expect(sent.find((r) => r.url === '/api/appointments/3/cancel')?.body).toEqual({
        reason: 'Bệnh nhân đổi ý',
        refundRequired: true,
      }),
    );
  });

  it('enables each bulk action only when every selected appointment allows it, and reports each one', async () => {
    const result: BulkResult = {
      success: 1,
      skipped: 1,
      failed: 0,
      results: [
        { id: 1, outcome: 'success', code: null, reason: null },
        { id: 4, outcome: 'skipped', code: 'ALREADY_IN_STATUS', reason: 'Lịch hẹn đã ở trạng thái "Đã hủy"' },
      ],
      message: 'Thành công: 1, bỏ qua: 1, thất bại: 0',
    };
    const { sent } = server((url) => (url === '/api/appointments/bulk/cancel' ? { body: result } : undefined));
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('checkbox'));
    await user.click(within(await rowOf('Bệnh nhân 3')).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: 'Thao tác hàng loạt' });
    // A paid appointment blocks a cancel; a pending one blocks payments.
    expect(within(bar).getByRole('button', { name: /Hủy hàng loạt/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(bar).getByRole('button', { name: /Yêu cầu thanh toán/ })).toHaveAttribute('aria-disabled', 'true');
    // Only an administrator deletes.
    expect(within(bar).queryByRole('button', { name: /Xóa vĩnh viễn/ })).not.toBeInTheDocument();

    await user.click(within(await rowOf('Bệnh nhân 3')).getByRole('checkbox'));
    await user.click(within(await rowOf('Bệnh nhân 4')).getByRole('checkbox'));
    const cancel = within(bar).getByRole('button', { name: 'Hủy hàng loạt' });
    expect(cancel).not.toHaveAttribute('aria-disabled');
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Hủy 2 lịch hẹn' });
    await user.type(within(dialog).getByLabelText('Lý do hủy'), 'Phòng khám nghỉ đột xuất');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy các lịch hẹn' }));
    const report = await screen.findByRole('dialog', { name: /kết quả/ });
    expect(within(report).getByText('Lịch hẹn đã ở trạng thái "Đã hủy"')).toBeInTheDocument();
    expect(sent.find((r) => r.url === '/api/appointments/bulk/cancel')?.body).toEqual({
      ids: [1, 4],
      reason: 'Phòng khám nghỉ đột xuất',
    });
    expect(await screen.findByText(BOOKING_UI_MSG.bulkCancelFailed)).toBeInTheDocument();
  });

  it('creates patient accounts for the selected appointments and shows each temporary password once, with what was skipped', async () => {
    const result: CreateAccountsResult = {
      created: [
        {
          userId: 40,
          username: 'benhnhan1@example.com',
          email: 'benhnhan1@example.com',
          fullName: 'Bệnh nhân 1',
          temporaryPassword: 'Tam-7Kq2-xP9m',
          linkedAppointments: 2,
        },
      ],
      skipped: [
        { appointmentId: 4, email: 'patient@example.com', reason: CREATE_ACCOUNTS_MSG.exists('patient@example.com') },
      ],
      message: CREATE_ACCOUNTS_MSG.summary(1, 1),
    };
    const { sent } = server((url) => (url === '/api/appointments/bulk/create-accounts' ? { body: result } : undefined));
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('checkbox'));
    await user.click(within(await rowOf('Bệnh nhân 4')).getByRole('checkbox'));
    await user.click(
      within(screen.getByRole('region', { name: 'Thao tác hàng loạt' })).getByRole('button', { name: 'Tạo tài khoản' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Tạo tài khoản bệnh nhân' });
    await user.click(within(confirm).getByRole('button', { name: 'Tạo tài khoản' }));

    const report = await screen.findByRole('dialog', { name: /Tạo tài khoản hàng loạt: kết quả/ });
    expect(sent.find((r) => r.url === '/api/appointments/bulk/create-accounts')?.body).toEqual({ ids: [1, 4] });
    expect(within(report).getByRole('row', { name: /benhnhan1@example.com Tam-7Kq2-xP9m 2/ })).toBeInTheDocument();
    expect(within(report).getByText('Tài khoản với email patient@example.com đã tồn tại')).toBeInTheDocument();
  });

  it('says "Có lỗi xảy ra khi tạo tài khoản hàng loạt" when the accounts cannot be created', async () => {
    server((url) => (url === '/api/appointments/bulk/create-accounts' ? { status: 500, body: {} } : undefined));
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 1')).getByRole('checkbox'));
    await user.click(
      within(screen.getByRole('region', { name: 'Thao tác hàng loạt' })).getByRole('button', { name: 'Tạo tài khoản' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Tạo tài khoản bệnh nhân' })).getByRole('button', {
        name: 'Tạo tài khoản',
      }),
    );
    expect(await screen.findByText(CREATE_ACCOUNTS_MSG.failed)).toBeInTheDocument();
  });

  it("edits with the required fields, a date from today, a time reset when the date changes, and the new slot's availability", async () => {
    const { sent } = server((url, init) => {
      if (url === '/api/appointments/2' && init.method === 'PUT')
        return {
          body: {
            message: APPOINTMENT_MSG.updated,
            appointment: ITEMS[1],
            changes: [],
            emailQueued: true,
            emailStatus: 'sent',
          },
        };
      if (url.startsWith('/api/appointments/public/availability') && url.includes('time=14%3A00'))
        return { body: { available: false, message: APPOINTMENT_MSG.slotFull, code: 'SLOT_FULL', remaining: 0 } };
      return undefined;
    });
    const { user } = open();
    await user.click(within(await rowOf('Bệnh nhân 2')).getByRole('button', { name: 'Thao tác cho lịch hẹn #2' }));
    await user.click(screen.getByRole('menuitem', { name: 'Chỉnh sửa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chỉnh sửa lịch hẹn #2' });
    const name = within(dialog).getByLabelText('Họ tên');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await within(dialog).findByText(APPOINTMENT_MSG.requiredFields)).toBeInTheDocument();
    await user.type(name, 'Bệnh nhân Hai');

    const date = within(dialog).getByLabelText('Ngày khám');
    expect(date).toHaveAttribute('min', '2026-03-10');
    // A day in the past is refused with the specification's sentence.
    pickDate(date, '2026-03-09');
    expect(await within(dialog).findByText(APPOINTMENT_MSG.pastDate)).toBeInTheDocument();
    // Another day: the time is chosen again, among that day's slots, and the slot is checked.
    pickDate(date, '2026-03-13');
    expect(within(dialog).getByRole('radiogroup', { name: 'Giờ khám' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '14:00' }));
    expect(await within(dialog).findByText(APPOINTMENT_MSG.slotFull)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lưu thay đổi' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '15:00' }));
    expect(await within(dialog).findByText(APPOINTMENT_MSG.slotAvailable)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() =>
      expect(sent.find((r) => r.url === '/api/appointments/2' && r.method === 'PUT')?.body).toMatchObject({
        fullName: 'Bệnh nhân Hai',
        appointmentDate: '2026-03-13',
        appointmentTime: '15:00',
      }),
    );
  });

  it('sends the patient a new management link from the detail, and says when its e-mail must wait', async () => {
    const { sent } = server((url, init) =>
      url === '/api/appointments/1/manage-link' && init.method === 'POST'
        ? { body: { message: APPOINTMENT_MSG.manageLinkSent, emailStatus: 'failed' } }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: /Lịch hẹn #1/ });
    // Nothing asked to pay yet: the field says so with its dash, not an empty line.
    expect(within(dialog).getByText('Thanh toán').nextElementSibling).toHaveTextContent(/^—$/);
    await user.click(within(dialog).getByRole('button', { name: 'Gửi lại liên kết' }));
    expect(
      await screen.findByText(`${APPOINTMENT_MSG.manageLinkSent} ${BOOKING_UI_MSG.emailFailedNote}`),
    ).toBeInTheDocument();
    expect(sent.filter((r) => r.url === '/api/appointments/1/manage-link' && r.method === 'POST')).toHaveLength(1);
  });

  it('starts a care plan from the detail, prefilled with her name, phone and e-mail (issue 37)', async () => {
    server((url) => (url === '/api/care-plans/templates' ? { body: { templates: [] } } : undefined));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad));
    const detail = await screen.findByRole('dialog', { name: /Lịch hẹn #1/ });
    await user.click(within(detail).getByRole('button', { name: 'Tạo kế hoạch chăm sóc' }));
    const start = await screen.findByRole('dialog', { name: 'Tạo kế hoạch chăm sóc' }, firstLoad);
    expect(screen.queryByRole('dialog', { name: /Lịch hẹn #1/ })).toBeNull();
    expect(within(start).getByLabelText('Họ tên')).toHaveValue('Bệnh nhân 1');
    expect(within(start).getByLabelText('Số điện thoại')).toHaveValue(ITEMS[0]!.phone);
    expect(within(start).getByLabelText('Email (không bắt buộc)')).toHaveValue(ITEMS[0]!.email);
  });

  it('shows on the detail of a visit of a care plan the plan, its milestone and the visits before it, and nothing for another (issue 37)', async () => {
    const { sent } = server((url) =>
      url === '/api/care-plans/of-appointment/1'
        ? { body: { plan: antenatalPlan(), visitId: 73, dayText: 'Tuần 20 + 3 ngày' } }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: /Lịch hẹn #1/ });
    const block = await within(dialog).findByRole('region', { name: 'Kế hoạch chăm sóc' });
    expect(block).toHaveTextContent('Siêu âm hình thái thai nhi');
    expect(block).toHaveTextContent('Tuần 20 + 3 ngày');
    expect(within(block).getAllByRole('listitem')).toHaveLength(2);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: 'Bệnh nhân 2' }));
    const other = await screen.findByRole('dialog', { name: /Lịch hẹn #2/ });
    await waitFor(() => expect(sent.some((r) => r.url === '/api/care-plans/of-appointment/2')).toBe(true));
    expect(within(other).queryByText('Kế hoạch chăm sóc')).not.toBeInTheDocument();
  });

  it('offers no new management link for an appointment without an e-mail', async () => {
    // The detail, read afresh, has no e-mail (the row still had one).
    server((url) =>
      url === '/api/appointments/4' ? { body: { ...ITEMS[3], fullName: 'Bệnh nhân Bốn', email: null } } : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Bệnh nhân 4' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: /Lịch hẹn #4/ });
    expect(await within(dialog).findByText('Bệnh nhân Bốn')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Gửi lại liên kết' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, with a retry', async () => {
    server((url) =>
      url.startsWith('/api/appointments?')
        ? {
            status: 500,
            body: { statusCode: 500, code: 'X', message: 'Hệ thống đang gặp sự cố. Vui lòng thử lại sau.', error: '' },
          }
        : undefined,
    );
    open();
    expect(await screen.findByText(BOOKING_UI_MSG.loadFailed, {}, firstLoad)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });
});

/** Page `n` of a 15-row list (three pages of 5), its cursor naming the page as the server would. */
function pageOf(url: string): AppointmentPage {
  const n = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
  const items = Array.from({ length: 5 }, (_, i) => appointment(100 * n + i, 'COMPLETED'));
  return {
    items,
    total: 15,
    page: n,
    size: 5,
    totalPages: 3,
    totalCapped: false,
    cursor: `c1.${n}.${items[0]!.id}.${items.at(-1)!.id}.0123abcd`,
  };
}
const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('The lists page from the page on screen (issue 29)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });
  afterEach(() => vi.useRealTimers());

  it('Booking Manager asks for the next, a numbered and the previous page with the cursor of the page it shows', async () => {
    const { sent } = server((url) => (url.startsWith('/api/appointments?') ? { body: pageOf(url) } : undefined));
    const { user } = open();
    await screen.findByRole('button', { name: 'Bệnh nhân 100' }, firstLoad);
    const lists = () => sent.filter((r) => r.url.startsWith('/api/appointments?')).map((r) => paramsOf(r.url));
    expect(lists()[0]).not.toHaveProperty('cursor');

    await user.click(screen.getByRole('button', { name: 'Sau' }));
    await screen.findByRole('button', { name: 'Bệnh nhân 200' });
    expect(lists().at(-1)).toMatchObject({ page: '2', cursor: 'c1.1.100.104.0123abcd' });

    await user.click(screen.getByRole('button', { name: '3' }));
    await screen.findByRole('button', { name: 'Bệnh nhân 300' });
    expect(lists().at(-1)).toMatchObject({ page: '3', cursor: 'c1.2.200.204.0123abcd' });

    await user.click(screen.getByRole('button', { name: 'Trước' }));
    await screen.findByRole('button', { name: 'Bệnh nhân 204' });
    expect(lists().at(-1)).toMatchObject({ page: '2', cursor: 'c1.3.300.304.0123abcd' });
  }, 15_000);

  it('Booking History does the same', async () => {
    const { sent } = server((url) =>
      url.startsWith('/api/appointments/history?') ? { body: pageOf(url) } : undefined,
    );
    const staff = makeUser({ id: 2, username: 'staff', role: 'STAFF', fullName: 'Lê Thị Thu Hà', specialty: null });
    storeSession(storedInfoOf(staff));
    const { user } = renderRoutes(routes, '/admin/booking-history');
    await screen.findByRole('button', { name: 'Bệnh nhân 100' }, firstLoad);
    await user.click(screen.getByRole('button', { name: 'Sau' }));
    await screen.findByRole('button', { name: 'Bệnh nhân 200' });
    const asked = sent.filter((r) => r.url.startsWith('/api/appointments/history?')).map((r) => paramsOf(r.url));
    expect(asked[0]).not.toHaveProperty('cursor');
    expect(asked.at(-1)).toMatchObject({ page: '2', cursor: 'c1.1.100.104.0123abcd' });
  }, 15_000);
});

/** One person on a slot's waiting list, as the front desk reads it. */
const waiter = (
  id: number,
  fullName: string,
  status: StaffWaitingEntry['status'],
  overrides: Partial<StaffWaitingEntry> = {},
): StaffWaitingEntry => ({
  id,
  fullName,
  phone: `09880000${id}`,
  email: `cho${id}@example.com`,
  status,
  // 10:00 on 9 March 2026 in Ho Chi Minh City.
  createdAt: '2026-03-09T03:00:00.000Z',
  offerExpiresAt: null,
  appointmentId: null,
  ...overrides,
});

const WAITERS = [
  // The place is held for her until 09:45 clinic time.
  waiter(11, 'Trần Thị Mai', 'OFFERED', { offerExpiresAt: '2026-03-10T02:45:00.000Z' }),
  waiter(12, 'Phạm Thu Hằng', 'WAITING'),
  waiter(13, 'Lê Ngọc Ánh', 'CLAIMED', { appointmentId: 57 }),
  waiter(14, 'Đỗ Minh Thư', 'LEFT'),
];

describe("BookingManagerPage: the slot's waiting list in the detail", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });
  afterEach(() => vi.useRealTimers());

  /** Opens appointment #1's detail and returns its waiting-list section. */
  async function openWaitingList(user: ReturnType<typeof open>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: /Lịch hẹn #1/ });
    return within(dialog).getByRole('region', { name: 'Danh sách chờ của khung giờ này' });
  }

  it("lists the people waiting for the appointment's slot, with each one's status, and lets only the open ones be removed", async () => {
    const { sent } = server((url) =>
      url.startsWith('/api/appointments/waiting-list?') ? { body: { entries: WAITERS } } : undefined,
    );
    const { user } = open();
    const section = await openWaitingList(user);
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(4);

    expect(items[0]).toHaveTextContent('Trần Thị Mai');
    expect(within(items[0]!).getByText('Đang giữ chỗ')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Giữ chỗ đến 09:45');
    expect(items[0]).toHaveTextContent('0988000011');
    expect(items[0]).toHaveTextContent('cho11@example.com');
    expect(items[0]).toHaveTextContent('Vào danh sách lúc 10:00 09/03/2026');
    expect(within(items[1]!).getByText('Đang chờ')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Đã nhận chỗ')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Đã đặt lịch hẹn #57')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Đã rời danh sách')).toBeInTheDocument();

    // Only someone still waiting or holding an offer can be taken off the list.
    expect(within(section).getByRole('button', { name: 'Xóa khỏi danh sách chờ: Trần Thị Mai' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Xóa khỏi danh sách chờ: Phạm Thu Hằng' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Lê Ngọc Ánh/ })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Đỗ Minh Thư/ })).not.toBeInTheDocument();

    // The slot asked for is the appointment's own.
    const asked = new URL(sent.find((r) => r.url.startsWith('/api/appointments/waiting-list?'))!.url, 'http://x')
      .searchParams;
    expect(Object.fromEntries(asked)).toEqual({ date: '2026-03-12', time: '09:00', department: 'GYNECOLOGY' });
  });

  it('asks before removing someone, then removes her, says so and shows the list again', async () => {
    let removed = false;
    const { sent } = server((url, init) => {
      if (url === '/api/appointments/waiting-list/entries/12' && init.method === 'DELETE') {
        removed = true;
        return { body: { message: APPOINTMENT_MSG.waitingRemoved } };
      }
      if (url.startsWith('/api/appointments/waiting-list?'))
        return {
          body: { entries: removed ? [WAITERS[0], { ...WAITERS[1], status: 'REMOVED' }] : WAITERS.slice(0, 2) },
        };
      return undefined;
    });
    const { user } = open();
    const section = await openWaitingList(user);
    const deletes = () => sent.filter((r) => r.method === 'DELETE');

    // Closing the question removes no one.
    await user.click(await within(section).findByRole('button', { name: 'Xóa khỏi danh sách chờ: Phạm Thu Hằng' }));
    let confirm = await screen.findByRole('dialog', { name: 'Xóa khỏi danh sách chờ' });
    expect(confirm).toHaveTextContent(
      'Xóa Phạm Thu Hằng (0988000012) khỏi danh sách chờ của khung giờ 09:00 ngày 12/03/2026?',
    );
    await user.click(within(confirm).getAllByRole('button', { name: 'Đóng' }).at(-1)!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Xóa khỏi danh sách chờ' })).not.toBeInTheDocument(),
    );
    expect(deletes()).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Xóa khỏi danh sách chờ: Phạm Thu Hằng' }));
    confirm = await screen.findByRole('dialog', { name: 'Xóa khỏi danh sách chờ' });
    await user.click(within(confirm).getByRole('button', { name: 'Xóa khỏi danh sách chờ' }));

    expect(await within(section).findByRole('status')).toHaveTextContent(APPOINTMENT_MSG.waitingRemoved);
    expect(deletes().map((r) => r.url)).toEqual(['/api/appointments/waiting-list/entries/12']);
    expect(screen.queryByRole('dialog', { name: 'Xóa khỏi danh sách chờ' })).not.toBeInTheDocument();
    // Her button is gone: the focus waits on the section's heading, not lost on the page.
    await waitFor(() =>
      expect(within(section).getByRole('heading', { name: 'Danh sách chờ của khung giờ này' })).toHaveFocus(),
    );
    // The list, asked again, shows her off it, with no button left for her.
    const hang = (await within(section).findByText('Đã bị xóa')).closest('li')!;
    expect(hang).toHaveTextContent('Phạm Thu Hằng');
    expect(
      within(section).queryByRole('button', { name: 'Xóa khỏi danh sách chờ: Phạm Thu Hằng' }),
    ).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Xóa khỏi danh sách chờ: Trần Thị Mai' })).toBeInTheDocument();
  });

  it('says so when the person left the list meanwhile', async () => {
    server((url, init) => {
      if (url === '/api/appointments/waiting-list/entries/11' && init.method === 'DELETE')
        return { status: 409, body: errorBody(409, APPOINTMENT_MSG.waitingEntryClosed, 'WAITING_CLOSED') };
      if (url.startsWith('/api/appointments/waiting-list?')) return { body: { entries: WAITERS.slice(0, 1) } };
      return undefined;
    });
    const { user } = open();
    const section = await openWaitingList(user);
    await user.click(await within(section).findByRole('button', { name: 'Xóa khỏi danh sách chờ: Trần Thị Mai' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xóa khỏi danh sách chờ' });
    expect(confirm).toHaveTextContent('Chỗ đang giữ cho người này sẽ được chuyển cho người tiếp theo trong danh sách.');
    await user.click(within(confirm).getByRole('button', { name: 'Xóa khỏi danh sách chờ' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(APPOINTMENT_MSG.waitingEntryClosed);
  });

  it('says when no one waits for the slot', async () => {
    server();
    const { user } = open();
    const section = await openWaitingList(user);
    expect(await within(section).findByText('Chưa có ai trong danh sách chờ của khung giờ này.')).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    let calls = 0;
    server((url) => {
      if (!url.startsWith('/api/appointments/waiting-list?')) return undefined;
      calls += 1;
      return calls === 1
        ? { status: 500, body: errorBody(500, 'Hệ thống đang gặp sự cố. Vui lòng thử lại sau.') }
        : { body: { entries: WAITERS.slice(1, 2) } };
    });
    const { user } = open();
    const section = await openWaitingList(user);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Hệ thống đang gặp sự cố. Vui lòng thử lại sau.',
    );
    await user.click(within(section).getByRole('button', { name: 'Thử lại' }));
    expect(await within(section).findByText('Phạm Thu Hằng')).toBeInTheDocument();
  });
});

describe("BookingManagerPage: the detail's online payments (issue 28)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });
  afterEach(() => vi.useRealTimers());

  async function openPayments(user: ReturnType<typeof open>['user'], name: string, id: number) {
    await user.click(await screen.findByRole('button', { name }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(`Lịch hẹn #${id}`) });
    return { dialog, section: within(dialog).getByRole('region', { name: 'Thanh toán trực tuyến' }) };
  }

  it('shows a paid VNPay attempt with its reference, amount, status and clinic time', async () => {
    server((url) =>
      url === '/api/appointments/3/payments'
        ? {
            body: {
              payments: [
                {
                  provider: 'VNPAY',
                  reference: 'A3-7Q2K9',
                  amount: 500000,
                  status: 'PAID',
                  providerTransactionId: '14226112',
                  // 10:05 in Ho Chi Minh City.
                  paidAt: '2026-03-09T03:05:00.000Z',
                },
              ],
              flags: [],
              refunds: [],
            },
          }
        : undefined,
    );
    const { user } = open();
    const { section } = await openPayments(user, 'Bệnh nhân 3', 3);
    const attempt = (await within(section).findAllByRole('listitem'))[0]!;
    expect(attempt).toHaveTextContent('VNPay');
    expect(attempt).toHaveTextContent('Mã giao dịch A3-7Q2K9');
    expect(attempt).toHaveTextContent('500.000 VNĐ');
    expect(within(attempt).getByText('Đã thanh toán')).toBeInTheDocument();
    expect(attempt).toHaveTextContent('Thanh toán lúc 10:05 09/03/2026');
    expect(within(section).queryByText(/Cần hoàn tiền|không khớp/)).not.toBeInTheDocument();
  });

  it('says plainly that money must be given back, and that an amount must be checked', async () => {
    server((url) =>
      url === '/api/appointments/1/payments'
        ? {
            body: {
              payments: [
                {
                  provider: 'MOMO',
                  reference: 'A1-MM001',
                  amount: 300000,
                  status: 'REFUND_DUE',
                  providerTransactionId: '99001',
                  paidAt: '2026-03-10T01:30:00.000Z',
                },
              ],
              flags: [
                { flag: 'REFUND', reference: 'A1-MM001', amount: 300000, receivedAt: '2026-03-10T01:30:00.000Z' },
                {
                  flag: 'AMOUNT_MISMATCH',
                  reference: 'A1-QR002',
                  amount: 1000,
                  receivedAt: '2026-03-10T01:40:00.000Z',
                },
              ],
              refunds: [],
            },
          }
        : undefined,
    );
    const { user } = open();
    const { section } = await openPayments(user, 'Bệnh nhân 1', 1);
    const flags = within(await within(section).findByRole('list', { name: 'Cần xử lý' })).getAllByRole('listitem');
    expect(flags[0]).toHaveTextContent('Cần hoàn tiền · Mã giao dịch A1-MM001 · Nhận 300.000 VNĐ · 08:30 10/03/2026');
    expect(flags[1]).toHaveTextContent('Số tiền không khớp — cần kiểm tra · Mã giao dịch A1-QR002 · Nhận 1.000 VNĐ');
    const attempt = within(within(section).getByRole('list', { name: 'Giao dịch trực tuyến' })).getByRole('listitem');
    expect(attempt).toHaveTextContent('Ví MoMo');
    expect(within(attempt).getByText('Cần hoàn tiền')).toBeInTheDocument();
  });

  it("shows the booking's refund with its status and sends a refused one again from the detail", async () => {
    const failed = {
      id: 8,
      appointmentId: 3,
      reason: 'PAYMENT',
      provider: 'VNPAY',
      paymentReference: 'A3-7Q2K9',
      amount: 500000,
      status: 'FAILED',
      providerRefundId: null,
      failure: 'VNPay 99: He thong dang bao tri',
      createdAt: '2026-03-10T01:00:00.000Z',
      doneAt: null,
      doneByName: null,
    };
    let retried = false;
    const { sent } = server((url) => {
      if (url === '/api/refunds/8/retry') {
        retried = true;
        return {
          body: { message: 'Đã gửi yêu cầu hoàn tiền tới cổng thanh toán', refund: { ...failed, status: 'DONE' } },
        };
      }
      if (url === '/api/appointments/3/payments')
        return {
          body: {
            payments: [
              {
                provider: 'VNPAY',
                reference: 'A3-7Q2K9',
                amount: 500000,
                status: 'REFUND_DUE',
                providerTransactionId: '14226112',
                paidAt: '2026-03-09T03:05:00.000Z',
              },
            ],
            flags: [{ flag: 'REFUND', reference: 'A3-7Q2K9', amount: 500000, receivedAt: '2026-03-09T03:05:00.000Z' }],
            refunds: [
              retried
                ? {
                    ...failed,
                    status: 'DONE',
                    failure: null,
                    providerRefundId: '14226999',
                    doneAt: '2026-03-10T02:10:00.000Z',
                    doneByName: 'VNPay',
                  }
                : failed,
            ],
          },
        };
      return undefined;
    });
    const { user } = open();
    const { section } = await openPayments(user, 'Bệnh nhân 3', 3);
    const refund = within(await within(section).findByRole('list', { name: 'Hoàn tiền' })).getByRole('listitem');
    expect(refund).toHaveTextContent('Hoàn qua VNPay');
    expect(refund).toHaveTextContent('Lý do: VNPay 99: He thong dang bao tri');
    expect(within(refund).getByText('Hoàn tiền không thành công')).toBeInTheDocument();
    // The money to give back is followed on its refund, not said twice as a flag.
    expect(within(section).queryByRole('list', { name: 'Cần xử lý' })).not.toBeInTheDocument();
    await user.click(within(refund).getByRole('button', { name: 'Gửi lại yêu cầu hoàn tiền' }));
    // The refund and the payment it gave back both say so.
    expect(await within(section).findAllByText('Đã hoàn tiền')).toHaveLength(2);
    expect(within(section).getByText(/Mã hoàn tiền 14226999/)).toBeInTheDocument();
    expect(sent.filter((r) => r.url.startsWith('/api/refunds/')).map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/refunds/8/retry',
    ]);
  });

  it('says when there is no online payment yet, and keeps the window working when the list cannot load', async () => {
    server((url) =>
      url === '/api/appointments/4/payments'
        ? { status: 500, body: { statusCode: 500, code: 'X', message: 'Hệ thống đang gặp sự cố.', error: '' } }
        : undefined,
    );
    const { user } = open();
    const first = await openPayments(user, 'Bệnh nhân 1', 1);
    expect(await within(first.section).findByText('Chưa có giao dịch trực tuyến')).toBeInTheDocument();
    await user.click(within(first.dialog).getAllByRole('button', { name: 'Đóng' }).at(-1)!);

    const { dialog, section } = await openPayments(user, 'Bệnh nhân 4', 4);
    expect(await within(section).findByText('Không tải được giao dịch trực tuyến')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
    // The rest of the detail is still there.
    expect(within(dialog).getByText('Lịch khám')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Chỉnh sửa' })).toBeInTheDocument();
  });
});

describe("BookingManagerPage: the detail's history shows what was sent (issue 27)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });
  afterEach(() => vi.useRealTimers());

  // 08:00 and 08:00:05 on 10 March 2026 in Ho Chi Minh City.
  const BOOKED = '2026-03-10T01:00:00.000Z';
  const LATER = '2026-03-10T01:00:05.000Z';
  const message = (over: Partial<AppointmentMessage>): AppointmentMessage => ({
    channel: 'zalo',
    event: 'BOOKING_RECEIVED',
    recipient: '0912***111',
    status: 'sent',
    createdAt: BOOKED,
    sentAt: BOOKED,
    deliveredAt: null,
    ...over,
  });

  it('lists each message after the event that sent it: channel, event, masked recipient and whether it arrived', async () => {
    const { sent } = server((url) => {
      if (url === '/api/appointments/1/history')
        return {
          body: [
            {
              id: 71,
              appointmentId: 1,
              action: 'CREATED',
              fromStatus: null,
              toStatus: 'PENDING',
              note: null,
              actorId: null,
              actorName: null,
              actorRole: null,
              createdAt: BOOKED,
            },
          ],
        };
      if (url === '/api/appointments/1/messages')
        return {
          body: {
            messages: [
              message({ channel: 'email', recipient: 'la***@example.com', status: 'queued' }),
              message({ status: 'fallback' }),
              message({ channel: 'sms', status: 'delivered', createdAt: LATER, deliveredAt: LATER }),
            ],
          },
        };
      return undefined;
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: /Lịch hẹn #1/ });
    const trail = within(dialog).getByRole('region', { name: 'Lịch sử thay đổi' });
    await within(trail).findByText('E-mail: Đã nhận yêu cầu đặt lịch');
    const items = within(trail).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Đặt lịch hẹn',
      'E-mail: Đã nhận yêu cầu đặt lịch',
      'Zalo: Đã nhận yêu cầu đặt lịch',
      'SMS: Đã nhận yêu cầu đặt lịch',
    ]);
    expect(items[1]).toHaveTextContent('08:00 10/03/2026 · gửi tới la***@example.com · Đang chờ gửi');
    expect(items[2]).toHaveTextContent('gửi tới 0912***111 · Chuyển sang SMS');
    expect(within(items[2]!).getByText('Chuyển sang SMS')).toHaveClass('text-red-700');
    expect(items[3]).toHaveTextContent('Đã nhận');
    expect(within(items[3]!).getByText('Đã nhận')).not.toHaveClass('text-red-700');
    expect(sent.some((r) => r.url === '/api/appointments/1/messages')).toBe(true);
  });

  it('still shows the changes when the messages cannot be loaded, and says so', async () => {
    server((url) =>
      url === '/api/appointments/1/messages'
        ? { status: 500, body: { statusCode: 500, code: 'X', message: 'Hệ thống đang gặp sự cố.', error: '' } }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: /Lịch hẹn #1/ });
    const trail = within(dialog).getByRole('region', { name: 'Lịch sử thay đổi' });
    expect(await within(trail).findByRole('alert')).toHaveTextContent('Hệ thống đang gặp sự cố.');
  });
});

describe('BookingManagerPage: a place a connected booking app holds (FHIR $hold, issue 38)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });
  afterEach(() => vi.useRealTimers());

  // Held until 09:45 clinic time (NOW is 09:15), no deposit: an app's hold. Beside it, a booking
  // holding its slot for a deposit (09:45 too), which stays a booking staff act on.
  const HELD = appointment(5, 'PENDING', { fullName: 'Lê Thị Hoa', depositDueAt: '2026-03-10T02:45:00.000Z' });
  const LAPSED = appointment(6, 'PENDING', { fullName: 'Đỗ Thu Trang', depositDueAt: '2026-03-10T02:00:00.000Z' });
  const DEPOSIT = appointment(7, 'PENDING', {
    fullName: 'Phan Thị Yến',
    depositAmount: 200_000,
    depositDueAt: '2026-03-10T02:45:00.000Z',
  });
  const listed = (url: string) =>
    url.startsWith('/api/appointments?')
      ? { body: { ...PAGE, items: [HELD, LAPSED, DEPOSIT], total: 3 } satisfies AppointmentPage }
      : undefined;

  it('shows the hold on the row, with who holds it, and offers no step but the detail', async () => {
    server(listed);
    const { user } = open();
    const row = await rowOf('Lê Thị Hoa');
    expect(row).toHaveTextContent('Giữ chỗ đến 09:45 · qua ứng dụng kết nối');
    expect(row).toHaveTextContent('Chờ xác nhận');
    expect(within(row).queryByRole('button', { name: /Chỉ định bác sĩ/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Thao tác cho lịch hẹn #5' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Xem chi tiết']);
    await user.keyboard('{Escape}');

    // Lapsed, it waits for the deposit holds' job to free it: still nothing to do.
    const lapsed = await rowOf('Đỗ Thu Trang');
    expect(lapsed).toHaveTextContent('Hết thời gian giữ chỗ, đang chờ trả lại chỗ');
    expect(within(lapsed).queryByRole('button', { name: /Chỉ định bác sĩ/ })).not.toBeInTheDocument();

    // A booking waiting for its deposit is a booking: its deposit, and the desk's next step.
    const deposit = await rowOf('Phan Thị Yến');
    expect(deposit).toHaveTextContent('Đặt cọc 200.000');
    expect(deposit).not.toHaveTextContent('qua ứng dụng kết nối');
    expect(within(deposit).getByRole('button', { name: /Chỉ định bác sĩ/ })).toBeInTheDocument();
  });

  it('shows the hold in the detail, without the edit, any other action or a link to send', async () => {
    server(listed);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Lê Thị Hoa' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: /Lịch hẹn #5/ });
    expect(within(dialog).getByText('Giữ chỗ').nextElementSibling).toHaveTextContent(
      'Giữ chỗ đến 09:45 · qua ứng dụng kết nối',
    );
    expect(within(dialog).queryByRole('button', { name: 'Chỉnh sửa' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Gửi lại liên kết' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Thao tác khác cho lịch hẹn #5' })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MSG, TIME_SLOTS } from '@clinic/shared';
import { errorBody, renderWithProviders } from '@/testing/render-app';
import AppointmentPage from '../appointment-page';
import {
  AVAILABLE,
  availabilityCalls,
  bookingCalls,
  chooseDate,
  fakeBookingServer,
  FormWithClock,
  FULL,
  NEXT_FRIDAY,
  NEXT_SUNDAY,
  SERVER_DEPARTMENTS,
  TODAY,
  TUESDAY_0915,
} from './booking-test-kit';
import { FALLBACK_DEPARTMENTS_NOTICE } from './fallback-departments';
import { SLOTS_BEFORE_DATE } from '../shared/use-slot-choice';

type User = ReturnType<typeof renderWithProviders>['user'];

function slotNames() {
  return screen.queryAllByRole('radio').map((radio) => radio.getAttribute('value'));
}

/** The department select, once the server's list has arrived. */
async function departmentSelect() {
  await screen.findByRole('option', { name: 'Khoa Phụ khoa' });
  return screen.getByLabelText('Khoa khám');
}

async function fillVisitor(user: User, { date = NEXT_FRIDAY, time = '09:00' } = {}) {
  await user.type(screen.getByLabelText('Họ và tên'), 'Trần Thị Bình');
  await user.type(screen.getByLabelText('Số điện thoại'), '0987 654 321');
  await user.type(screen.getByLabelText('Email'), 'binh@example.vn');
  await user.selectOptions(await departmentSelect(), 'GYNECOLOGY');
  chooseDate(date);
  await user.click(screen.getByRole('radio', { name: time }));
  await user.type(screen.getByLabelText('Lý do khám'), 'Khám định kỳ');
}

/** Books as a visitor who ticked the consent; the success panel the server's answer opens. */
async function bookAsVisitor(user: User): Promise<HTMLElement> {
  await fillVisitor(user);
  await screen.findByText(/Còn chỗ/);
  await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
  await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));
  return (await screen.findByRole('heading', { name: 'Đặt lịch hẹn thành công' })).closest('section')!;
}

beforeEach(() => {
  vi.useFakeTimers({ now: TUESDAY_0915, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the public booking form', () => {
  it("says 'Vui lòng điền đầy đủ thông tin bắt buộc' and sends nothing when required fields are empty", async () => {
    const fetchMock = fakeBookingServer();
    const { user } = renderWithProviders(<AppointmentPage />);
    await screen.findByRole('option', { name: 'Khoa Phụ khoa' });
    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
    await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(APPOINTMENT_MSG.requiredFields);
    for (const label of ['Họ và tên', 'Số điện thoại', 'Khoa khám', 'Ngày khám']) {
      expect(screen.getByLabelText(label), label).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByRole('radiogroup', { name: 'Giờ khám' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(bookingCalls(fetchMock)).toHaveLength(0);
  });

  it('checks the phone number and the e-mail with the shared rules', async () => {
    fakeBookingServer();
    const { user } = renderWithProviders(<AppointmentPage />);
    await user.type(screen.getByLabelText('Số điện thoại'), '12345');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
    await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));
    expect(await screen.findByText(APPOINTMENT_MSG.invalidPhone)).toBeInTheDocument();
    expect(screen.getByText(APPOINTMENT_MSG.invalidEmail)).toBeInTheDocument();
  });

  it('reads "today" in the zone the server serves (CLINIC_TZ), not the browser\'s', async () => {
    // 09:15 on 10 March in Ho Chi Minh City is 16:15 on 9 March in Honolulu.
    const meta = document.createElement('meta');
    meta.name = 'clinic-time-zone';
    meta.content = 'Pacific/Honolulu';
    document.head.append(meta);
    try {
      fakeBookingServer();
      renderWithProviders(<AppointmentPage />);
      expect(screen.getByLabelText('Ngày khám')).toHaveAttribute('min', '2026-03-09');
    } finally {
      meta.remove();
    }
  });

  it('refuses a Sunday as soon as it is chosen and blocks the submit button', async () => {
    fakeBookingServer();
    renderWithProviders(<AppointmentPage />);
    const date = screen.getByLabelText('Ngày khám');
    expect(date).toHaveAttribute('min', TODAY);
    expect(date).toHaveAttribute('max', '2028-03-10');
    chooseDate(NEXT_SUNDAY);

    expect(await screen.findByText(APPOINTMENT_MSG.sundayClosed)).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Chủ Nhật, 15 tháng 3, 2026')).toBeInTheDocument();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Đặt lịch hẹn' })).toBeDisabled();
  });

  it('offers all 16 slots on another weekday, and for today only those at least 2 hours ahead in the clinic zone', async () => {
    fakeBookingServer();
    renderWithProviders(<AppointmentPage />);
    // Before a date, the clinic's whole day, as the page the server draws shows it.
    expect(screen.getByRole('radiogroup', { name: 'Giờ khám' })).toHaveAccessibleDescription(SLOTS_BEFORE_DATE);
    expect(slotNames()).toEqual([...TIME_SLOTS]);

    chooseDate(NEXT_FRIDAY);
    expect(slotNames()).toEqual([...TIME_SLOTS]);

    // 09:15 in Ho Chi Minh City: 11:15 is the earliest start, so 11:30 and the afternoon remain.
    chooseDate(TODAY);
    expect(slotNames()).toEqual(['11:30', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00']);
  });

  it('says so when no slot is left today', async () => {
    vi.setSystemTime(new Date('2026-03-10T08:30:00Z')); // 15:30 at the clinic
    fakeBookingServer();
    renderWithProviders(<AppointmentPage />);
    chooseDate(TODAY);
    expect(await screen.findByText(APPOINTMENT_MSG.noSlotsLeftToday)).toBeInTheDocument();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it('clears a chosen time of today once the clock makes it less than 2 hours away', async () => {
    fakeBookingServer();
    const { user } = renderWithProviders(<FormWithClock start={TUESDAY_0915} />);
    chooseDate(TODAY);
    await user.click(screen.getByRole('radio', { name: '11:30' }));
    expect(screen.getByRole('radio', { name: '11:30' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: '16 phút sau' })); // 09:31: 11:30 is too soon now
    expect(screen.queryByRole('radio', { name: '11:30' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(screen.getByText(/Khung giờ 11:30 không còn nhận đặt lịch/)).toBeInTheDocument();
  });

  it('shows that the slot is free once date, time and department are chosen', async () => {
    const fetchMock = fakeBookingServer();
    const { user } = renderWithProviders(<AppointmentPage />);
    await user.selectOptions(await departmentSelect(), 'GYNECOLOGY');
    chooseDate(NEXT_FRIDAY);
    expect(availabilityCalls(fetchMock)).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: '09:00' }));

    const status = (await screen.findByText(/Còn chỗ/)).closest('[aria-live]')!;
    expect(status).toHaveTextContent(`Còn chỗ: ${APPOINTMENT_MSG.slotAvailable} (còn 3 chỗ)`);
    const [url, init] = availabilityCalls(fetchMock)[0]!;
    expect(url).toBe(`/api/appointments/public/availability?date=${NEXT_FRIDAY}&time=09%3A00&department=GYNECOLOGY`);
    expect((init!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("shows the server's message and blocks the submit when the slot is full", async () => {
    const fetchMock = fakeBookingServer({ availability: { body: FULL } });
    const { user } = renderWithProviders(<AppointmentPage />);
    await fillVisitor(user);

    expect(await screen.findByText(APPOINTMENT_MSG.slotFull)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Đặt lịch hẹn' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
    await user.click(submit);
    expect(bookingCalls(fetchMock)).toHaveLength(0);
  });

  it('checks availability again before booking and books nothing when the slot filled up meanwhile', async () => {
    const fetchMock = fakeBookingServer({ availability: [{ body: AVAILABLE }, { body: FULL }] });
    const { user } = renderWithProviders(<AppointmentPage />);
    await fillVisitor(user);
    await screen.findByText(/Còn chỗ/);

    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));

    await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));
    expect(await screen.findByText(APPOINTMENT_MSG.slotFull)).toBeInTheDocument();
    expect(availabilityCalls(fetchMock)).toHaveLength(2);
    expect(bookingCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Đặt lịch hẹn' })).toBeDisabled();
  });

  it('books, then shows the appointment id and message with focus on the confirmation', async () => {
    const fetchMock = fakeBookingServer();
    const { user } = renderWithProviders(<AppointmentPage />);
    await fillVisitor(user);
    await screen.findByText(/Còn chỗ/);
    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
    await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));

    const heading = await screen.findByRole('heading', { name: 'Đặt lịch hẹn thành công' });
    expect(heading).toHaveFocus();
    const panel = heading.closest('section')!;
    expect(within(panel).getByText('Mã lịch hẹn: #123')).toBeInTheDocument();
    // The panel says its title once: the server's message follows it without repeating it (issue 25).
    expect(within(panel).getByText('Chúng tôi sẽ liên hệ với bạn để xác nhận lịch hẹn.')).toBeInTheDocument();
    expect(within(panel).getAllByText(/Đặt lịch hẹn thành công/)).toHaveLength(1);
    expect(within(panel).getByText(/đến trước 15 phút/)).toBeInTheDocument();
    expect(within(panel).getByText(/trước ít nhất 24 giờ/)).toBeInTheDocument();
    expect(within(panel).getByText('Khoa Phụ khoa')).toBeInTheDocument();
    // A visitor has no account page to go to.
    expect(within(panel).queryByRole('link', { name: 'Xem lịch hẹn của tôi' })).not.toBeInTheDocument();

    const [, init] = bookingCalls(fetchMock)[0]!;
    expect(JSON.parse(init!.body as string)).toEqual({
      fullName: 'Trần Thị Bình',
      phone: '0987654321',
      email: 'binh@example.vn',
      appointmentDate: NEXT_FRIDAY,
      appointmentTime: '09:00',
      department: 'GYNECOLOGY',
      reason: 'Khám định kỳ',
      consentHealthData: true,
    });

    await user.click(within(panel).getByRole('button', { name: 'Đặt lịch hẹn khác' }));
    expect(await screen.findByRole('heading', { name: 'Thông tin đặt lịch' })).toHaveFocus();
    expect(screen.getByLabelText('Họ và tên')).toHaveValue('');
    expect(screen.getByLabelText('Ngày khám')).toHaveValue('');
  });

  it('links to the private management page when the server made one for her e-mail', async () => {
    const token = 'Zk3xQ9vLm2Tt8Rb5Wn1Yc7Hd4Jf6Gs0Pa-Ue_Io2Kq3';
    fakeBookingServer({
      booking: {
        status: 201,
        body: { message: APPOINTMENT_MSG.bookingReceived, appointmentId: 124, manageToken: token },
      },
    });
    const { user } = renderWithProviders(<AppointmentPage />);
    const panel = await bookAsVisitor(user);
    expect(within(panel).getByRole('link', { name: 'Quản lý lịch hẹn của bạn' })).toHaveAttribute(
      'href',
      `/appointment/manage/${token}`,
    );
    expect(within(panel).getByText(/Liên kết cũng đã được gửi tới email của bạn/)).toBeInTheDocument();
  });

  it('says before she books that the chosen department asks a deposit, and how long the slot is held (issue 28)', async () => {
    fakeBookingServer({
      departments: {
        body: SERVER_DEPARTMENTS.map((d) => (d.code === 'FERTILITY' ? { ...d, depositAmount: 200000 } : d)),
      },
    });
    const { user } = renderWithProviders(<AppointmentPage />);
    await user.selectOptions(await departmentSelect(), 'GYNECOLOGY');
    expect(screen.queryByText(/yêu cầu tiền đặt cọc/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Khoa khám'), 'FERTILITY');
    expect(
      screen.getByText(/Khoa này yêu cầu tiền đặt cọc 200\.000 VNĐ: sau khi đặt lịch, chỗ của bạn được giữ 15 phút/),
    ).toBeInTheDocument();
  });

  it('shows the deposit a department asks, until when the slot is held, and the button to pay it (issue 28)', async () => {
    const payToken = 'Dp3xQ9vLm2Tt8Rb5Wn1Yc7Hd4Jf6Gs0Pa-Ue_Io2Kq3';
    fakeBookingServer({
      booking: {
        status: 201,
        body: {
          message: APPOINTMENT_MSG.bookingReceived,
          appointmentId: 125,
          // 09:15 + 15 minutes in Ho Chi Minh City.
          deposit: { amount: 200000, dueAt: '2026-03-10T02:30:00.000Z', payToken },
        },
      },
    });
    const { user } = renderWithProviders(<AppointmentPage />);
    const panel = await bookAsVisitor(user);
    expect(within(panel).getByText(/Chỗ của quý khách được giữ đến 09:30 ngày 10\/03\/2026/)).toBeInTheDocument();
    expect(within(panel).getAllByText(/200\.000 VNĐ/).length).toBeGreaterThan(0);
    expect(within(panel).getByRole('link', { name: 'Thanh toán đặt cọc' })).toHaveAttribute('href', `/pay/${payToken}`);
  });

  it('shows the deposit without a pay button when the answer is a signed-out repeat that carries no link (issue 34)', async () => {
    fakeBookingServer({
      booking: {
        status: 201,
        // The answer given again for the same Idempotency-Key: the pay link went to her e-mail and phone only.
        body: {
          message: APPOINTMENT_MSG.bookingReceived,
          appointmentId: 126,
          deposit: { amount: 200000, dueAt: '2026-03-10T02:30:00.000Z' },
        },
      },
    });
    const { user } = renderWithProviders(<AppointmentPage />);
    const panel = await bookAsVisitor(user);
    expect(within(panel).getByText(/Chỗ của quý khách được giữ đến 09:30 ngày 10\/03\/2026/)).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Thanh toán đặt cọc' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Quản lý lịch hẹn của bạn' })).not.toBeInTheDocument();
  });

  it('shows no management link when the server made none (no e-mail given)', async () => {
    fakeBookingServer();
    const { user } = renderWithProviders(<AppointmentPage />);
    const panel = await bookAsVisitor(user);
    expect(within(panel).queryByRole('link', { name: 'Quản lý lịch hẹn của bạn' })).not.toBeInTheDocument();
  });

  it("shows the server's error when the booking is refused", async () => {
    fakeBookingServer({
      booking: {
        status: 409,
        body: {
          statusCode: 409,
          code: 'ALREADY_BOOKED',
          message: APPOINTMENT_MSG.alreadyBooked,
          error: APPOINTMENT_MSG.alreadyBooked,
        },
      },
    });
    const { user } = renderWithProviders(<AppointmentPage />);
    await fillVisitor(user);
    await screen.findByText(/Còn chỗ/);
    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
    await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));
    // About the slot she chose: said next to the time, which the group points at, not in a banner.
    const group = screen.getByRole('radiogroup', { name: 'Giờ khám' });
    await waitFor(() => expect(group).toHaveAccessibleDescription(APPOINTMENT_MSG.alreadyBooked));
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Họ và tên')).toHaveValue('Trần Thị Bình');
  });

  it('says next to the date when the server refuses the day, and keeps a refusal of no field in the banner', async () => {
    const sunday = APPOINTMENT_MSG.sundayClosed;
    fakeBookingServer({
      booking: { status: 400, body: { statusCode: 400, code: 'SUNDAY_CLOSED', message: sunday, error: sunday } },
    });
    const { user } = renderWithProviders(<AppointmentPage />);
    await fillVisitor(user);
    await screen.findByText(/Còn chỗ/);
    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
    await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));
    const date = screen.getByLabelText('Ngày khám');
    await waitFor(() => expect(date).toHaveAccessibleDescription(expect.stringContaining(sunday)));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("marks a full slot 'Đã đầy' and a nearly full one 'Còn 1 chỗ' before she picks, from the server's places", async () => {
    const fetchMock = fakeBookingServer({
      slots: { '08:00': 3, '09:00': 0, '09:30': 1 },
      availability: { body: FULL },
    });
    const { user } = renderWithProviders(<AppointmentPage />);
    await user.selectOptions(await departmentSelect(), 'GYNECOLOGY');
    chooseDate(NEXT_FRIDAY);

    const full = await screen.findByRole('radio', { name: '09:00, Đã đầy, có thể đăng ký danh sách chờ' });
    expect(screen.getByRole('radio', { name: '09:30, Còn 1 chỗ' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: '08:00' })).toBeEnabled();
    const [url] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/appointments/public/slots'))!;
    expect(url).toBe(`/api/appointments/public/slots?date=${NEXT_FRIDAY}&department=GYNECOLOGY`);
    // On the public form a full slot can still be chosen: its waiting list is offered.
    await user.click(full);
    expect(await screen.findByText(APPOINTMENT_MSG.slotFull)).toBeInTheDocument();
  });

  it("falls back to 'Có lỗi xảy ra khi đặt lịch hẹn. Vui lòng thử lại.' when the server says nothing", async () => {
    fakeBookingServer({ booking: { status: 502, body: '' } });
    const { user } = renderWithProviders(<AppointmentPage />);
    await fillVisitor(user);
    await screen.findByText(/Còn chỗ/);
    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
    await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(APPOINTMENT_MSG.bookingFailed);
  });

  it('uses the built-in list of 8 departments, with a notice, when the departments call fails', async () => {
    fakeBookingServer({ departments: { status: 500, body: errorBody(500, 'Lỗi máy chủ') } });
    renderWithProviders(<AppointmentPage />);
    // One quick retry first, then the built-in list.
    expect(await screen.findByText(FALLBACK_DEPARTMENTS_NOTICE, {}, { timeout: 4000 })).toBeInTheDocument();
    const options = within(screen.getByLabelText('Khoa khám')).getAllByRole('option').slice(1);
    expect(options.map((o) => o.textContent)).toEqual([
      'Nội khoa',
      'Ngoại khoa',
      'Nhi khoa',
      'Phụ khoa',
      'Nhãn khoa',
      'Tai Mũi Họng',
      'Da liễu',
      'Thần kinh',
    ]);
  });

  it('sets the page title', async () => {
    fakeBookingServer();
    renderWithProviders(<AppointmentPage />);
    await waitFor(() => expect(document.title).toContain('Đặt lịch khám'));
    expect(screen.getByRole('heading', { level: 1, name: 'Đặt lịch khám' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /115/ })).toHaveAttribute('href', 'tel:115');
  });
});

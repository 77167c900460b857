import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { errorBody, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';
import { APPOINTMENT_MSG, CLAIM_MSG } from '@clinic/shared';
import { callsTo, CLAIM_CODE, patient, serveMyAppointments } from './testing/fake-patient-server';

const FUTURE = '2099-05-11';
const PAST = '2020-01-15';

/** One of each case: waiting (cancellable), confirmed, completed, cancelled, no-show, and an open one whose day has passed. */
const mine = [
  appointment(1, 'PENDING', { appointmentDate: FUTURE, appointmentTime: '09:00', reason: 'Khám định kỳ' }),
  appointment(2, 'AWAITING_DOCTOR_APPROVAL', { appointmentDate: FUTURE, appointmentTime: '10:30' }),
  appointment(3, 'CONFIRMED', { appointmentDate: FUTURE, appointmentTime: '14:00' }),
  appointment(4, 'COMPLETED', { appointmentDate: PAST }),
  appointment(5, 'CANCELLED', { appointmentDate: FUTURE }),
  appointment(6, 'NO_SHOW', { appointmentDate: PAST }),
  appointment(7, 'CONFIRMED', { appointmentDate: PAST }),
];

function open(path = '/my-appointments') {
  storeSession(storedInfoOf(patient));
  return renderRoutes(routes, path);
}

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('MyAppointmentsPage', () => {
  it('counts every tab: upcoming is open and not past, cancelled includes no-shows', async () => {
    serveMyAppointments(mine);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lịch hẹn của tôi' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Tất cả 7' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sắp tới 3' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Đã hoàn thành 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Đã hủy 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(7);
  });

  it("shows the doctor's message on the visit he wrote it for", async () => {
    serveMyAppointments([
      appointment(3, 'CONFIRMED', { appointmentDate: FUTURE, doctorMessage: 'Chị nhớ mang kết quả siêu âm lần trước' }),
      appointment(2, 'AWAITING_DOCTOR_APPROVAL', { appointmentDate: FUTURE }),
    ]);
    open();
    const confirmed = await screen.findByRole('article', { name: 'Bệnh nhân 3' });
    expect(within(confirmed).getByText('Lời nhắn của bác sĩ')).toBeInTheDocument();
    expect(within(confirmed).getByText('Chị nhớ mang kết quả siêu âm lần trước')).toBeInTheDocument();
    expect(within(card('Bệnh nhân 2')).queryByText('Lời nhắn của bác sĩ')).not.toBeInTheDocument();
  });

  it("offers 'Thanh toán đặt cọc' on a booking whose slot is held for its deposit, and not once it is paid (issue 28)", async () => {
    serveMyAppointments([
      appointment(1, 'PENDING', {
        appointmentDate: FUTURE,
        depositAmount: 200000,
        depositDueAt: '2099-05-01T02:15:00.000Z',
      }),
      appointment(2, 'PENDING', {
        appointmentDate: FUTURE,
        depositAmount: 200000,
        depositDueAt: '2099-05-01T02:15:00.000Z',
        depositPaidAt: '2099-05-01T02:05:00.000Z',
      }),
    ]);
    open();
    const held = await screen.findByRole('article', { name: 'Bệnh nhân 1' });
    expect(within(held).getByRole('link', { name: 'Thanh toán đặt cọc' })).toHaveAttribute(
      'href',
      '/pay/appointment/1',
    );
    expect(within(card('Bệnh nhân 2')).queryByRole('link', { name: 'Thanh toán đặt cọc' })).not.toBeInTheDocument();
  });

  it('shows each tab its own appointments', async () => {
    serveMyAppointments(mine);
    const { user } = open();
    await user.click(await screen.findByRole('tab', { name: /Sắp tới/ }));
    // Nearest first.
    expect(cardNames()).toEqual(['Bệnh nhân 1', 'Bệnh nhân 2', 'Bệnh nhân 3']);
    await user.click(screen.getByRole('tab', { name: /Đã hoàn thành/ }));
    expect(cardNames()).toEqual(['Bệnh nhân 4']);
    expect(within(card('Bệnh nhân 4')).getByText('Đã hoàn thành')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Đã hủy/ }));
    expect(cardNames().sort()).toEqual(['Bệnh nhân 5', 'Bệnh nhân 6']);
    expect(within(card('Bệnh nhân 6')).getByText('Không đến')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/Đã hủy/);
  });

  it('shows name, department, status, date, time, phone and reason, and no staff-only fields', async () => {
    serveMyAppointments([
      appointment(1, 'PENDING', {
        appointmentDate: FUTURE,
        appointmentTime: '09:00',
        reason: 'Khám định kỳ',
        notes: 'Ghi chú nội bộ của nhân viên',
        doctorResponse: 'Declined by doctor',
        cancelReason: 'Lý do nội bộ',
      }),
    ]);
    open();
    const first = await screen.findByRole('article', { name: 'Bệnh nhân 1' });
    expect(within(first).getByText('Khoa Phụ khoa')).toBeInTheDocument();
    expect(within(first).getByText('Đang chờ')).toBeInTheDocument();
    expect(within(first).getByText('Thứ Hai, 11 tháng 5, 2099')).toBeInTheDocument();
    expect(within(first).getByText('09:00')).toBeInTheDocument();
    expect(within(first).getByText('0912000001')).toBeInTheDocument();
    expect(within(first).getByText('Lý do')).toBeInTheDocument();
    expect(within(first).getByText('Khám định kỳ')).toBeInTheDocument();
    expect(screen.queryByText('Ghi chú nội bộ của nhân viên')).not.toBeInTheDocument();
    expect(screen.queryByText('Declined by doctor')).not.toBeInTheDocument();
    expect(screen.queryByText('Lý do nội bộ')).not.toBeInTheDocument();
  });

  it("offers 'Hủy lịch hẹn' only while it waits for the clinic or the doctor", async () => {
    serveMyAppointments(mine);
    open();
    await screen.findAllByRole('article');
    expect(within(card('Bệnh nhân 1')).getByRole('button', { name: 'Hủy lịch hẹn' })).toBeInTheDocument();
    expect(within(card('Bệnh nhân 2')).getByRole('button', { name: 'Hủy lịch hẹn' })).toBeInTheDocument();
    for (const name of ['Bệnh nhân 3', 'Bệnh nhân 4', 'Bệnh nhân 5', 'Bệnh nhân 6', 'Bệnh nhân 7']) {
      expect(within(card(name)).queryByRole('button', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument();
    }
  });

  it('asks for a reason, cancels on the server, and the card moves under Đã hủy', async () => {
    const { fetchMock } = serveMyAppointments(mine);
    const { user } = open();
    await user.click(
      within(await screen.findByRole('article', { name: 'Bệnh nhân 1' })).getByRole('button', { name: 'Hủy lịch hẹn' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Hủy lịch hẹn' });
    expect(within(dialog).getByText('0/500 ký tự')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));
    expect(within(dialog).getByText('Vui lòng nhập lý do hủy lịch hẹn')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/appointments/1/cancel')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Lý do hủy'), 'Tôi bận việc đột xuất');
    expect(within(dialog).getByText('21/500 ký tự')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));

    expect(await screen.findByText('Đã hủy lịch hẹn thành công')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/api/appointments/1/cancel');
    expect(call![1]!.method).toBe('PUT');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ reason: 'Tôi bận việc đột xuất' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(await screen.findByRole('tab', { name: 'Đã hủy 3' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sắp tới 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Đã hủy/ }));
    expect(within(card('Bệnh nhân 1')).getByText('Đã hủy')).toBeInTheDocument();
    expect(within(card('Bệnh nhân 1')).queryByRole('button', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument();
  });

  it('says before she cancels that her deposit paid by VietQR comes back by transfer, and when; a cancelled card shows its refund (issue 35)', async () => {
    serveMyAppointments([
      appointment(1, 'PENDING', {
        appointmentDate: FUTURE,
        depositAmount: 200000,
        depositDueAt: '2099-05-01T02:15:00.000Z',
        depositPaidAt: '2099-05-01T02:05:00.000Z',
        depositMethod: 'VIETQR',
      }),
      appointment(2, 'CANCELLED', {
        appointmentDate: FUTURE,
        refund: { amount: 200000, status: 'MANUAL', provider: 'VIETQR', doneAt: null },
      }),
    ]);
    const { user } = open();
    await user.click(
      within(await screen.findByRole('article', { name: 'Bệnh nhân 1' })).getByRole('button', { name: 'Hủy lịch hẹn' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Hủy lịch hẹn' });
    expect(dialog).toHaveTextContent(
      'Tiền đặt cọc 200.000 VNĐ đã thanh toán sẽ được phòng khám hoàn bằng chuyển khoản trong 3-5 ngày làm việc.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: /Đã hủy/ }));
    expect(card('Bệnh nhân 2')).toHaveTextContent('Chờ hoàn 200.000 VNĐ bằng chuyển khoản');
  });

  it('refuses a reason over 500 characters', async () => {
    const { fetchMock } = serveMyAppointments(mine);
    const { user } = open();
    await user.click(
      within(await screen.findByRole('article', { name: 'Bệnh nhân 2' })).getByRole('button', { name: 'Hủy lịch hẹn' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Hủy lịch hẹn' });
    await user.click(within(dialog).getByLabelText('Lý do hủy'));
    await user.paste('a'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));
    expect(within(dialog).getByText('Lý do hủy không được vượt quá 500 ký tự')).toBeInTheDocument();
    expect(within(dialog).getByText('501/500 ký tự')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/appointments/2/cancel')).toHaveLength(0);
  });

  it("says 'Có lỗi khi hủy lịch hẹn' with the server's reason when the cancel is refused", async () => {
    serveMyAppointments(mine, {
      cancelAnswer: () => ({
        status: 409,
        body: errorBody(
          409,
          'Lịch hẹn đã được xác nhận. Vui lòng liên hệ phòng khám để hủy lịch hẹn',
          'NOT_ALLOWED_FROM_STATUS',
        ),
      }),
    });
    const { user } = open();
    await user.click(
      within(await screen.findByRole('article', { name: 'Bệnh nhân 1' })).getByRole('button', { name: 'Hủy lịch hẹn' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Hủy lịch hẹn' });
    await user.type(within(dialog).getByLabelText('Lý do hủy'), 'Đổi ý');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Có lỗi khi hủy lịch hẹn');
    expect(alert).toHaveTextContent('Lịch hẹn đã được xác nhận. Vui lòng liên hệ phòng khám để hủy lịch hẹn');
    expect(screen.getByRole('tab', { name: 'Đã hủy 2' })).toBeInTheDocument();
  });

  it("says 'Không có lịch hẹn' when a tab is empty", async () => {
    serveMyAppointments([]);
    const { user } = open();
    expect(await screen.findByText('Không có lịch hẹn')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tất cả 0' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Sắp tới/ }));
    expect(screen.getByText('Không có lịch hẹn')).toBeInTheDocument();
  });

  it("says 'Có lỗi khi tải danh sách lịch hẹn' when the list cannot load, and 'Thử lại' loads it", async () => {
    let fail = true;
    serveMyAppointments(mine, { listAnswer: () => (fail ? { status: 500, body: {} } : null) });
    const { user } = open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Có lỗi khi tải danh sách lịch hẹn');
    expect(alert).toHaveTextContent('Failed to fetch my appointments');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('tab', { name: 'Tất cả 7' })).toBeInTheDocument();
  });

  it('pages through a list longer than one page', async () => {
    const many = Array.from({ length: 150 }, (_, i) => appointment(i + 1, 'COMPLETED', { appointmentDate: PAST }));
    const { fetchMock } = serveMyAppointments(many);
    open();
    expect(await screen.findByRole('tab', { name: 'Tất cả 150' })).toBeInTheDocument();
    // Ten cards at a time.
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('Hiển thị 1-10 trong 150 lịch hẹn')).toBeInTheDocument();
    const pages = callsTo(fetchMock, '/api/appointments/my-appointments').map(
      ([url]) => new URL(url as string, 'http://localhost').search,
    );
    expect(pages).toEqual(['?page=1&size=100', '?page=2&size=100']);
  });

  it('sends a visitor to the login page', async () => {
    const { fetchMock } = serveMyAppointments(mine);
    const { router } = renderRoutes(routes, '/my-appointments');
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/my-appointments' });
    expect(callsTo(fetchMock, '/api/appointments/my-appointments')).toHaveLength(0);
  });

  it('adds the visits she booked signed out with a code sent to her e-mail, the error said next to the code', async () => {
    const { fetchMock } = serveMyAppointments([mine[0]!], {
      claimable: [appointment(8, 'PENDING', { appointmentDate: FUTURE, userId: null })],
    });
    const { user } = open();
    expect(await screen.findByRole('tab', { name: 'Tất cả 1' })).toBeInTheDocument();
    await user.click(screen.getByText('Không thấy lịch hẹn đã đặt khi chưa đăng nhập?'));
    const email = screen.getByLabelText('Email đã dùng khi đặt lịch');
    expect(email).toHaveValue(patient.email);
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác nhận' }));
    expect(await screen.findByText(CLAIM_MSG.codeSent)).toBeInTheDocument();
    const [, sent] = callsTo(fetchMock, '/api/appointments/claims/code')[0]!;
    expect(JSON.parse(sent!.body as string)).toEqual({ email: patient.email });

    const code = screen.getByLabelText('Mã xác nhận');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Thêm vào tài khoản của tôi' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(CLAIM_MSG.codeWrong(4)));
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, CLAIM_CODE);
    await user.click(screen.getByRole('button', { name: 'Thêm vào tài khoản của tôi' }));
    expect(await screen.findByText(CLAIM_MSG.claimed(1))).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Tất cả 2' })).toBeInTheDocument();
  });

  it('sends the code to the phone she booked with when she chooses it, the bad number said in Vietnamese', async () => {
    const { fetchMock } = serveMyAppointments([mine[0]!], {
      claimable: [appointment(9, 'PENDING', { appointmentDate: FUTURE, userId: null })],
    });
    const { user } = open();
    expect(await screen.findByRole('tab', { name: 'Tất cả 1' })).toBeInTheDocument();
    await user.click(screen.getByText('Không thấy lịch hẹn đã đặt khi chưa đăng nhập?'));
    expect(screen.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Số điện thoại' }));
    expect(screen.queryByLabelText('Email đã dùng khi đặt lịch')).not.toBeInTheDocument();
    const phone = screen.getByLabelText('Số điện thoại đã dùng khi đặt lịch');
    await user.type(phone, '12ab');
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác nhận' }));
    expect(phone).toHaveAccessibleDescription(APPOINTMENT_MSG.invalidPhone);
    expect(callsTo(fetchMock, '/api/appointments/claims/code')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '0977 000 101');
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác nhận' }));
    expect(await screen.findByText(CLAIM_MSG.codeSentPhone)).toBeInTheDocument();
    const [, sent] = callsTo(fetchMock, '/api/appointments/claims/code')[0]!;
    expect(JSON.parse(sent!.body as string)).toEqual({ phone: '0977 000 101' });

    await user.type(screen.getByLabelText('Mã xác nhận'), CLAIM_CODE);
    await user.click(screen.getByRole('button', { name: 'Thêm vào tài khoản của tôi' }));
    expect(await screen.findByText(CLAIM_MSG.claimed(1))).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Tất cả 2' })).toBeInTheDocument();
  });
});

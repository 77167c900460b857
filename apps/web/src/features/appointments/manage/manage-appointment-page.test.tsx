import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MSG, CLAIM_MSG, PAYMENT_MSG, type Appointment } from '@clinic/shared';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { errorBody, makeUser, pickDate, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';
import { manageCalls, serveManageLink, TOKEN } from '../testing/fake-manage-server';

/** Tuesday 10 March 2026, 09:15 in Ho Chi Minh City; her visit is on Thursday the 12th at 09:00. */
const NOW = new Date('2026-03-10T02:15:00Z');
const DOCTOR = { id: 9, fullName: 'BS. Lê Thị Hồng Nhung', specialty: 'GYNECOLOGY' } as Appointment['doctor'];

const pending = appointment(41, 'PENDING', { fullName: 'Trần Thị Bình', reason: 'Khám định kỳ' });
const confirmed = appointment(42, 'CONFIRMED', { fullName: 'Trần Thị Bình', doctorId: 9, doctor: DOCTOR });

function open(token = TOKEN) {
  return renderRoutes(routes, `/appointment/manage/${token}`);
}

/** The appointment's own panel, once loaded. */
const panel = async (id: number) =>
  (await screen.findByRole('heading', { name: `Mã lịch hẹn #${id}` }, { timeout: 4000 })).closest('section')!;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ManageAppointmentPage', () => {
  it('shows a waiting appointment as she sees it, with both changes, the calendar file and no indexing', async () => {
    serveManageLink(pending);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quản lý lịch hẹn' })).toBeInTheDocument();
    const card = await panel(41);
    expect(within(card).getByText('Trần Thị Bình')).toBeInTheDocument();
    expect(within(card).getByText('Thứ Năm, 12 tháng 3, 2026')).toBeInTheDocument();
    expect(within(card).getByText('09:00')).toBeInTheDocument();
    expect(within(card).getByText('Khoa Phụ khoa')).toBeInTheDocument();
    expect(within(card).getByText('Khám định kỳ')).toBeInTheDocument();
    expect(within(card).getByText('Đang chờ')).toBeInTheDocument();
    expect(within(card).queryByText('Bác sĩ')).not.toBeInTheDocument();
    expect(within(card).getByText(/Liên kết có hiệu lực đến hết ngày 13\/03\/2026/)).toBeInTheDocument();

    expect(within(card).getByRole('button', { name: 'Đổi lịch hẹn' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Hủy lịch hẹn' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Thanh toán trực tuyến' })).not.toBeInTheDocument();
    const calendar = within(card).getByRole('link', { name: 'Thêm vào lịch' });
    expect(calendar).toHaveAttribute('href', `/api/appointments/manage/${TOKEN}/calendar.ics`);
    expect(calendar).toHaveAttribute('download');

    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      expect.stringContaining('noindex'),
    );
    await waitFor(() => expect(document.title).toContain('Quản lý lịch hẹn'));
  });

  it('offers the online payment once the clinic has requested one, as My Appointments does (issue 28)', async () => {
    serveManageLink(appointment(43, 'PAYMENT_REQUESTED', { fullName: 'Trần Thị Bình' }));
    open();
    const card = await panel(43);
    expect(within(card).getByRole('link', { name: 'Thanh toán trực tuyến' })).toHaveAttribute(
      'href',
      `/appointment/manage/${TOKEN}/pay`,
    );
  });

  it('offers no online payment when the clinic takes none (production without provider keys, issue 34)', async () => {
    serveManageLink(appointment(45, 'PAYMENT_REQUESTED', { fullName: 'Trần Thị Bình' }), { paymentMethods: [] });
    open();
    const card = await panel(45);
    await waitFor(() =>
      expect(within(card).queryByRole('link', { name: 'Thanh toán trực tuyến' })).not.toBeInTheDocument(),
    );
    expect(within(card).getByText('Cần thanh toán')).toBeInTheDocument();
  });

  it('offers the deposit that holds her slot while it is held, from the link she got at booking (issue 28)', async () => {
    const dueAt = new Date(Date.now() + 10 * 60_000).toISOString();
    serveManageLink(appointment(44, 'PENDING', { depositAmount: 200_000, depositDueAt: dueAt, depositPaidAt: null }));
    open();
    const card = await panel(44);
    expect(within(card).getByRole('link', { name: PAYMENT_MSG.payDeposit })).toHaveAttribute(
      'href',
      `/appointment/manage/${TOKEN}/pay`,
    );
  });

  it('offers no change once the clinic has confirmed, and says to call the hotline instead', async () => {
    serveManageLink(confirmed);
    open();
    const card = await panel(42);
    expect(within(card).getByText('Đã xác nhận')).toBeInTheDocument();
    expect(within(card).getByText('Bác sĩ')).toBeInTheDocument();
    expect(within(card).getByText('BS. Lê Thị Hồng Nhung')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Đổi lịch hẹn' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument();
    expect(within(card).getByText(/không thể đổi hoặc hủy qua liên kết này/)).toHaveTextContent(
      'gọi hotline 1900 6868',
    );
    expect(within(card).getByRole('link', { name: '1900 6868' })).toHaveAttribute('href', 'tel:19006868');
    expect(within(card).getByRole('link', { name: 'Thêm vào lịch' })).toBeInTheDocument();
  });

  it('cancels only with a reason, then shows the appointment as Đã hủy', async () => {
    const { fetchMock } = serveManageLink(pending);
    const { user } = open();
    const card = await panel(41);
    await user.click(within(card).getByRole('button', { name: 'Hủy lịch hẹn' }));
    const dialog = screen.getByRole('dialog', { name: 'Hủy lịch hẹn' });
    expect(within(dialog).getByLabelText('Lý do hủy')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));
    expect(within(dialog).getByText(APPOINTMENT_MSG.cancelReasonRequired)).toBeInTheDocument();
    expect(manageCalls(fetchMock, '/cancel')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Lý do hủy'), 'Tôi bận việc đột xuất');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));

    const notice = await screen.findByText(APPOINTMENT_MSG.cancelled);
    expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [call] = manageCalls(fetchMock, '/cancel');
    expect(call![1]!.method).toBe('POST');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ reason: 'Tôi bận việc đột xuất' });

    expect(within(card).getByText('Đã hủy')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Đổi lịch hẹn' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Thêm vào lịch' })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Đặt lịch hẹn mới' })).toHaveAttribute('href', '/appointment');
  });

  it("moves to the chosen date and time, showing the server's refusal next to the form and its answer once done", async () => {
    const { fetchMock } = serveManageLink(pending, {
      rescheduleAnswer: (body) =>
        body.appointmentTime === '10:00'
          ? { status: 409, body: errorBody(409, APPOINTMENT_MSG.slotFull, 'SLOT_FULL') }
          : null,
    });
    const { user } = open();
    const card = await panel(41);
    await user.click(within(card).getByRole('button', { name: 'Đổi lịch hẹn' }));
    const form = screen.getByRole('form', { name: 'Đổi lịch hẹn' });
    expect(screen.getByRole('heading', { name: 'Đổi lịch hẹn' })).toHaveFocus();

    // Her own day is offered first, without the slot she already holds.
    const date = within(form).getByLabelText('Ngày khám mới');
    expect(date).toHaveValue('2026-03-12');
    expect(within(form).queryByRole('radio', { name: '09:00' })).not.toBeInTheDocument();
    // The booking form's date rules.
    pickDate(date, '2026-03-15');
    expect(await within(form).findByText(APPOINTMENT_MSG.sundayClosed)).toBeInTheDocument();

    pickDate(date, '2026-03-13');
    await user.click(within(form).getByRole('radio', { name: '10:00' }));
    expect(await within(form).findByText(/Còn chỗ/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Xác nhận đổi lịch' }));

    // About the time she chose: said next to the times, which the group points at.
    const times = within(form).getByRole('radiogroup', { name: 'Giờ khám mới' });
    await waitFor(() => expect(times).toHaveAccessibleDescription(APPOINTMENT_MSG.slotFull));
    const [refused] = manageCalls(fetchMock, '/reschedule');
    expect(refused![1]!.method).toBe('POST');
    expect(JSON.parse(refused![1]!.body as string)).toEqual({
      appointmentDate: '2026-03-13',
      appointmentTime: '10:00',
    });
    expect(within(card).getByText('Thứ Năm, 12 tháng 3, 2026')).toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: '10:30' }));
    await user.click(within(form).getByRole('button', { name: 'Xác nhận đổi lịch' }));
    expect(await screen.findByText(APPOINTMENT_MSG.rescheduled)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Đổi lịch hẹn' })).not.toBeInTheDocument();
    expect(within(card).getByText('Thứ Sáu, 13 tháng 3, 2026')).toBeInTheDocument();
    expect(within(card).getByText('10:30')).toBeInTheDocument();
    expect(JSON.parse(manageCalls(fetchMock, '/reschedule')[1]![1]!.body as string)).toEqual({
      appointmentDate: '2026-03-13',
      appointmentTime: '10:30',
    });
  });

  it("says the link is wrong or expired with the server's words, the hotline and a way to book again", async () => {
    serveManageLink(pending, {
      readAnswer: () => ({
        status: 404,
        body: errorBody(404, APPOINTMENT_MSG.manageLinkInvalid, 'MANAGE_LINK_INVALID'),
      }),
    });
    open();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      APPOINTMENT_MSG.manageLinkInvalid,
    );
    expect(APPOINTMENT_MSG.manageLinkInvalid).toContain('hotline 1900 6868');
    expect(screen.getByRole('link', { name: 'Đặt lịch hẹn mới' })).toHaveAttribute('href', '/appointment');
    expect(screen.getByRole('link', { name: 'Gọi hotline 1900 6868' })).toHaveAttribute('href', 'tel:19006868');
    expect(screen.queryByRole('button', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument();
  });

  it('says the same of a link that cannot be a token, without asking the server', async () => {
    const { fetchMock } = serveManageLink(pending);
    open('not-a-token');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      APPOINTMENT_MSG.manageLinkInvalid,
    );
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/appointments/manage/'))).toHaveLength(0);
  });

  it("adds a visit booked signed out to the signed-in patient's account with 'Thêm vào tài khoản của tôi'", async () => {
    const { fetchMock } = serveManageLink({ ...pending, userId: null });
    storeSession(storedInfoOf(makeUser({ id: 12, username: 'binh', role: 'PATIENT' })));
    const { user } = open();
    const card = await panel(41);
    await user.click(within(card).getByRole('button', { name: 'Thêm vào tài khoản của tôi' }));
    expect(await within(card).findByText(CLAIM_MSG.claimedOne)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Xem Lịch hẹn của tôi' })).toHaveAttribute(
      'href',
      '/my-appointments',
    );
    expect(manageCalls(fetchMock, '/claim')[0]![1]!.method).toBe('POST');
    expect(within(card).queryByRole('button', { name: 'Thêm vào tài khoản của tôi' })).not.toBeInTheDocument();
  });

  it("says why not when the visit was booked with another person's contact", async () => {
    serveManageLink(
      { ...pending, userId: null },
      { claimAnswer: () => ({ status: 403, body: errorBody(403, CLAIM_MSG.notYours, 'CLAIM_NOT_YOURS') }) },
    );
    storeSession(storedInfoOf(makeUser({ id: 12, username: 'binh', role: 'PATIENT' })));
    const { user } = open();
    const card = await panel(41);
    await user.click(within(card).getByRole('button', { name: 'Thêm vào tài khoản của tôi' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(CLAIM_MSG.notYours);
  });

  it('offers nothing to add once the visit is in an account', async () => {
    serveManageLink({ ...pending, userId: 12 });
    storeSession(storedInfoOf(makeUser({ id: 12, username: 'binh', role: 'PATIENT' })));
    open();
    const card = await panel(41);
    expect(within(card).queryByRole('button', { name: 'Thêm vào tài khoản của tôi' })).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MSG } from '@clinic/shared';
import { errorBody, renderWithProviders } from '@/testing/render-app';
import AppointmentPage from '../appointment-page';
import {
  chooseDate,
  fakeBookingServer,
  FULL,
  NEXT_FRIDAY,
  TUESDAY_0915,
  WAITING_TOKEN,
  waitingListCalls,
} from './booking-test-kit';

type User = ReturnType<typeof renderWithProviders>['user'];

/** Name and phone typed, a full slot of Khoa Phụ khoa chosen; the e-mail left to each test. */
async function chooseFullSlot(user: User) {
  await user.type(screen.getByLabelText('Họ và tên'), 'Lê Thị Hạnh');
  await user.type(screen.getByLabelText('Số điện thoại'), '0912 000 111');
  await screen.findByRole('option', { name: 'Khoa Phụ khoa' });
  await user.selectOptions(screen.getByLabelText('Khoa khám'), 'GYNECOLOGY');
  chooseDate(NEXT_FRIDAY);
  await user.click(screen.getByRole('radio', { name: '09:00' }));
  await screen.findByText(APPOINTMENT_MSG.slotFull);
}

beforeEach(() => {
  vi.useFakeTimers({ now: TUESDAY_0915, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waiting for a full slot from the booking form', () => {
  it('offers the waiting list only for a full slot, asks for the phone it needs, then shows her place in line', async () => {
    const fetchMock = fakeBookingServer({ availability: { body: FULL } });
    const { user } = renderWithProviders(<AppointmentPage />);
    await chooseFullSlot(user);

    await user.click(await screen.findByRole('checkbox', { name: /có chỗ trống/ }));
    const join = screen.getByRole('button', { name: APPOINTMENT_MSG.waitingJoin });
    expect(screen.getByRole('group', { name: 'Vẫn muốn khám vào khung giờ này?' })).toHaveTextContent(
      'giữ chỗ trong 30 phút',
    );
    // The offer goes to her phone: a wrong number is refused before anything is sent.
    await user.clear(screen.getByLabelText('Số điện thoại'));
    await user.type(screen.getByLabelText('Số điện thoại'), '12345');
    await user.click(join);
    expect(await screen.findByText(APPOINTMENT_MSG.invalidPhone)).toBeInTheDocument();
    expect(screen.getByLabelText('Số điện thoại')).toHaveFocus();
    expect(waitingListCalls(fetchMock)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Số điện thoại'));
    await user.type(screen.getByLabelText('Số điện thoại'), '0912 000 111');
    // Typing answers the complaint at once.
    expect(screen.queryByText(APPOINTMENT_MSG.invalidPhone)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'Hanh.Le@Example.vn');
    await user.click(join);
    const heading = await screen.findByRole('heading', { name: 'Đã ghi tên vào danh sách chờ' });
    expect(heading).toHaveFocus();
    const panel = heading.closest('section')!;
    expect(within(panel).getByText('Vị trí của bạn: số 2')).toBeInTheDocument();
    expect(within(panel).getByText(APPOINTMENT_MSG.waitingJoined)).toBeInTheDocument();
    expect(within(panel).getByText('Khoa Phụ khoa')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Theo dõi danh sách chờ' })).toHaveAttribute(
      'href',
      `/appointment/waiting/${WAITING_TOKEN}`,
    );
    const [, init] = waitingListCalls(fetchMock)[0]!;
    expect(JSON.parse(init!.body as string)).toEqual({
      fullName: 'Lê Thị Hạnh',
      phone: '0912000111',
      email: 'hanh.le@example.vn',
      appointmentDate: NEXT_FRIDAY,
      appointmentTime: '09:00',
      department: 'GYNECOLOGY',
      consentContact: true,
    });

    await user.click(within(panel).getByRole('button', { name: 'Đặt lịch hẹn khác' }));
    expect(await screen.findByRole('heading', { name: 'Thông tin đặt lịch' })).toHaveFocus();
  });

  it('lets her wait with her phone only: the e-mail is optional, as for a booking', async () => {
    const fetchMock = fakeBookingServer({ availability: { body: FULL } });
    const { user } = renderWithProviders(<AppointmentPage />);
    await chooseFullSlot(user);
    await user.click(await screen.findByRole('checkbox', { name: /có chỗ trống/ }));
    await user.click(screen.getByRole('button', { name: APPOINTMENT_MSG.waitingJoin }));
    expect(await screen.findByRole('heading', { name: 'Đã ghi tên vào danh sách chờ' })).toBeInTheDocument();
    const [, init] = waitingListCalls(fetchMock)[0]!;
    expect(JSON.parse(init!.body as string)).toMatchObject({ phone: '0912000111', email: null });
  });

  it('says why the server refused (already waiting) and keeps the form', async () => {
    fakeBookingServer({
      availability: { body: FULL },
      waiting: { status: 409, body: errorBody(409, APPOINTMENT_MSG.alreadyWaiting, 'ALREADY_WAITING') },
    });
    const { user } = renderWithProviders(<AppointmentPage />);
    await chooseFullSlot(user);
    await user.type(screen.getByLabelText('Email'), 'hanh@example.vn');
    await user.click(await screen.findByRole('checkbox', { name: /có chỗ trống/ }));
    await user.click(screen.getByRole('button', { name: APPOINTMENT_MSG.waitingJoin }));
    expect(await screen.findByText(APPOINTMENT_MSG.alreadyWaiting)).toBeInTheDocument();
    expect(screen.getByLabelText('Họ và tên')).toHaveValue('Lê Thị Hạnh');
  });

  it('does not offer it while the slot has places', async () => {
    fakeBookingServer();
    const { user } = renderWithProviders(<AppointmentPage />);
    await screen.findByRole('option', { name: 'Khoa Phụ khoa' });
    await user.selectOptions(screen.getByLabelText('Khoa khám'), 'GYNECOLOGY');
    chooseDate(NEXT_FRIDAY);
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await screen.findByText(/Còn chỗ/);
    expect(screen.queryByRole('button', { name: APPOINTMENT_MSG.waitingJoin })).not.toBeInTheDocument();
  });
});

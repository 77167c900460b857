import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@clinic/shared';
import { errorBody, renderWithProviders, storeSession } from '@/testing/render-app';
import AppointmentPage from '../appointment-page';
import {
  bookingCalls,
  chooseDate,
  fakeBookingServer,
  NEXT_FRIDAY,
  patientUser,
  TUESDAY_0915,
} from './booking-test-kit';

const patient = patientUser();
const cachedPatient = {
  id: patient.id,
  username: patient.username,
  email: patient.email,
  fullName: patient.fullName,
  role: patient.role,
};

beforeEach(() => {
  vi.useFakeTimers({ now: TUESDAY_0915, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the booking form for a signed-in patient', () => {
  it('prefills name, e-mail and phone from the profile and locks them', async () => {
    storeSession(cachedPatient, 'patient-token');
    fakeBookingServer({ profile: { body: patient } });
    renderWithProviders(<AppointmentPage />);

    const name = await screen.findByLabelText('Họ và tên');
    expect(name).toHaveValue('Nguyễn Thị Mai');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('mai.nguyen@example.vn');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Số điện thoại')).toHaveValue('0912345678');
    expect(screen.getByLabelText('Số điện thoại')).toHaveAttribute('readonly');
    expect(name).toHaveAccessibleDescription(/lấy từ tài khoản của bạn/);
    // The profile's phone joins the cached userInfo (in an effect, which Preact runs after the paint).
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!).phone).toBe('0912345678'));
  });

  it('leaves the phone open when the profile has none', async () => {
    storeSession(cachedPatient);
    fakeBookingServer({ profile: { body: patientUser({ phone: null }) } });
    renderWithProviders(<AppointmentPage />);

    expect(await screen.findByLabelText('Họ và tên')).toHaveAttribute('readonly');
    const phone = screen.getByLabelText('Số điện thoại');
    expect(phone).toHaveValue('');
    expect(phone).not.toHaveAttribute('readonly');
  });

  it('falls back to the cached user information when the profile answers 403', async () => {
    storeSession({ ...cachedPatient, phone: '0909111222' });
    fakeBookingServer({ profile: { status: 403, body: errorBody(403, 'Forbidden') } });
    renderWithProviders(<AppointmentPage />);

    const name = await screen.findByLabelText('Họ và tên');
    expect(name).toHaveValue('Nguyễn Thị Mai');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Số điện thoại')).toHaveValue('0909111222');
  });

  it('does not prefill anything for staff', async () => {
    storeSession({ id: 3, username: 'staff', email: 'staff@antamclinic.vn', fullName: 'Lê Thị Thu Hà', role: 'STAFF' });
    fakeBookingServer();
    renderWithProviders(<AppointmentPage />);
    const name = await screen.findByLabelText('Họ và tên');
    expect(name).toHaveValue('');
    expect(name).not.toHaveAttribute('readonly');
  });

  it('books with the account token and keeps the identity in the fresh form afterwards', async () => {
    storeSession(cachedPatient, 'patient-token');
    const fetchMock = fakeBookingServer({ profile: { body: patient } });
    const { user } = renderWithProviders(<AppointmentPage />);
    await screen.findByRole('option', { name: 'Khoa Phụ khoa' });
    await user.selectOptions(screen.getByLabelText('Khoa khám'), 'GYNECOLOGY');
    chooseDate(NEXT_FRIDAY);
    await user.click(screen.getByRole('radio', { name: '14:00' }));
    await screen.findByText(/Còn chỗ/);
    await user.click(screen.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }));
    await user.click(screen.getByRole('button', { name: 'Đặt lịch hẹn' }));

    const panel = (await screen.findByRole('heading', { name: 'Đặt lịch hẹn thành công' })).closest('section')!;
    expect(within(panel).getByText('Mã lịch hẹn: #123')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Xem lịch hẹn của tôi' })).toHaveAttribute(
      'href',
      '/my-appointments',
    );
    const [, init] = bookingCalls(fetchMock)[0]!;
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer patient-token');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      fullName: 'Nguyễn Thị Mai',
      phone: '0912345678',
      email: 'mai.nguyen@example.vn',
      reason: null,
    });

    await user.click(within(panel).getByRole('button', { name: 'Đặt lịch hẹn khác' }));
    expect(await screen.findByLabelText('Họ và tên')).toHaveValue('Nguyễn Thị Mai');
    expect(screen.getByLabelText('Số điện thoại')).toHaveValue('0912345678');
    expect(screen.getByLabelText('Khoa khám')).toHaveValue('');
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
  });
});

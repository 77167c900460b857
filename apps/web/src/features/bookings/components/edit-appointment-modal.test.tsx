import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MSG, DEPARTMENTS } from '@clinic/shared';
import { appointment } from '@/testing/appointment-fixture';
import { mockFetch, renderWithProviders } from '@/testing/render-app';
import { EditAppointmentModal } from './edit-appointment-modal';

// Tuesday 10 March 2026, 09:15 in Ho Chi Minh City.
const NOW = new Date('2026-03-10T02:15:00Z');

type Sent = { url: string; method: string; body: unknown };

/** The department list answers only when `release` is called, as a slow network would. */
function server() {
  const sent: Sent[] = [];
  let release: () => void = () => {};
  const departmentsArrived = new Promise<void>((resolve) => (release = resolve));
  mockFetch(async (url, init) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/appointments/public/departments')) {
      await departmentsArrived;
      return { body: DEPARTMENTS.map((d) => ({ ...d, slotCapacity: 3 })) };
    }
    if (url.startsWith('/api/appointments/public/availability'))
      return { body: { available: true, message: APPOINTMENT_MSG.slotAvailable, code: 'AVAILABLE', remaining: 2 } };
    if (url === '/api/appointments/5' && init.method === 'PUT')
      return {
        body: { message: APPOINTMENT_MSG.updated, appointment: appointment(5, 'CONFIRMED'), changes: [] },
      };
    return { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Không tìm thấy' } };
  });
  return { sent, release };
}

describe('EditAppointmentModal', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it("shows the booking's own department once the department list arrives, not the list's first one", async () => {
    const { sent, release } = server();
    const { user } = renderWithProviders(
      <EditAppointmentModal appointment={appointment(5, 'CONFIRMED')} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Chỉnh sửa lịch hẹn #5' });
    const department = within(dialog).getByLabelText('Khoa khám');
    expect(department).toHaveDisplayValue('Khoa Phụ khoa');

    release();
    await within(dialog).findByRole('option', { name: 'Khoa Sức khỏe sinh sản' });
    expect(department).toHaveDisplayValue('Khoa Phụ khoa');
    expect(within(dialog).getByRole('option', { name: 'Khoa Phụ khoa' })).toHaveProperty('selected', true);

    // What the receptionist sees is what is saved; choosing another department saves that one.
    await user.selectOptions(department, 'OBSTETRICS');
    expect(department).toHaveDisplayValue('Khoa Sản');
    expect(await within(dialog).findByText(APPOINTMENT_MSG.slotAvailable)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() =>
      expect(sent.find((r) => r.url === '/api/appointments/5' && r.method === 'PUT')?.body).toMatchObject({
        department: 'OBSTETRICS',
      }),
    );
  });

  it('says by which channel the patient hears of the changes: e-mail, Zalo or SMS only, or a call from staff (issue 35)', async () => {
    const { release } = server();
    const { user } = renderWithProviders(
      <EditAppointmentModal
        appointment={appointment(5, 'CONFIRMED', { email: null, phone: '0912345678' })}
        onClose={() => {}}
      />,
    );
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Chỉnh sửa lịch hẹn #5' });
    expect(dialog).toHaveAccessibleDescription(/không có email: chỉ nhận tin nhắn Zalo \(hoặc SMS\)/);
    expect(within(dialog).queryByText(/nhận email liệt kê/)).not.toBeInTheDocument();
    // An e-mail typed in: the list of changes goes there, and the phone still hears of it.
    await user.type(within(dialog).getByLabelText('Email'), 'lan@example.vn');
    expect(dialog).toHaveAccessibleDescription(/nhận email liệt kê các thay đổi và tin nhắn Zalo/);
    // A landline and no e-mail: nothing can be sent, staff call her.
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.clear(within(dialog).getByLabelText('Số điện thoại'));
    await user.type(within(dialog).getByLabelText('Số điện thoại'), '02838123456');
    expect(dialog).toHaveAccessibleDescription(/hãy gọi điện báo cho bệnh nhân/);
  });

  it('keeps a department the clinic no longer offers as the selected one', async () => {
    const { release } = server();
    renderWithProviders(
      <EditAppointmentModal
        appointment={appointment(5, 'CONFIRMED', { department: 'PEDIATRICS' as never, departmentName: 'Khoa Nhi' })}
        onClose={() => {}}
      />,
    );
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Chỉnh sửa lịch hẹn #5' });
    await within(dialog).findByRole('option', { name: 'Khoa Sức khỏe sinh sản' });
    expect(within(dialog).getByLabelText('Khoa khám')).toHaveDisplayValue('Khoa Nhi');
  });
});

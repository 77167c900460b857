import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPOINTMENT_MSG,
  CITIZEN_ID_MSG,
  DEPARTMENTS,
  PRIVACY_MSG,
  PRIVACY_TEXT,
  type AppointmentPage,
} from '@clinic/shared';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

// Tuesday 10 March 2026, 09:15 in Ho Chi Minh City.
const NOW = new Date('2026-03-10T02:15:00Z');
const TODAY = '2026-03-10';

const ITEMS = [
  // Still waiting and its time has come: marked.
  appointment(1, 'PENDING', { appointmentDate: TODAY, appointmentTime: '08:30' }),
  appointment(2, 'CONFIRMED', { appointmentDate: TODAY, appointmentTime: '08:00' }),
  appointment(3, 'PENDING', { appointmentDate: TODAY, appointmentTime: '14:00' }),
];
const PAGE: AppointmentPage = { items: ITEMS, total: 3, page: 1, size: 20, totalPages: 1, totalCapped: false };
const STATS = {
  totalAppointments: 3,
  pendingAppointments: 2,
  confirmedAppointments: 1,
  todaysAppointments: 3,
  awaitingDoctorAppointments: 0,
};

type Sent = { url: string; method: string; body: unknown };

function server(
  answer: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const given = answer(url, init);
    if (given) return given;
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: makeUser({ id: 2, username: 'staff', role: 'STAFF' }) };
    if (url.startsWith('/api/appointments/stats')) return { body: STATS };
    if (url.startsWith('/api/appointments/public/departments'))
      return { body: DEPARTMENTS.map((d) => ({ ...d, slotCapacity: 3 })) };
    if (url.startsWith('/api/appointments/desk/availability'))
      return { body: { available: true, message: APPOINTMENT_MSG.slotAvailable, code: 'AVAILABLE', remaining: 2 } };
    if (url === '/api/users/role/DOCTOR')
      return {
        body: [
          makeUser({
            id: 9,
            username: 'doctor',
            role: 'DOCTOR',
            fullName: 'BS. Nguyễn Văn An',
            specialty: 'GENERAL_PRACTICE',
          }),
          makeUser({ id: 10, username: 'doctor3', role: 'DOCTOR', fullName: 'BS. Trần Thu', specialty: 'OBSTETRICS' }),
        ],
      };
    if (url.startsWith('/api/appointments?') || url === '/api/appointments') return { body: PAGE };
    return { status: 404, body: errorBody(404, 'Không tìm thấy', 'NOT_FOUND') };
  });
  return sent;
}

function open(path = '/admin/bookings') {
  storeSession(storedInfoOf(makeUser({ id: 2, username: 'staff', role: 'STAFF' })));
  return renderRoutes(routes, path);
}
const firstLoad = { timeout: 5000 };
const lists = (sent: Sent[]) =>
  sent.filter((s) => s.url.startsWith('/api/appointments?')).map((s) => new URL(s.url, 'http://x'));

describe('Booking Manager: the day sheet and the booking at the desk', () => {
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

  it("keeps the specification's list by default, and opens today's sheet in time order without the finished visits, remembered in the address", async () => {
    const sent = server();
    const { user, router } = open();
    await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad);
    const first = lists(sent)[0]!;
    expect(first.searchParams.get('sort')).toBe('createdAt:desc');
    expect(first.searchParams.get('from')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Hôm nay', pressed: false }));
    await waitFor(() => expect(lists(sent).some((u) => u.searchParams.get('from') === TODAY)).toBe(true));
    const sheet = lists(sent).find((u) => u.searchParams.get('from') === TODAY)!;
    expect(sheet.searchParams.get('to')).toBe(TODAY);
    expect(sheet.searchParams.get('sort')).toBe('appointmentDate:asc');
    expect(sheet.searchParams.get('status')!.split(',')).toEqual([
      'PENDING',
      'AWAITING_DOCTOR_APPROVAL',
      'CONFIRMED',
      'NEEDS_PAYMENT',
      'PAYMENT_REQUESTED',
      'PAID',
    ]);
    expect(router.state.location.search).toContain('day=today');

    await user.click(screen.getByRole('checkbox', { name: /Hiện cả lịch đã xong/ }));
    await waitFor(() => expect(lists(sent).at(-1)!.searchParams.get('status')).toBeNull());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sắp xếp' }), 'Chờ lâu nhất trước');
    await waitFor(() => expect(lists(sent).at(-1)!.searchParams.get('sort')).toBe('createdAt:asc'));
  });

  it('opens a day from its address in time order, and keeps an order she chose from day to day (issue 35)', async () => {
    const sent = server();
    const { user, router } = open('/admin/bookings?day=tomorrow');
    await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad);
    expect(lists(sent)[0]!.searchParams.get('sort')).toBe('appointmentDate:asc');
    expect(screen.getByRole('combobox', { name: 'Sắp xếp' })).toHaveDisplayValue('Giờ khám, sớm trước');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sắp xếp' }), 'Mới đặt nhất trước');
    await waitFor(() => expect(router.state.location.search).toContain('sort=createdAt%3Adesc'));
    await user.click(screen.getByRole('button', { name: 'Hôm nay', pressed: false }));
    await waitFor(() => expect(router.state.location.search).toContain('day=today'));
    expect(router.state.location.search).toContain('sort=createdAt%3Adesc');
    await waitFor(() => expect(lists(sent).at(-1)!.searchParams.get('sort')).toBe('createdAt:desc'));
  });

  it("says a working day has nothing booked yet, not 'try another keyword' she never typed (issue 35)", async () => {
    const empty: AppointmentPage = { items: [], total: 0, page: 1, size: 20, totalPages: 0, totalCapped: false };
    server((url) => (url.startsWith('/api/appointments?') ? { body: empty } : undefined));
    open('/admin/bookings?day=2026-03-16');
    expect(await screen.findByText(/Chưa có lịch hẹn nào ngày .*16.*2026/, {}, firstLoad)).toBeInTheDocument();
    expect(screen.queryByText('Hãy thử từ khóa khác, hoặc bỏ bớt bộ lọc.')).not.toBeInTheDocument();
  });

  it('shows when each was booked, and marks a booking still waiting whose time has come', async () => {
    server();
    const { user } = open('/admin/bookings?day=today');
    const late = (await screen.findByRole('button', { name: 'Bệnh nhân 1' }, firstLoad)).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: /Ngày đặt/ })).toBeInTheDocument();
    expect(within(late).getByText('Quá giờ, chưa xác nhận')).toBeInTheDocument();
    expect(within(late).getByText('01/03/2026')).toBeInTheDocument();
    // The counters fold away for more rows above the fold, and stay folded on this computer.
    await user.click(screen.getByRole('button', { name: 'Thu gọn thống kê' }));
    expect(screen.queryByRole('list', { name: 'Thống kê lịch hẹn' })).toBeNull();
    expect(localStorage.getItem('bookings.cardsFolded')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Hiện thống kê' }));
    expect(screen.getByRole('list', { name: 'Thống kê lịch hẹn' })).toBeVisible();
    const confirmed = screen.getByRole('button', { name: 'Bệnh nhân 2' }).closest('tr')!;
    expect(within(confirmed).queryByText('Quá giờ, chưa xác nhận')).toBeNull();
    const ahead = screen.getByRole('button', { name: 'Bệnh nhân 3' }).closest('tr')!;
    expect(within(ahead).queryByText('Quá giờ, chưa xác nhận')).toBeNull();
  });

  it('books a walk-in without an e-mail for the slot under way, once the consent is ticked', async () => {
    const sent = server((url, init) =>
      url === '/api/appointments/desk' && init.method === 'POST'
        ? {
            status: 201,
            body: {
              message: APPOINTMENT_MSG.deskBooked,
              appointment: appointment(50, 'PENDING', { email: null }),
              emailStatus: 'none',
            },
          }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Đặt lịch tại quầy' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Đặt lịch tại quầy' });
    await user.type(within(dialog).getByLabelText('Họ tên'), 'Phạm Thị Hoa');
    await user.type(within(dialog).getByLabelText('Số điện thoại'), '0987 654 321');
    await user.selectOptions(within(dialog).getByLabelText('Khoa khám'), 'OBSTETRICS');
    // 09:15: the 09:00 slot is under way and offered; 08:30 is over.
    expect(within(dialog).queryByRole('radio', { name: '08:30' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: '09:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Đặt lịch' }));
    expect(await within(dialog).findByText(PRIVACY_MSG.deskConsentRequired)).toBeInTheDocument();
    expect(sent.some((s) => s.url === '/api/appointments/desk')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: PRIVACY_TEXT.deskConsent }));
    await user.click(within(dialog).getByRole('button', { name: 'Đặt lịch' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Đặt lịch tại quầy' })).toBeNull());
    const post = sent.find((s) => s.url === '/api/appointments/desk')!;
    expect(post.body).toMatchObject({
      fullName: 'Phạm Thị Hoa',
      phone: '0987654321',
      email: null,
      department: 'OBSTETRICS',
      appointmentDate: TODAY,
      appointmentTime: '09:00',
      consentInPerson: true,
      doctorId: null,
    });
  });

  it('takes her citizen identification number when she shows her card: 12 digits, else the rule beside the field', async () => {
    const sent = server((url, init) =>
      url === '/api/appointments/desk' && init.method === 'POST'
        ? {
            status: 201,
            body: { message: APPOINTMENT_MSG.deskBooked, appointment: appointment(51, 'PENDING'), emailStatus: 'none' },
          }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Đặt lịch tại quầy' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Đặt lịch tại quầy' });
    await user.type(within(dialog).getByLabelText('Họ tên'), 'Phạm Thị Hoa');
    await user.type(within(dialog).getByLabelText('Số điện thoại'), '0987654321');
    const citizenId = within(dialog).getByLabelText(CITIZEN_ID_MSG.label);
    expect(citizenId).toHaveAccessibleDescription(CITIZEN_ID_MSG.hint);
    await user.type(citizenId, '0011990007');
    await user.selectOptions(within(dialog).getByLabelText('Khoa khám'), 'OBSTETRICS');
    await user.click(within(dialog).getByRole('radio', { name: '09:00' }));
    await user.click(within(dialog).getByRole('checkbox', { name: PRIVACY_TEXT.deskConsent }));
    await user.click(within(dialog).getByRole('button', { name: 'Đặt lịch' }));
    expect(await within(dialog).findByText(CITIZEN_ID_MSG.invalid)).toBeInTheDocument();
    expect(citizenId).toHaveAttribute('aria-invalid', 'true');
    expect(sent.some((s) => s.url === '/api/appointments/desk')).toBe(false);

    await user.type(citizenId, '77');
    await user.click(within(dialog).getByRole('button', { name: 'Đặt lịch' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Đặt lịch tại quầy' })).toBeNull());
    const post = sent.find((s) => s.url === '/api/appointments/desk')!;
    expect(post.body).toMatchObject({ fullName: 'Phạm Thị Hoa', citizenId: '001199000777' });
  });

  it("shows the server's refusal next to the field it concerns, and offers only the department's doctors", async () => {
    server((url, init) =>
      url === '/api/appointments/desk' && init.method === 'POST'
        ? { status: 409, body: errorBody(409, APPOINTMENT_MSG.slotFull, 'SLOT_FULL') }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Đặt lịch tại quầy' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Đặt lịch tại quầy' });
    await user.type(within(dialog).getByLabelText('Họ tên'), 'Phạm Thị Hoa');
    await user.type(within(dialog).getByLabelText('Số điện thoại'), '0987654321');
    await user.selectOptions(within(dialog).getByLabelText('Khoa khám'), 'GYNECOLOGY');
    const doctors = within(dialog).getByLabelText('Xác nhận luôn với bác sĩ (không bắt buộc)');
    await waitFor(() => expect(within(doctors).getAllByRole('option')).toHaveLength(2));
    expect(within(doctors).queryByRole('option', { name: 'BS. Trần Thu' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: '10:00' }));
    await user.click(within(dialog).getByRole('checkbox', { name: PRIVACY_TEXT.deskConsent }));
    await user.click(within(dialog).getByRole('button', { name: 'Đặt lịch' }));
    const times = await within(dialog).findByRole('radiogroup', { name: 'Giờ khám' });
    expect(await within(times).findByText(APPOINTMENT_MSG.slotFull)).toBeInTheDocument();
  });

  it("marks the full slots 'Đã đầy' (not choosable) and the nearly full ones before staff pick a time", async () => {
    const sent = server((url) =>
      url.startsWith('/api/appointments/public/slots')
        ? {
            body: {
              date: TODAY,
              department: 'OBSTETRICS',
              slots: [
                { time: '10:00', capacity: 3, remaining: 0 },
                { time: '10:30', capacity: 3, remaining: 2 },
                { time: '11:00', capacity: 3, remaining: 3 },
              ],
            },
          }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Đặt lịch tại quầy' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Đặt lịch tại quầy' });
    await user.selectOptions(within(dialog).getByLabelText('Khoa khám'), 'OBSTETRICS');
    const full = await within(dialog).findByRole('radio', { name: '10:00, Đã đầy' });
    expect(full).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: '10:30, Còn 2 chỗ' })).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: '11:00' })).toBeEnabled();
    expect(sent.some((s) => s.url === `/api/appointments/public/slots?date=${TODAY}&department=OBSTETRICS`)).toBe(true);
  });
});

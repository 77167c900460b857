import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  APPROVALS_MSG,
  clinicToday,
  DASHBOARD_MSG,
  type AppointmentPage,
  type Dashboard,
  type Role,
} from '@clinic/shared';
import { appointment } from '@/testing/appointment-fixture';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { routes } from '@/app/router';
import { makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const DASHBOARD: Dashboard = {
  scope: 'clinic',
  people: 57,
  appointments: { total: 305, pending: 17, awaitingDoctor: 16, confirmed: 15, today: 6 },
  revenue: {
    total: 95_750_000,
    thisMonth: 36_150_000,
    lastMonth: 52_400_000,
    paidVisits: 146,
    online: 12_300_000,
    estimatedVisits: 9,
  },
  pendingPayments: { count: 40, amount: 25_500_000 },
  today: {
    day: '2026-11-26',
    byMethod: [
      { method: 'VNPAY', count: 2, amount: 580_000, refundCount: 1, refundAmount: 200_000 },
      { method: 'MOMO', count: 1, amount: 400_000, refundCount: 0, refundAmount: 0 },
      { method: 'VIETQR', count: 1, amount: 200_000, refundCount: 0, refundAmount: 0 },
      { method: 'DESK', count: 3, amount: 2_300_000, refundCount: 0, refundAmount: 0 },
    ],
    total: { count: 7, amount: 3_480_000, refundCount: 1, refundAmount: 200_000, net: 3_280_000 },
  },
  months: [
    { month: '2026-06', appointments: 0, completed: 0, revenue: 0 },
    { month: '2026-07', appointments: 0, completed: 0, revenue: 0 },
    { month: '2026-08', appointments: 0, completed: 0, revenue: 0 },
    { month: '2026-09', appointments: 28, completed: 8, revenue: 4_000_000 },
    { month: '2026-10', appointments: 128, completed: 60, revenue: 52_400_000 },
    { month: '2026-11', appointments: 131, completed: 40, revenue: 36_150_000 },
  ],
  growth: { appointments: 2.3, revenue: -31, throughDay: 26 },
  waitingList: { refilledThisMonth: 4, waiting: 7 },
  sampleDataAvailable: true,
};

const TODAY = clinicToday(new Date(), clinicTimeZone());
const TOMORROW = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
let upcoming: AppointmentPage = { items: [], total: 0, page: 1, size: 100, totalPages: 0, totalCapped: false };

function open(role: Role, dashboard: Dashboard, sample?: () => { status?: number; body?: unknown }) {
  const me = makeUser({ id: 1, username: role.toLowerCase(), role, fullName: 'Quản trị viên' });
  const sent: string[] = [];
  mockFetch((url, init) => {
    sent.push(`${init.method ?? 'GET'} ${url}`);
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: me };
    if (url === '/api/dashboard') return { body: dashboard };
    if (url === '/api/care-plans/summary')
      return { body: { running: { ANTENATAL: 12, FERTILITY: 3, CONTRACEPTION: 0 }, month: { done: 8, inWindow: 6 } } };
    if (url === '/api/dashboard/sample-data' && sample) return sample();
    if (url.startsWith('/api/appointments/upcoming?')) return { body: upcoming };
    const accepted = /^\/api\/appointments\/(\d+)\/doctor-accept$/.exec(url);
    if (accepted && init.method === 'PUT') {
      const visit = upcoming.items.find((a) => a.id === Number(accepted[1]))!;
      return {
        body: { message: APPROVALS_MSG.accepted, appointment: { ...visit, status: 'CONFIRMED' }, emailStatus: 'sent' },
      };
    }
    return {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'Không tìm thấy', error: 'Không tìm thấy' },
    };
  });
  storeSession(storedInfoOf(me));
  return { sent, ...renderRoutes(routes, '/admin') };
}

const firstLoad = { timeout: 5000 };

describe('DashboardPage', () => {
  it("shows the server's figures, the six months for a screen reader too, and tiles for the role's screens", async () => {
    open('STAFF', { ...DASHBOARD, sampleDataAvailable: false });
    const counters = await screen.findByRole('list', { name: 'Số liệu chính' }, firstLoad);
    expect(within(counters).getByText('Tổng người dùng').parentElement).toHaveTextContent('57');
    expect(within(counters).getByText('Chờ xử lý').parentElement).toHaveTextContent('33');
    expect(screen.getByRole('region', { name: 'Doanh thu' })).toHaveTextContent('95.750.000');
    expect(screen.getByRole('region', { name: 'Doanh thu' })).toHaveTextContent(
      '−31% so với cùng kỳ tháng trước (ngày 1–26)',
    );
    // How it was valued (issue 28): the ledger's part, and the visits priced at the estimate.
    expect(screen.getByRole('region', { name: 'Doanh thu' })).toHaveTextContent(
      'theo tháng của lịch hẹn: 12.300.000 VNĐ theo số tiền sổ thanh toán ghi nhận',
    );
    // Today's money (issue 35): in, refunds out and net, per method, as the payments report shows it.
    const money = screen.getByRole('region', { name: 'Tiền hôm nay' });
    const totals = within(within(money).getByLabelText('Tiền hôm nay: tổng'));
    expect(totals.getByText('Tiền vào').parentElement).toHaveTextContent('3.480.000 VNĐ7 lượt');
    expect(totals.getByText('Hoàn tiền').parentElement).toHaveTextContent('200.000 VNĐ1 lượt');
    expect(totals.getByText('Thực thu').parentElement).toHaveTextContent('3.280.000 VNĐ');
    expect(within(money).getByRole('row', { name: /VNPay/ })).toHaveTextContent('580.000 VNĐ');
    expect(within(money).getByRole('row', { name: /Tổng cộng/ })).toHaveTextContent(
      'Tổng cộng3.480.000 VNĐ200.000 VNĐ3.280.000 VNĐ',
    );
    expect(within(money).getByRole('link', { name: 'Xem báo cáo thanh toán hôm nay' })).toHaveAttribute(
      'href',
      '/admin/booking-history?period=today',
    );
    expect(screen.getByRole('region', { name: 'Doanh thu' })).toHaveTextContent(
      '9 lượt chưa ghi số tiền được ước tính 500.000 VNĐ mỗi lượt.',
    );
    expect(screen.getByRole('region', { name: 'Thanh toán chờ xử lý' })).toHaveTextContent('25.500.000');
    const months = screen.getByRole('table', { name: 'Lịch hẹn và doanh thu 6 tháng gần nhất' });
    expect(within(months).getByRole('row', { name: /10\/2026 128 60/ })).toBeInTheDocument();
    const tiles = within(screen.getByRole('region', { name: 'Truy cập nhanh' }));
    expect(tiles.getByRole('link', { name: /Booking Manager/ })).toHaveAttribute('href', '/admin/bookings');
    expect(tiles.queryByRole('link', { name: /Users/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Công cụ nhà phát triển' })).not.toBeInTheDocument();
  });

  it('shows the care plans running by kind and the share of the month’s milestone visits inside their window (issue 37)', async () => {
    open('DOCTOR', { ...DASHBOARD, scope: 'doctor', sampleDataAvailable: false });
    const panel = await screen.findByRole('region', { name: 'Kế hoạch chăm sóc' }, firstLoad);
    await waitFor(() => expect(within(panel).getByText('Khám thai').nextElementSibling).toHaveTextContent('12'));
    expect(within(panel).getByText('Theo dõi chu kỳ hỗ trợ sinh sản').nextElementSibling).toHaveTextContent('3');
    expect(panel).toHaveTextContent('75%');
    expect(panel).toHaveTextContent('6 / 8 lượt đã khám');
    expect(within(panel).getByRole('link', { name: 'Xem các kế hoạch đang theo dõi' })).toHaveAttribute(
      'href',
      '/admin/care-plans',
    );
  });

  it('counts the places the waiting lists refilled this month, and the people waiting now', async () => {
    open('STAFF', { ...DASHBOARD, waitingList: { refilledThisMonth: 1234, waiting: 7 }, sampleDataAvailable: false });
    const counters = await screen.findByRole('list', { name: 'Số liệu chính' }, firstLoad);
    const card = within(counters).getByText('Chỗ trống được lấp tháng này').closest('li')!;
    expect(card).toHaveTextContent('1.234');
    expect(within(card).getByText('7 người đang chờ')).toBeInTheDocument();
    expect(within(counters).getAllByRole('listitem')).toHaveLength(5);
  });

  it('shows no waiting-list card when the server gives no figures for it', async () => {
    open('STAFF', { ...DASHBOARD, waitingList: null, sampleDataAvailable: false });
    const counters = await screen.findByRole('list', { name: 'Số liệu chính' }, firstLoad);
    expect(within(counters).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText('Chỗ trống được lấp tháng này')).not.toBeInTheDocument();
    expect(screen.queryByText(/người đang chờ/)).not.toBeInTheDocument();
  });

  it('tells a doctor the figures are his own and links his screens', async () => {
    open('DOCTOR', {
      ...DASHBOARD,
      scope: 'doctor',
      people: 12,
      today: null,
      waitingList: null,
      sampleDataAvailable: false,
    });
    expect(await screen.findByText('Bệnh nhân của bạn', {}, firstLoad)).toBeInTheDocument();
    expect(screen.getByText(/Số liệu của các lịch hẹn được chỉ định cho bạn/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Truy cập nhanh' })).getByRole('link', { name: /Pending Approvals/ }),
    ).toHaveAttribute('href', '/admin/pending-approvals');
    expect(screen.queryByText('Chỗ trống được lấp tháng này')).not.toBeInTheDocument();
  });

  it("lists the doctor's visits today and tomorrow in time order, each with its state and the step that fits", async () => {
    const items = [
      appointment(5, 'CONFIRMED', { appointmentDate: TODAY, appointmentTime: '08:30', fullName: 'Chị Sáng' }),
      appointment(6, 'AWAITING_DOCTOR_APPROVAL', {
        appointmentDate: TODAY,
        appointmentTime: '14:00',
        fullName: 'Chị Chiều',
      }),
      appointment(7, 'PAID', { appointmentDate: TOMORROW, appointmentTime: '09:00', fullName: 'Chị Mai Sau' }),
    ];
    upcoming = { items, total: 3, page: 1, size: 100, totalPages: 1, totalCapped: false };
    const { sent } = open('DOCTOR', {
      ...DASHBOARD,
      scope: 'doctor',
      today: null,
      waitingList: null,
      sampleDataAvailable: false,
    });
    const today = await screen.findByRole('list', { name: 'Lịch khám hôm nay' }, firstLoad);
    const rows = within(today).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^08:30Chị Sáng.*Ghi chúVắngTạo kế hoạch$/),
      expect.stringMatching(/^14:00Chị Chiều.*Chấp nhận$/),
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Ghi chú: Chị Sáng' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Vắng: Chị Sáng' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Chấp nhận: Chị Chiều' })).toBeInTheDocument();
    // Tomorrow's paid visit cannot take notes yet: no step offered.
    const tomorrow = screen.getByRole('list', { name: 'Lịch khám ngày mai' });
    expect(within(tomorrow).getByText('Chị Mai Sau')).toBeInTheDocument();
    expect(within(tomorrow).queryByRole('button')).not.toBeInTheDocument();
    expect(sent.some((r) => r.startsWith(`GET /api/appointments/upcoming?to=${TOMORROW}`))).toBe(true);
  });

  it('opens accept, notes and no-show in place on his today, on the visit he tapped', async () => {
    const items = [
      appointment(5, 'PAID', {
        appointmentDate: TODAY,
        appointmentTime: '08:30',
        fullName: 'Chị Sáng',
        paymentAmount: 300_000,
      }),
      appointment(6, 'AWAITING_DOCTOR_APPROVAL', {
        appointmentDate: TOMORROW,
        appointmentTime: '14:00',
        fullName: 'Chị Chiều',
      }),
    ];
    upcoming = { items, total: 2, page: 1, size: 100, totalPages: 1, totalCapped: false };
    const { sent, user, router } = open('DOCTOR', {
      ...DASHBOARD,
      scope: 'doctor',
      today: null,
      waitingList: null,
      sampleDataAvailable: false,
    });
    const today = await screen.findByRole('list', { name: 'Lịch khám hôm nay' }, firstLoad);

    await user.click(within(today).getByRole('button', { name: 'Ghi chú: Chị Sáng' }));
    const notes = await screen.findByRole('dialog', { name: 'Ghi chú khám bệnh' }, firstLoad);
    expect(notes).toHaveAccessibleDescription('Chị Sáng · #5');
    await user.click(within(notes).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(today).getByRole('button', { name: 'Vắng: Chị Sáng' }));
    const noShow = await screen.findByRole('dialog', { name: 'Đánh dấu không đến khám' }, firstLoad);
    // His paid visit says what happens to its payment before he confirms.
    expect(within(noShow).getByText('Lịch hẹn đã thanh toán')).toBeInTheDocument();
    await user.click(within(noShow).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // After the visit, a plan for her: the care plans' start window, her name and phone in it.
    await user.click(within(today).getByRole('button', { name: 'Tạo kế hoạch: Chị Sáng' }));
    const plan = await screen.findByRole('dialog', { name: 'Tạo kế hoạch chăm sóc' }, firstLoad);
    expect(within(plan).getByLabelText(/Họ tên/)).toHaveValue('Chị Sáng');
    expect(within(plan).getByLabelText(/Số điện thoại/)).toHaveValue(items[0]!.phone);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const tomorrow = screen.getByRole('list', { name: 'Lịch khám ngày mai' });
    await user.click(within(tomorrow).getByRole('button', { name: 'Chấp nhận: Chị Chiều' }));
    const accept = await screen.findByRole('dialog', { name: 'Chấp nhận lịch hẹn' }, firstLoad);
    await user.click(within(accept).getByRole('button', { name: APPROVALS_MSG.acceptButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toContain('PUT /api/appointments/6/doctor-accept');
    expect(await screen.findByText(APPROVALS_MSG.accepted)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows a patient her own bookings and bills, with no account count, clinic revenue or growth', async () => {
    open('PATIENT', {
      ...DASHBOARD,
      scope: 'patient',
      today: null,
      people: null,
      appointments: { total: 3, pending: 1, awaitingDoctor: 0, confirmed: 0, today: 0 },
      revenue: { total: 700_000, thisMonth: 700_000, lastMonth: 0, paidVisits: 1, online: 0, estimatedVisits: 0 },
      pendingPayments: { count: 1, amount: 250_000 },
      waitingList: null,
      sampleDataAvailable: false,
    });
    const counters = await screen.findByRole('list', { name: 'Số liệu chính' }, firstLoad);
    expect(within(counters).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('Tổng người dùng')).not.toBeInTheDocument();
    expect(screen.getByText(/Số liệu các lịch hẹn của bạn/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bạn đã thanh toán' })).toHaveTextContent('700.000');
    expect(screen.getByRole('region', { name: 'Bạn cần thanh toán' })).toHaveTextContent('250.000');
    expect(screen.queryByRole('region', { name: 'Doanh thu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tăng trưởng' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Kế hoạch chăm sóc' })).not.toBeInTheDocument();
  });

  it('runs the sample-data generator and follows its progress to the end', async () => {
    const lines = [1, 2, 3, 4, 5, 6].map((done) =>
      JSON.stringify({
        done,
        total: 6,
        month: `2026-${String(5 + done).padStart(2, '0')}`,
        created: done * 10,
        finished: false,
      }),
    );
    lines.push(JSON.stringify({ done: 6, total: 6, created: 60, finished: true }));
    const { user, sent } = open('ADMIN', DASHBOARD, () => ({ body: lines.join('\n') + '\n' }));
    await user.click(await screen.findByRole('switch', { name: 'Hiện công cụ' }, firstLoad));
    await user.click(screen.getByRole('button', { name: 'Tạo dữ liệu mẫu' }));
    expect(await screen.findByText(`${DASHBOARD_MSG.sampleDone}: 60 lịch hẹn.`)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Tiến độ tạo dữ liệu mẫu' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(sent).toContain('POST /api/dashboard/sample-data');
    // The figures are asked again once the data is written.
    expect(sent.filter((s) => s === 'GET /api/dashboard').length).toBeGreaterThan(1);
  });

  it('says when the server refuses the generator', async () => {
    const { user } = open('ADMIN', DASHBOARD, () => ({
      status: 403,
      body: { statusCode: 403, code: 'SAMPLE_DATA_REFUSED', message: DASHBOARD_MSG.sampleRefused, error: 'Forbidden' },
    }));
    await user.click(await screen.findByRole('switch', { name: 'Hiện công cụ' }, firstLoad));
    await user.click(screen.getByRole('button', { name: 'Tạo dữ liệu mẫu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DASHBOARD_MSG.sampleRefused);
  });
});

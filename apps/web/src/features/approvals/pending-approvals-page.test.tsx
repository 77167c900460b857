import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MSG, APPROVALS_MSG, type Appointment, type AppointmentPage } from '@clinic/shared';
import { routes } from '@/app/router';
import { PAST_VISIT_TEXT, PAST_VISIT_WARNING } from './components/approval-parts';
import { appointment } from '@/testing/appointment-fixture';
import { antenatalPlan } from '@/testing/care-plan-fixture';
import { makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

// Tuesday 10 March 2026, 09:15 in Ho Chi Minh City.
const NOW = new Date('2026-03-10T02:15:00Z');
const DOCTOR = makeUser({
  id: 9,
  username: 'doctor',
  role: 'DOCTOR',
  fullName: 'BS. Lê Thị Hồng Nhung',
  specialty: 'GYNECOLOGY',
});
const assigned = (id: number, overrides: Partial<Appointment> = {}) =>
  appointment(id, 'AWAITING_DOCTOR_APPROVAL', {
    doctorId: 9,
    doctor: { id: 9, fullName: DOCTOR.fullName, specialty: 'GYNECOLOGY', email: DOCTOR.email },
    ...overrides,
  });

// Tomorrow morning (urgent), and one next week assigned before notices existed, without a reason.
const SOON = assigned(1, {
  appointmentDate: '2026-03-11',
  appointmentTime: '08:00',
  doctorNotifiedAt: '2026-03-09T03:30:00.000Z',
});
const LATER = assigned(2, {
  appointmentDate: '2026-03-17',
  appointmentTime: '14:00',
  reason: null,
  doctorNotifiedAt: null,
});
const page = (items: Appointment[]): AppointmentPage => ({
  items,
  total: items.length,
  page: 1,
  size: 100,
  totalPages: 1,
  totalCapped: false,
});

type Sent = { url: string; method: string; body: unknown };

function server(
  options: {
    items?: () => Appointment[];
    answer?: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined;
  } = {},
) {
  const sent: Sent[] = [];
  const items = options.items ?? (() => [SOON, LATER]);
  mockFetch((url, init) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = options.answer?.(url, init);
    if (answer) return answer;
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: DOCTOR };
    if (url.startsWith('/api/appointments/pending-my-approval/summary'))
      return { body: { pending: items().length, today: 0, urgent: 1 } };
    if (url.startsWith('/api/appointments/pending-my-approval')) return { body: page(items()) };
    // A visit in no care plan (issue 37).
    if (url.startsWith('/api/care-plans/of-appointment/'))
      return { body: { plan: null, visitId: null, dayText: null } };
    return {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'Không tìm thấy', error: 'Không tìm thấy' },
    };
  });
  return { sent };
}

function open() {
  storeSession(storedInfoOf(DOCTOR));
  return renderRoutes(routes, '/admin/pending-approvals');
}

const firstLoad = { timeout: 5000 };
const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td p' }, firstLoad)).closest('tr')!;

describe('PendingApprovalsPage', () => {
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

  it('shows the three counts and each assignment with its contact, time, department and when it was assigned', async () => {
    server();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: APPROVALS_MSG.title }, firstLoad)).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Tổng quan lịch hẹn chờ phê duyệt' });
    expect(await within(cards).findByText('Pending Approvals')).toBeInTheDocument();
    expect(within(cards).getByText("Today's Appointments")).toBeInTheDocument();
    // The labels show while the counts load; the count comes with the summary's answer.
    await waitFor(
      () => expect(within(cards).getByText('Urgent (Next 24h)').parentElement).toHaveTextContent('1'),
      firstLoad,
    );

    const soon = await rowOf('Bệnh nhân 1');
    expect(soon).toHaveTextContent('ID: #1');
    expect(soon).toHaveTextContent('bn1@example.com');
    expect(soon).toHaveTextContent('11/03/2026');
    expect(soon).toHaveTextContent('08:00');
    expect(soon).toHaveTextContent('Khoa Phụ khoa');
    expect(soon).toHaveTextContent('10:30 09/03/2026');
    expect(within(soon).getByText('Gấp · trong 24 giờ')).toBeInTheDocument();
    const later = await rowOf('Bệnh nhân 2');
    expect(later).toHaveTextContent(APPROVALS_MSG.notAvailable);
    expect(within(later).queryByText('Gấp · trong 24 giờ')).not.toBeInTheDocument();
    // The row actions read as the specification names them (section 2).
    expect(
      within(later)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['View', 'Accept', 'Decline']);
  });

  it('views an assignment, saying when the patient gave no reason', async () => {
    server();
    const { user } = open();
    await user.click(
      within(await rowOf('Bệnh nhân 2')).getByRole('button', { name: 'View appointment of Bệnh nhân 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Chi tiết lịch hẹn' });
    expect(within(dialog).getByText(APPROVALS_MSG.noReason)).toBeInTheDocument();
    expect(within(dialog).getByText('Chỉ định cho bạn lúc').nextElementSibling).toHaveTextContent(
      APPROVALS_MSG.notAvailable,
    );
    expect(within(dialog).getByText('17/03/2026')).toBeInTheDocument();
  });

  it('shows on an assignment of a care plan the plan, its milestone, the week that day and the visits before (issue 37)', async () => {
    const { sent } = server({
      answer: (url) =>
        url === '/api/care-plans/of-appointment/2'
          ? { body: { plan: antenatalPlan(), visitId: 73, dayText: 'Tuần 20 + 3 ngày' } }
          : undefined,
    });
    const { user } = open();
    await user.click(
      within(await rowOf('Bệnh nhân 2')).getByRole('button', { name: 'View appointment of Bệnh nhân 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Chi tiết lịch hẹn' });
    const block = await within(dialog).findByRole('region', { name: 'Kế hoạch chăm sóc' });
    expect(block).toHaveTextContent('Khám thai định kỳ');
    expect(block).toHaveTextContent('Siêu âm hình thái thai nhi');
    expect(block).toHaveTextContent('Tuần 20 + 3 ngày');
    expect(within(block).getAllByRole('listitem')).toHaveLength(2);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A visit in no plan: no block at all.
    await user.click(
      within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: 'View appointment of Bệnh nhân 1' }),
    );
    const other = await screen.findByRole('dialog', { name: 'Chi tiết lịch hẹn' });
    await waitFor(() => expect(sent.some((s) => s.url === '/api/care-plans/of-appointment/1')).toBe(true));
    expect(within(other).queryByText('Kế hoạch chăm sóc')).not.toBeInTheDocument();
  });

  it('accepts with an optional message, then says so', async () => {
    const { sent } = server({
      answer: (url) =>
        url === '/api/appointments/1/doctor-accept'
          ? {
              body: {
                message: APPOINTMENT_MSG.accepted,
                appointment: { ...SOON, status: 'CONFIRMED' },
                emailStatus: 'sent',
              },
            }
          : undefined,
    });
    const { user } = open();
    await user.click(
      within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: 'Accept appointment of Bệnh nhân 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Chấp nhận lịch hẹn' });
    await user.type(within(dialog).getByLabelText(/Lời nhắn cho bệnh nhân/), 'Nhớ mang kết quả cũ');
    await user.click(within(dialog).getByRole('button', { name: APPROVALS_MSG.acceptButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((r) => r.url === '/api/appointments/1/doctor-accept')).toMatchObject({
      method: 'PUT',
      body: { response: 'Nhớ mang kết quả cũ' },
    });
    expect(await screen.findByText(APPROVALS_MSG.accepted)).toBeInTheDocument();
  });

  it('declines only with a reason, warns that the booking goes back to the staff, and keeps the dialog open on failure', async () => {
    let fail = true;
    const { sent } = server({
      answer: (url) =>
        url === '/api/appointments/2/doctor-decline'
          ? fail
            ? {
                status: 409,
                body: {
                  statusCode: 409,
                  code: 'CONFLICT',
                  message: 'Lịch hẹn không còn chờ bạn phê duyệt',
                  error: 'Conflict',
                },
              }
            : {
                body: {
                  message: APPOINTMENT_MSG.declined,
                  appointment: { ...LATER, status: 'PENDING' },
                  emailStatus: 'none',
                },
              }
          : undefined,
    });
    const { user } = open();
    await user.click(
      within(await rowOf('Bệnh nhân 2')).getByRole('button', { name: 'Decline appointment of Bệnh nhân 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Từ chối lịch hẹn' });
    expect(within(dialog).getByText(APPROVALS_MSG.declineWarning)).toBeInTheDocument();
    const button = within(dialog).getByRole('button', { name: APPROVALS_MSG.declineButton });
    expect(button).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Lý do từ chối/), '   ');
    expect(button).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Lý do từ chối/), 'Nghỉ phép ngày này');
    await user.click(button);
    expect(await within(dialog).findByText('Lịch hẹn không còn chờ bạn phê duyệt')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Lý do từ chối/)).toHaveValue('   Nghỉ phép ngày này');

    fail = false;
    await user.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((r) => r.url === '/api/appointments/2/doctor-decline').at(-1)?.body).toEqual({
      reason: 'Nghỉ phép ngày này',
    });
    expect(await screen.findByText(APPROVALS_MSG.declined)).toBeInTheDocument();
  });

  it('keeps what the doctor typed while the list refreshes behind the dialog', async () => {
    let items = [SOON, LATER];
    const { sent } = server({ items: () => items });
    const { user } = open();
    await user.click(
      within(await rowOf('Bệnh nhân 1')).getByRole('button', { name: 'Decline appointment of Bệnh nhân 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Từ chối lịch hẹn' });
    await user.type(within(dialog).getByLabelText(/Lý do từ chối/), 'Trùng lịch mổ');
    const listCalls = () => sent.filter((r) => r.url.startsWith('/api/appointments/pending-my-approval?')).length;
    const before = listCalls();
    items = [SOON, LATER, assigned(3)];
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(await screen.findByText('Bệnh nhân 3', { selector: 'td p' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Từ chối lịch hẹn' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Lý do từ chối/)).toHaveValue('Trùng lịch mổ');
    focusManager.setFocused(undefined);
  });

  it('warns that a visit to accept has already passed, in its row and in the accept window', async () => {
    // 08:00 in Hà Nội on 2026-03-10 is 01:00Z, before NOW (02:15Z).
    const GONE = assigned(3, { appointmentDate: '2026-03-10', appointmentTime: '08:00', fullName: 'Bệnh nhân 3' });
    server({ items: () => [GONE, LATER] });
    const { user } = open();
    const row = await rowOf('Bệnh nhân 3');
    expect(within(row).getByText(PAST_VISIT_TEXT)).toBeInTheDocument();
    expect(within(await rowOf('Bệnh nhân 2')).queryByText(PAST_VISIT_TEXT)).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Accept appointment of Bệnh nhân 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chấp nhận lịch hẹn' });
    expect(within(dialog).getByText(PAST_VISIT_WARNING)).toBeInTheDocument();
  });

  it('says there is nothing to approve', async () => {
    server({ items: () => [] });
    open();
    expect(await screen.findByText(APPROVALS_MSG.empty, {}, firstLoad)).toBeInTheDocument();
  });
});

describe('Pending Approvals in Vietnamese (issue 25)', () => {
  it("says 'nhân viên' where the specification's sentence says 'staff', once the doctor reads the back-office in Vietnamese", async () => {
    server({
      answer: (url, init) =>
        url === '/api/users/profile'
          ? { body: { ...DOCTOR, backOfficeLanguage: 'vi' } }
          : url === '/api/appointments/2/doctor-decline' && init.method === 'PUT'
            ? {
                body: {
                  message: APPOINTMENT_MSG.declined,
                  appointment: { ...LATER, status: 'PENDING' },
                  emailStatus: 'none',
                },
              }
            : undefined,
    });
    const { user } = open();
    const row = await rowOf('Bệnh nhân 2');
    await user.click(within(row).getByRole('button', { name: /(Từ chối|Decline).*Bệnh nhân 2/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Từ chối lịch hẹn' });
    await user.type(within(dialog).getByLabelText(/Lý do từ chối/), 'Nghỉ phép ngày này');
    await user.click(within(dialog).getByRole('button', { name: /Từ chối|Decline/ }));
    expect(await screen.findByText('Đã từ chối lịch hẹn. Lịch hẹn sẽ được nhân viên xử lý lại.')).toBeInTheDocument();
  });
});

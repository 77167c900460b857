import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MSG, type WaitingEntryView } from '@clinic/shared';
import { routes } from '@/app/router';
import { errorBody, mockFetch, renderRoutes } from '@/testing/render-app';
import { TOKEN } from '../testing/fake-manage-server';

/** Tuesday 10 March 2026, 09:15 in Ho Chi Minh City; she waits for Thursday the 12th at 09:00. */
const NOW = new Date('2026-03-10T02:15:00Z');
const MANAGE_TOKEN = 'M'.repeat(43);

const entry = (overrides: Partial<WaitingEntryView> = {}): WaitingEntryView => ({
  status: 'WAITING',
  fullName: 'Phạm Thị Thu',
  appointmentDate: '2026-03-12',
  appointmentTime: '09:00',
  department: 'GYNECOLOGY',
  departmentName: 'Khoa Phụ khoa',
  position: 2,
  offerExpiresAt: null,
  ...overrides,
});

type Reply = { status?: number; body?: unknown };

/** The server behind her waiting-list link; claims and leaves answered as told, or as the server would. */
function serve(initial: WaitingEntryView, answers: { claim?: () => Reply; leave?: () => Reply } = {}) {
  let current = initial;
  const base = `/api/appointments/waiting-list/${TOKEN}`;
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === base && method === 'GET') return { body: current };
    if (url === `${base}/claim` && method === 'POST') {
      if (answers.claim) return answers.claim();
      current = { ...current, status: 'CLAIMED', offerExpiresAt: null };
      return {
        status: 201,
        body: { message: APPOINTMENT_MSG.waitingClaimed, appointmentId: 77, manageToken: MANAGE_TOKEN },
      };
    }
    if (url === `${base}/leave` && method === 'POST') {
      if (answers.leave) return answers.leave();
      current = { ...current, status: 'LEFT', position: null, offerExpiresAt: null };
      return { body: { message: APPOINTMENT_MSG.waitingLeft, entry: current } };
    }
    return { status: 404, body: errorBody(404, APPOINTMENT_MSG.waitingLinkInvalid, 'WAITING_LINK_INVALID') };
  });
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, action: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === `/api/appointments/waiting-list/${TOKEN}/${action}` && init?.method === 'POST',
  );
const card = async () =>
  (await screen.findByRole('heading', { name: 'Khung giờ bạn đang chờ' }, { timeout: 4000 })).closest('section')!;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WaitingListPage', () => {
  it('shows her place in line and the slot, never indexed, and lets her leave after confirming', async () => {
    const fetchMock = serve(entry());
    const { user } = renderRoutes(routes, `/appointment/waiting/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Danh sách chờ' })).toBeInTheDocument();
    const panel = await card();
    expect(within(panel).getByText('Đang chờ')).toBeInTheDocument();
    expect(within(panel).getByText('vị trí số 2')).toBeInTheDocument();
    expect(within(panel).getByText('Thứ Năm, 12 tháng 3, 2026')).toBeInTheDocument();
    expect(within(panel).getByText('Khoa Phụ khoa')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Nhận chỗ' })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      expect.stringContaining('noindex'),
    );

    await user.click(within(panel).getByRole('button', { name: 'Rời danh sách chờ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rời danh sách chờ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ở lại' }));
    expect(calls(fetchMock, 'leave')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Rời danh sách chờ' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rời danh sách chờ' }));
    expect(await screen.findByRole('status')).toHaveTextContent(APPOINTMENT_MSG.waitingLeft);
    expect(within(await card()).getByText('Đã rời danh sách')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Đặt lịch hẹn khác' })).toHaveAttribute('href', '/appointment');
    expect(calls(fetchMock, 'leave')).toHaveLength(1);
  });

  it('claims an offered place with one click and leads to the new booking’s own link', async () => {
    const fetchMock = serve(entry({ status: 'OFFERED', position: null, offerExpiresAt: '2026-03-10T02:45:00.000Z' }));
    const { user } = renderRoutes(routes, `/appointment/waiting/${TOKEN}`);
    const panel = await card();
    expect(within(panel).getByText('Có chỗ trống dành cho bạn!')).toBeInTheDocument();
    expect(within(panel).getByText('09:45 10/03/2026')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Nhận chỗ' }));
    const heading = await screen.findByRole('heading', { name: 'Bạn đã nhận chỗ' });
    expect(heading).toHaveFocus();
    const done = heading.closest('section')!;
    expect(within(done).getByText('Mã lịch hẹn: #77')).toBeInTheDocument();
    expect(within(done).getByText(APPOINTMENT_MSG.waitingClaimed)).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Quản lý lịch hẹn của bạn' })).toHaveAttribute(
      'href',
      `/appointment/manage/${MANAGE_TOKEN}`,
    );
    expect(calls(fetchMock, 'claim')).toHaveLength(1);
  });

  it('says so when the hold ran out meanwhile, and shows the entry as it now is', async () => {
    let lapsed = false;
    serve(entry({ status: 'OFFERED', position: null, offerExpiresAt: '2026-03-10T02:45:00.000Z' }), {
      claim: () => {
        lapsed = true;
        return { status: 409, body: errorBody(409, APPOINTMENT_MSG.waitingOfferExpired, 'OFFER_EXPIRED') };
      },
    });
    const { user } = renderRoutes(routes, `/appointment/waiting/${TOKEN}`);
    await user.click(within(await card()).getByRole('button', { name: 'Nhận chỗ' }));
    expect(await screen.findByText(APPOINTMENT_MSG.waitingOfferExpired)).toBeInTheDocument();
    expect(lapsed).toBe(true);
  });

  it('tells a wrong link what to do, without asking the server for a malformed one', async () => {
    const fetchMock = serve(entry());
    renderRoutes(routes, '/appointment/waiting/not-a-token');
    expect(await screen.findByRole('heading', { name: 'Không mở được danh sách chờ' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(APPOINTMENT_MSG.waitingLinkInvalid);
    expect(screen.getByRole('link', { name: /Gọi hotline/ })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    await waitFor(() => expect(document.title).toContain('Danh sách chờ'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('waiting-list'))).toHaveLength(0);
  });
});

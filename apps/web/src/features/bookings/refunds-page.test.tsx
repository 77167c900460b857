import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFUND_MSG, type Refund, type RefundList } from '@clinic/shared';
import { routes } from '@/app/router';
import { makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

// Tuesday 10 March 2026, 09:15 in Ho Chi Minh City.
const NOW = new Date('2026-03-10T02:15:00Z');
const firstLoad = { timeout: 5000 };

const refund = (id: number, over: Partial<Refund>): RefundList['refunds'][number] => ({
  id,
  appointmentId: 40 + id,
  reason: 'PAYMENT',
  provider: 'MOMO',
  paymentReference: `AT${40 + id}X0123456789AB`,
  receivedTransactionId: null,
  amount: 500000,
  status: 'FAILED',
  providerRefundId: null,
  failure: null,
  createdAt: '2026-03-09T01:00:00.000Z',
  doneAt: null,
  doneByName: null,
  fullName: `Bệnh nhân ${40 + id}`,
  appointmentDate: '2026-03-12',
  appointmentTime: '09:00',
  ...over,
});

const FAILED_MOMO = refund(5, { failure: 'MoMo 10: Hệ thống đang được bảo trì.' });
const MANUAL_QR = refund(6, {
  provider: 'VIETQR',
  status: 'MANUAL',
  createdAt: '2026-03-09T03:00:00.000Z',
});

type Sent = { url: string; method: string; body: unknown };

let role: 'STAFF' | 'DOCTOR' = 'STAFF';
const me = () => makeUser({ id: 2, username: 'staff', role, fullName: 'Lê Thị Thu Hà', specialty: null });

function server(list: () => RefundList, answer: (url: string) => unknown = () => undefined) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: me() };
    if (url === '/api/refunds') return { body: list() };
    const body = answer(url);
    if (body) return { body };
    return { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Không tìm thấy', error: '' } };
  });
  return sent;
}

/** What staff asked of a refund (the session's own calls left out). */
const actions = (sent: Sent[]) => sent.filter((s) => s.method === 'POST' && s.url.startsWith('/api/refunds/'));

function open(as: 'STAFF' | 'DOCTOR' = 'STAFF') {
  role = as;
  storeSession(storedInfoOf(me()));
  return renderRoutes(routes, '/admin/refunds');
}

describe("RefundsPage: the front desk's refunds to work through (issue 28)", () => {
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

  it('lists the open refunds oldest first with the visit, the way back and why a provider refused', async () => {
    server(() => ({ refunds: [FAILED_MOMO, MANUAL_QR] }));
    open();
    expect(await screen.findByRole('heading', { name: 'Hoàn tiền', level: 1 }, firstLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Hoàn tiền/ })).toHaveAttribute('href', '/admin/refunds');
    const items = within(await screen.findByRole('list', { name: 'Khoản hoàn tiền đang chờ' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Lịch hẹn #45');
    expect(items[0]).toHaveTextContent('Bệnh nhân 45');
    expect(items[0]).toHaveTextContent('Khám 09:00 12/03/2026');
    expect(items[0]).toHaveTextContent('Hoàn qua Ví MoMo');
    expect(items[0]).toHaveTextContent('500.000 VNĐ');
    expect(items[0]).toHaveTextContent('Lý do: MoMo 10: Hệ thống đang được bảo trì.');
    expect(within(items[0]!).getByText('Hoàn tiền không thành công')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Chuyển khoản trả lại (VietQR)');
    expect(within(items[1]!).getByText('Cần hoàn tiền thủ công')).toBeInTheDocument();
    // A transfer has no provider call to send again.
    expect(within(items[1]!).queryByRole('button', { name: 'Gửi lại yêu cầu hoàn tiền' })).not.toBeInTheDocument();
  });

  it('lists money that no visit took, even naming no visit at all, with why it goes back (issue 34)', async () => {
    const stray = {
      ...refund(7, {
        appointmentId: null,
        reason: 'UNMATCHED',
        provider: 'VIETQR',
        status: 'MANUAL',
        paymentReference: 'AT999999X0123456789AB',
        receivedTransactionId: '93005',
      }),
      fullName: null,
      appointmentDate: null,
      appointmentTime: null,
    };
    server(() => ({ refunds: [stray] }));
    open();
    const [item] = within(
      await screen.findByRole('list', { name: 'Khoản hoàn tiền đang chờ' }, firstLoad),
    ).getAllByRole('listitem');
    expect(item).toHaveTextContent('Không khớp lịch hẹn nào');
    expect(item).not.toHaveTextContent('Lịch hẹn #');
    expect(item).toHaveTextContent('Tiền nhận được không khớp lịch hẹn nào cần thanh toán');
    expect(item).toHaveTextContent('Mã giao dịch nhận 93005');
    expect(within(item!).getByRole('button', { name: 'Đánh dấu đã hoàn tiền' })).toBeInTheDocument();
  });

  it('sends a refused refund to the provider again, and the list follows', async () => {
    let done = false;
    const sent = server(
      () => ({ refunds: done ? [] : [FAILED_MOMO] }),
      (url) => {
        if (url !== '/api/refunds/5/retry') return undefined;
        done = true;
        return { message: REFUND_MSG.sent, refund: { ...FAILED_MOMO, status: 'DONE', providerRefundId: '4088878999' } };
      },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Gửi lại yêu cầu hoàn tiền' }, firstLoad));
    expect(await screen.findByText('Không có khoản hoàn tiền nào đang chờ xử lý.')).toBeInTheDocument();
    expect(actions(sent).map((s) => s.url)).toEqual(['/api/refunds/5/retry']);
  });

  it('records a refund given back by hand only with its reference', async () => {
    const sent = server(
      () => ({ refunds: [MANUAL_QR] }),
      (url) =>
        url === '/api/refunds/6/mark-done'
          ? { message: REFUND_MSG.markedDone, refund: { ...MANUAL_QR, status: 'DONE', providerRefundId: 'FT1' } }
          : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Đánh dấu đã hoàn tiền' }, firstLoad));
    const form = screen.getByRole('form', { name: 'Ghi nhận hoàn tiền thủ công' });
    await user.click(within(form).getByRole('button', { name: 'Xác nhận đã hoàn tiền' }));
    expect(await within(form).findByText(REFUND_MSG.invalidReference)).toBeInTheDocument();
    expect(actions(sent)).toEqual([]);
    await user.type(within(form).getByRole('textbox', { name: 'Mã giao dịch hoàn tiền' }), ' FT27061999999 ');
    await user.click(within(form).getByRole('button', { name: 'Xác nhận đã hoàn tiền' }));
    await waitFor(() =>
      expect(actions(sent)).toEqual([
        { url: '/api/refunds/6/mark-done', method: 'POST', body: { reference: 'FT27061999999' } },
      ]),
    );
  });

  it('is no doctor’s: the menu has no such item', async () => {
    server(() => ({ refunds: [] }));
    open('DOCTOR');
    expect(await screen.findByRole('navigation', { name: 'Menu quản trị' }, firstLoad)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Hoàn tiền/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Khoản hoàn tiền đang chờ' })).not.toBeInTheDocument();
  });
});

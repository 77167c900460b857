import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARE_PLAN_MSG, type CallBackItem, type CarePlanRow } from '@clinic/shared';
import { routes } from '@/app/router';
import { renderRoutes } from '@/testing/render-app';
import { carePlanServer, firstLoad, NOW } from './testing/care-plan-server';

const ROWS: CarePlanRow[] = [
  {
    id: 5,
    name: 'Khám thai định kỳ',
    kind: 'ANTENATAL',
    status: 'ACTIVE',
    fullName: 'Trần Thị Mai',
    phone: '0912345678',
    todayText: 'Tuần 8 + 0 ngày',
    next: {
      label: 'Siêu âm đo độ mờ da gáy',
      windowStart: '2026-03-31',
      windowEnd: '2026-04-20',
      state: 'BOOKED',
      date: '2026-04-02',
    },
    stopRequestedAt: null,
    pendingRedateAt: null,
  },
  {
    id: 6,
    name: 'Tiêm thuốc tránh thai',
    kind: 'CONTRACEPTION',
    status: 'STOPPED',
    fullName: 'Lý Thu Hằng',
    phone: '0987000111',
    todayText: '30 ngày sau khi thực hiện',
    next: null,
    stopRequestedAt: '2026-03-08T03:00:00.000Z',
    pendingRedateAt: null,
  },
];
const CALL_BACK: CallBackItem[] = [
  {
    planId: 5,
    visitId: 53,
    planName: 'Khám thai định kỳ',
    fullName: 'Trần Thị Mai',
    phone: '0912 345 678',
    label: 'Siêu âm hình thái thai nhi',
    windowStart: '2026-03-17',
    windowEnd: '2026-04-06',
    state: 'TO_BOOK',
  },
  {
    planId: 7,
    visitId: 71,
    planName: 'Theo dõi chu kỳ IUI/IVF',
    fullName: 'Đỗ Ngọc Anh',
    phone: '0909888777',
    label: 'Siêu âm đầu chu kỳ',
    windowStart: '2026-03-05',
    windowEnd: '2026-03-06',
    state: 'MISSED',
  },
];

function serve(rows: CarePlanRow[] = ROWS, callBack: CallBackItem[] = CALL_BACK) {
  return carePlanServer('STAFF', (url) => {
    if (url.startsWith('/api/care-plans?'))
      return { body: { items: rows, total: rows.length, page: 1, size: 20, totalPages: 1, totalCapped: false } };
    if (url === '/api/care-plans/call-back') return { body: { items: callBack } };
    return undefined;
  });
}

describe("'Kế hoạch chăm sóc' (issue 37)", () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('lists the plans from the server with where she is today and her next milestone, and filters on the server', async () => {
    const sent = serve();
    const { user } = renderRoutes(routes, '/admin/care-plans');
    const table = await screen.findByRole('table', {}, firstLoad);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Trần Thị Mai' })).toHaveAttribute('href', '/admin/care-plans/5');
    expect(first).toHaveTextContent('0912345678');
    expect(first).toHaveTextContent('Tuần 8 + 0 ngày');
    expect(first).toHaveTextContent('Siêu âm đo độ mờ da gáy');
    expect(first).toHaveTextContent('31/03/2026 – 20/04/2026');
    expect(first).toHaveTextContent(CARE_PLAN_MSG.visitStates.BOOKED);
    expect(first).toHaveTextContent('Hẹn ngày 02/04/2026');
    expect(second).toHaveTextContent(CARE_PLAN_MSG.statuses.STOPPED);
    expect(second).toHaveTextContent('Không còn mốc nào');
    expect(second).toHaveTextContent('Đã yêu cầu dừng');

    await user.selectOptions(screen.getByLabelText('Loại kế hoạch'), 'ANTENATAL');
    await user.selectOptions(screen.getByLabelText('Trạng thái'), 'ACTIVE');
    await waitFor(() =>
      expect(sent.map((s) => s.url)).toContain('/api/care-plans?page=1&size=20&kind=ANTENATAL&status=ACTIVE'),
    );
    await user.type(screen.getByLabelText('Tìm theo tên hoặc số điện thoại'), 'Mai{Enter}');
    await waitFor(() => expect(sent.some((s) => s.url.includes('q=Mai'))).toBe(true));
  });

  it('says when no plan matches, and shows the call-back list with her phone to call', async () => {
    serve([]);
    const { user } = renderRoutes(routes, '/admin/care-plans');
    expect(await screen.findByText('Chưa có kế hoạch chăm sóc nào', {}, firstLoad)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Cần gọi lại' }));
    const list = await screen.findByRole('list', { name: 'Cần gọi lại' });
    const [due, missed] = within(list).getAllByRole('listitem');
    expect(due).toHaveTextContent('Siêu âm hình thái thai nhi');
    expect(due).toHaveTextContent('17/03/2026 – 06/04/2026');
    expect(due).toHaveTextContent(CARE_PLAN_MSG.visitStates.TO_BOOK);
    expect(within(due!).getByRole('link', { name: 'Gọi Trần Thị Mai: 0912 345 678' })).toHaveAttribute(
      'href',
      'tel:0912345678',
    );
    expect(missed).toHaveTextContent(CARE_PLAN_MSG.visitStates.MISSED);
    expect(within(missed!).getByRole('link', { name: 'Đỗ Ngọc Anh' })).toHaveAttribute('href', '/admin/care-plans/7');
  });
});

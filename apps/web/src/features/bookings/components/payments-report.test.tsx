import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentReport } from '@clinic/shared';
import { mockFetch, renderWithProviders, storeSession, storedInfoOf, makeUser } from '@/testing/render-app';
import { PaymentsReport } from './payments-report';

/** `n` clinic days with one desk payment each, newest first. */
function report(n: number): PaymentReport {
  const days = Array.from({ length: n }, (_, i) => ({
    day: `2026-11-${String(27 - i).padStart(2, '0')}`,
    method: 'DESK' as const,
    count: 1,
    amount: 500_000,
    refundCount: 0,
    refundAmount: 0,
  }));
  return {
    from: null,
    to: null,
    days,
    byMethod: [{ method: 'DESK', count: n, amount: n * 500_000, refundCount: 0, refundAmount: 0 }],
    total: { count: n, amount: n * 500_000, refundCount: 0, refundAmount: 0, net: n * 500_000 },
  };
}

function open(n: number) {
  storeSession(storedInfoOf(makeUser({ role: 'STAFF' })));
  mockFetch((url) => (url.startsWith('/api/payments/report') ? { body: report(n) } : { status: 404, body: {} }));
  renderWithProviders(<PaymentsReport period={{ period: 'all' }} />);
}

describe('the payments report of Booking History (issue 28)', () => {
  it("shows a short period's days at once", async () => {
    open(3);
    const region = await screen.findByRole('region', { name: 'Báo cáo thanh toán' });
    expect(await within(region).findByRole('row', { name: /27\/11\/2026/ })).toBeVisible();
    expect(within(region).getByText('Theo ngày (3 dòng)').closest('details')).toHaveAttribute('open');
  });

  it("folds a long period's days, so the history below stays in reach; the totals stay in view", async () => {
    open(40);
    const region = await screen.findByRole('region', { name: 'Báo cáo thanh toán' });
    const fold = (await within(region).findByText('Theo ngày (40 dòng)')).closest('details')!;
    expect(fold).not.toHaveAttribute('open');
    expect(within(region).getAllByText('20.000.000 VNĐ').length).toBeGreaterThan(0);
  });
});

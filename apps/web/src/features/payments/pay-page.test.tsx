import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PayPage } from '@clinic/shared';
import { routes } from '@/app/router';
import { mockFetch, renderRoutes } from '@/testing/render-app';

const TOKEN = 'P'.repeat(43);
const page = (overrides: Partial<PayPage> = {}): PayPage => ({
  clinicName: 'Phòng khám Sức khỏe Sinh sản An Tâm',
  appointmentId: 41,
  appointmentDate: '2026-03-12',
  appointmentTime: '09:00',
  departmentName: 'Khoa Phụ khoa',
  kind: 'VISIT',
  amount: 350000,
  depositPaid: 0,
  depositDueAt: null,
  paid: false,
  payable: true,
  methods: ['VNPAY', 'MOMO', 'VIETQR'],
  ...overrides,
});

function serve(current: PayPage) {
  return mockFetch((url, init) => {
    if (url === `/api/payments/pay/${TOKEN}` && (init.method ?? 'GET') === 'GET') return { body: current };
    if (url === `/api/payments/pay/${TOKEN}/start` && init.method === 'POST')
      return {
        body: {
          method: 'VIETQR',
          reference: 'AT41XABCDEF012345',
          amount: 350000,
          redirectUrl: null,
          qrPayload:
            '00020101021238570010A000000727012700069704360113001100000000002080208QRIBFTTA5303704540635000058' +
            '02VN62210817AT41XABCDEF0123456304ABCD',
        },
      };
    return { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'x', error: 'Not Found' } };
  });
}

describe('PayPage', () => {
  it('shows the clinic, the visit, the amount in VNĐ and the methods; VietQR draws a QR with the reference for the memo', async () => {
    serve(page());
    renderRoutes(routes, `/pay/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanh toán lịch khám' })).toBeInTheDocument();
    expect(await screen.findByText('350.000 VNĐ')).toBeInTheDocument();
    expect(screen.getByText('Khoa Phụ khoa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'VNPay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ví MoMo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Chuyển khoản VietQR' }));
    expect(await screen.findByRole('img', { name: 'Mã VietQR để chuyển khoản' })).toBeInTheDocument();
    expect(screen.getByText('AT41XABCDEF012345')).toBeInTheDocument();
  });

  it('a held booking’s deposit: its amount, until when the slot is held, and the methods (issue 28)', async () => {
    serve(page({ kind: 'DEPOSIT', amount: 200000, depositDueAt: '2026-03-12T01:15:00.000Z' }));
    renderRoutes(routes, `/pay/${TOKEN}`);
    expect(await screen.findByText(/Tiền đặt cọc/)).toBeInTheDocument();
    expect(screen.getByText('200.000 VNĐ')).toBeInTheDocument();
    expect(screen.getByText(/Chỗ của quý khách được giữ đến 08:15 ngày 12\/03\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'VNPay' })).toBeInTheDocument();
  });

  it('the visit’s payment says the deposit already paid was deducted', async () => {
    serve(page({ amount: 150000, depositPaid: 200000 }));
    renderRoutes(routes, `/pay/${TOKEN}`);
    expect(await screen.findByText('150.000 VNĐ')).toBeInTheDocument();
    expect(screen.getByText('Đã trừ tiền đặt cọc: 200.000 VNĐ')).toBeInTheDocument();
  });

  it('says "Đã thanh toán" once paid, with no method left to choose', async () => {
    serve(page({ paid: true, payable: false, methods: [] }));
    renderRoutes(routes, `/pay/${TOKEN}`);
    expect(await screen.findByText('Đã thanh toán')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'VNPay' })).not.toBeInTheDocument();
  });

  it('says to pay at the desk when the clinic takes no payment online, offering no method (issue 34)', async () => {
    serve(page({ methods: [] }));
    renderRoutes(routes, `/pay/${TOKEN}`);
    expect(
      await screen.findByText(
        'Phòng khám hiện chưa nhận thanh toán trực tuyến. Quý khách vui lòng thanh toán tại quầy.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Chọn cách thanh toán:')).not.toBeInTheDocument();
  });
});

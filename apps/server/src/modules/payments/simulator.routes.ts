import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLINIC, formatVnd } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { BadRequestError } from '../../lib/errors';
import { escapeHtml } from '../../lib/text';
import { errorResponses } from '../../plugins/errors';
import {
  momoSignIpn,
  momoVerifyCreate,
  momoVerifyRefund,
  type MomoCreateRequest,
  type MomoIpn,
  type MomoRefundRequest,
} from './momo';
import {
  VNPAY_REFUND_CODES,
  vnpayDate,
  vnpaySign,
  vnpaySignData,
  vnpaySignRefundResponse,
  vnpayVerify,
  vnpayVerifyRefundRequest,
  type VnpayRefundRequest,
  type VnpayRefundResponse,
} from './vnpay';

/**
 * The providers' local simulators (issue 28), used when their keys are unset: they check the
 * merchant's signature as the real gateway does, show a page where the patient taps "Thanh toán"
 * or "Hủy", send the IPN signed exactly as the real one, then send the browser back.
 */
const stringQuerySchema = z.object({}).catchall(z.string());
// A refusal is the API's one error shape, as every /api answer (the bad-input test); the pages themselves are HTML.
const htmlResponse = { 200: z.string(), ...errorResponses(400) };

function page(title: string, body: string): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Sends a notification to our own server as the provider's servers would (in-process: no port needed in tests). */
async function deliver(app: FastifyInstance, url: string, init: { method: 'GET' | 'POST'; body?: string }) {
  const u = new URL(url);
  const res = await app.inject({
    method: init.method,
    url: `${u.pathname}${u.search}`,
    ...(init.body ? { payload: init.body, headers: { 'content-type': 'application/json' } } : {}),
  });
  return res;
}

/**
 * The simulators refuse refunds, as the providers do during their nightly settlement, from 23:00 to
 * midnight in Hà Nội (GMT+7): so a refused refund, and its retry, can be seen without real money.
 * `SIMULATOR_NIGHTLY_SETTLEMENT=false` turns it off (the browser journeys, which run on the wall clock
 * at any hour); the server tests play the refusal on their own clock.
 */
export function inRefundMaintenance(at: Date): boolean {
  return new Date(at.getTime() + 7 * 3600_000).getUTCHours() === 23;
}

export const paymentSimulatorRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const vnp = deps.config.payments.vnpay;
  const momo = deps.config.payments.momo;
  const settling = (at: Date) => deps.config.payments.simulatorNightlySettlement && inRefundMaintenance(at);
  const tags = ['payments (simulators)'];

  app.get(
    '/payments/simulator/vnpay/vpcpay.html',
    {
      schema: {
        hide: true,
        tags,
        summary: 'VNPay simulator: the payment page',
        querystring: stringQuerySchema,
        response: htmlResponse,
      },
    },
    async (req, reply) => {
      // VNPay's code 70: "Sai chữ ký" for a payment URL not signed with the merchant's secret.
      if (!vnpayVerify(req.query, vnp.hashSecret) || req.query.vnp_TmnCode !== vnp.tmnCode)
        throw new BadRequestError('Sai chữ ký (mã 70)', 'INVALID_SIGNATURE');
      reply.type('text/html; charset=utf-8');
      const amount = Number(req.query.vnp_Amount) / 100;
      const link = (choice: string) =>
        `/api/payments/simulator/vnpay/pay?${query({ ...req.query, sim_choice: choice })}`;
      return page(
        'VNPay (mô phỏng)',
        `<p>${escapeHtml(CLINIC.name)}</p><p>Mã giao dịch: ${escapeHtml(req.query.vnp_TxnRef ?? '')}</p>` +
          `<p>Số tiền: <strong>${escapeHtml(formatVnd(amount))}</strong></p>` +
          `<p><a href="${escapeHtml(link('pay'))}">Thanh toán</a></p><p><a href="${escapeHtml(link('cancel'))}">Hủy</a></p>`,
      );
    },
  );

  app.get(
    '/payments/simulator/vnpay/pay',
    {
      schema: {
        hide: true,
        tags,
        summary: 'VNPay simulator: pay or cancel, send the IPN, return',
        querystring: stringQuerySchema,
        response: { 303: z.null(), ...errorResponses(400) },
      },
    },
    async (req, reply) => {
      const { sim_choice, ...order } = req.query;
      if (!vnpayVerify(order, vnp.hashSecret)) throw new BadRequestError('Sai chữ ký (mã 70)', 'INVALID_SIGNATURE');
      if (!(order.vnp_ReturnUrl ?? '').startsWith(`${deps.config.publicUrl}/`))
        throw new BadRequestError('Sai địa chỉ trả về', 'INVALID_ORDER');
      const paid = sim_choice === 'pay';
      const result: Record<string, string> = {
        vnp_Amount: order.vnp_Amount!,
        vnp_BankCode: 'NCB',
        ...(paid ? { vnp_BankTranNo: `VNP${randomInt(10_000_000, 99_999_999)}`, vnp_CardType: 'ATM' } : {}),
        vnp_OrderInfo: order.vnp_OrderInfo ?? '',
        vnp_PayDate: vnpayDate(deps.clock.now()),
        vnp_ResponseCode: paid ? '00' : '24',
        vnp_TmnCode: order.vnp_TmnCode!,
        vnp_TransactionNo: paid ? String(randomInt(10_000_000, 99_999_999)) : '0',
        vnp_TransactionStatus: paid ? '00' : '02',
        vnp_TxnRef: order.vnp_TxnRef!,
      };
      const signed = `${vnpaySignData(result)}&vnp_SecureHash=${vnpaySign(result, vnp.hashSecret)}`;
      await deliver(app, `${deps.config.publicUrl}/api/payments/vnpay/ipn?${signed}`, { method: 'GET' });
      return reply.redirect(`${order.vnp_ReturnUrl}?${signed}`, 303);
    },
  );

  app.post(
    '/payments/simulator/momo/v2/gateway/api/create',
    {
      schema: {
        hide: true,
        tags,
        summary: 'MoMo simulator: the create call (v3), answered with payUrl',
        body: z.looseObject({ orderId: z.string(), amount: z.number(), signature: z.string() }),
        response: { 200: z.looseObject({ resultCode: z.number(), message: z.string() }) },
      },
    },
    async (req) => {
      const body = req.body as unknown as MomoCreateRequest;
      const responseTime = deps.clock.now().getTime();
      if (body.partnerCode !== momo.partnerCode || !momoVerifyCreate(momo, body))
        return {
          partnerCode: body.partnerCode,
          orderId: body.orderId,
          requestId: body.requestId,
          amount: body.amount,
          responseTime,
          message: 'Chữ ký không hợp lệ',
          resultCode: 11007,
        };
      const order = {
        orderId: body.orderId,
        requestId: body.requestId,
        amount: String(body.amount),
        orderInfo: body.orderInfo,
        redirectUrl: body.redirectUrl,
        ipnUrl: body.ipnUrl,
        extraData: body.extraData,
      };
      return {
        partnerCode: body.partnerCode,
        orderId: body.orderId,
        requestId: body.requestId,
        amount: body.amount,
        responseTime,
        message: 'Thành công.',
        resultCode: 0,
        payUrl: `${deps.config.publicUrl}/api/payments/simulator/momo/pay?${query(order)}`,
      };
    },
  );

  app.get(
    '/payments/simulator/momo/pay',
    {
      schema: {
        hide: true,
        tags,
        summary: 'MoMo simulator: the payment page',
        querystring: stringQuerySchema,
        response: htmlResponse,
      },
    },
    async (req, reply) => {
      reply.type('text/html; charset=utf-8');
      const link = (choice: string) =>
        `/api/payments/simulator/momo/confirm?${query({ ...req.query, sim_choice: choice })}`;
      return page(
        'Ví MoMo (mô phỏng)',
        `<p>${escapeHtml(CLINIC.name)}</p><p>Mã đơn hàng: ${escapeHtml(req.query.orderId ?? '')}</p>` +
          `<p>Số tiền: <strong>${escapeHtml(formatVnd(Number(req.query.amount)))}</strong></p>` +
          `<p><a href="${escapeHtml(link('pay'))}">Thanh toán</a></p><p><a href="${escapeHtml(link('cancel'))}">Hủy</a></p>`,
      );
    },
  );

  app.get(
    '/payments/simulator/momo/confirm',
    {
      schema: {
        hide: true,
        tags,
        summary: 'MoMo simulator: pay or cancel, send the IPN, redirect',
        querystring: stringQuerySchema,
        response: { 303: z.null(), ...errorResponses(400) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      // Only back to this site: the simulator is no open redirect.
      const ours = (url: string | undefined) => !!url && url.startsWith(`${deps.config.publicUrl}/`);
      if (!ours(q.ipnUrl) || !ours(q.redirectUrl) || !q.orderId || !/^\d+$/.test(q.amount ?? ''))
        throw new BadRequestError('Đơn hàng không hợp lệ', 'INVALID_ORDER');
      const paid = q.sim_choice === 'pay';
      const unsigned: Omit<MomoIpn, 'signature'> = {
        partnerCode: momo.partnerCode,
        orderId: q.orderId ?? '',
        requestId: q.requestId ?? '',
        amount: Number(q.amount),
        orderInfo: q.orderInfo ?? '',
        orderType: 'momo_wallet',
        transId: paid ? randomInt(1_000_000_000, 9_999_999_999) : 0,
        resultCode: paid ? 0 : 1006,
        message: paid ? 'Thành công.' : 'Giao dịch bị từ chối bởi người dùng.',
        payType: 'qr',
        responseTime: deps.clock.now().getTime(),
        extraData: q.extraData ?? '',
      };
      const ipn: MomoIpn = { ...unsigned, signature: momoSignIpn(momo, unsigned) };
      await deliver(app, q.ipnUrl!, { method: 'POST', body: JSON.stringify(ipn) });
      const back = Object.fromEntries(Object.entries(ipn).map(([k, v]) => [k, String(v)]));
      return reply.redirect(`${q.redirectUrl}?${query(back)}`, 303);
    },
  );

  app.post(
    '/payments/simulator/vnpay/merchant_webapi/api/transaction',
    {
      schema: {
        hide: true,
        tags,
        summary: 'VNPay simulator: the refund call (API 2.1.0), answered signed',
        body: z.looseObject({ vnp_RequestId: z.string(), vnp_Command: z.string(), vnp_SecureHash: z.string() }),
        response: { 200: z.looseObject({ vnp_ResponseCode: z.string() }), ...errorResponses(400) },
      },
    },
    async (req) => {
      const r = req.body as unknown as VnpayRefundRequest;
      const now = deps.clock.now();
      const code =
        r.vnp_Command !== 'refund' || r.vnp_TmnCode !== vnp.tmnCode
          ? VNPAY_REFUND_CODES.invalidTmnCode
          : !vnpayVerifyRefundRequest(vnp.hashSecret, r)
            ? VNPAY_REFUND_CODES.invalidChecksum
            : !/^\d+00$/.test(r.vnp_Amount ?? '') || !/^[1-9]\d*$/.test(r.vnp_TransactionNo ?? '')
              ? VNPAY_REFUND_CODES.transactionNotFound
              : settling(now)
                ? VNPAY_REFUND_CODES.other
                : VNPAY_REFUND_CODES.success;
      const messages: Record<string, string> = {
        '00': 'Yeu cau thanh cong',
        '02': 'Ma dinh danh ket noi khong hop le',
        '91': 'Khong tim thay giao dich yeu cau hoan tra',
        '97': 'Checksum khong hop le',
        '99': 'He thong dang bao tri, vui long thu lai sau',
      };
      const answer: Omit<VnpayRefundResponse, 'vnp_SecureHash'> = {
        vnp_ResponseId: randomInt(100_000_000, 999_999_999).toString(),
        vnp_Command: 'refund',
        vnp_ResponseCode: code,
        vnp_Message: messages[code]!,
        vnp_TmnCode: vnp.tmnCode,
        vnp_TxnRef: r.vnp_TxnRef ?? '',
        vnp_Amount: r.vnp_Amount ?? '',
        vnp_BankCode: 'NCB',
        vnp_PayDate: vnpayDate(now),
        vnp_TransactionNo: code === '00' ? String(randomInt(10_000_000, 99_999_999)) : '',
        vnp_TransactionType: r.vnp_TransactionType ?? '',
        vnp_TransactionStatus: code === '00' ? '05' : '',
        vnp_OrderInfo: r.vnp_OrderInfo ?? '',
      };
      return { ...answer, vnp_SecureHash: vnpaySignRefundResponse(vnp.hashSecret, answer) };
    },
  );

  app.post(
    '/payments/simulator/momo/v2/gateway/api/refund',
    {
      schema: {
        hide: true,
        tags,
        summary: 'MoMo simulator: the refund call (v3)',
        body: z.looseObject({ orderId: z.string(), amount: z.number(), signature: z.string() }),
        response: { 200: z.looseObject({ resultCode: z.number(), message: z.string() }) },
      },
    },
    async (req) => {
      const r = req.body as unknown as MomoRefundRequest;
      const base = {
        partnerCode: r.partnerCode,
        orderId: r.orderId,
        requestId: r.requestId,
        amount: r.amount,
        responseTime: deps.clock.now().getTime(),
      };
      if (r.partnerCode !== momo.partnerCode || !momoVerifyRefund(momo, r))
        return { ...base, transId: r.transId, resultCode: 11007, message: 'Chữ ký không hợp lệ' };
      if (!/^[1-9]\d*$/.test(String(r.transId)))
        return {
          ...base,
          transId: r.transId,
          resultCode: 1080,
          message: 'Giao dịch hoàn tiền bị từ chối. Giao dịch thanh toán ban đầu không được tìm thấy.',
        };
      if (settling(deps.clock.now()))
        return { ...base, transId: r.transId, resultCode: 10, message: 'Hệ thống đang được bảo trì.' };
      return { ...base, transId: randomInt(1_000_000_000, 9_999_999_999), resultCode: 0, message: 'Thành công.' };
    },
  );
};

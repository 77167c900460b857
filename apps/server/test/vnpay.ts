import type { FastifyInstance } from 'fastify';
import { vnpaySign, vnpaySignData } from '../src/modules/payments/vnpay';

/**
 * VNPay's server-to-server notification that the order behind `redirectUrl` (what a payment's start
 * answered) was paid, signed with the merchant's secret as VNPay signs it; its JSON answer.
 */
export async function notifyVnpayPaid(
  app: FastifyInstance,
  hashSecret: string,
  redirectUrl: string,
  transactionNo: number,
): Promise<{ RspCode: string; Message: string }> {
  const order = Object.fromEntries(new URL(redirectUrl).searchParams) as Record<string, string>;
  const params: Record<string, string> = {
    vnp_Amount: order.vnp_Amount!,
    vnp_BankCode: 'NCB',
    vnp_OrderInfo: order.vnp_OrderInfo!,
    vnp_PayDate: '20270301091000',
    vnp_ResponseCode: '00',
    vnp_TmnCode: order.vnp_TmnCode!,
    vnp_TransactionNo: String(transactionNo),
    vnp_TransactionStatus: '00',
    vnp_TxnRef: order.vnp_TxnRef!,
  };
  const q = `${vnpaySignData(params)}&vnp_SecureHash=${vnpaySign(params, hashSecret)}`;
  return (await app.inject({ method: 'GET', url: `/api/payments/vnpay/ipn?${q}` })).json();
}

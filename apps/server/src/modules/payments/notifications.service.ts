import { timingSafeEqual } from 'node:crypto';
import type { PaymentNotificationOutcome } from '@clinic/shared';
import { insertPaymentNotification } from './payments.repository';
import { settlePayment, sha256, type PaymentDeps } from './payments.service';
import { momoVerifyIpn, type MomoIpn } from './momo';
import { VNPAY_IPN_ANSWERS as V, vnpayVerify, type VnpayIpnAnswer } from './vnpay';

type Deps = Pick<PaymentDeps, 'db' | 'clock' | 'config'>;

function recordRefused(deps: Deps, provider: 'VNPAY' | 'MOMO' | 'VIETQR', reference: string | null, raw: string) {
  return insertPaymentNotification(deps.db, {
    provider,
    reference,
    rawSha256: sha256(raw),
    outcome: 'BAD_SIGNATURE',
    receivedAt: deps.clock.now(),
  });
}

const VNPAY_ANSWER: Record<PaymentNotificationOutcome, VnpayIpnAnswer> = {
  PAID: V.confirmed,
  // Failed, or money for a visit that cannot take it (flagged for refund): recorded, so confirmed.
  FAILED: V.confirmed,
  CANCELLED_REFUND: V.confirmed,
  DUPLICATE: V.alreadyConfirmed,
  ALREADY_PAID: V.alreadyConfirmed,
  AMOUNT_MISMATCH: V.invalidAmount,
  UNKNOWN_ORDER: V.orderNotFound,
  BAD_SIGNATURE: V.invalidSignature,
};

/** VNPay's IPN (a GET from VNPay's servers): verified, settled once, answered with its RspCode. */
export async function vnpayIpn(deps: Deps, query: Record<string, string>, rawQuery: string): Promise<VnpayIpnAnswer> {
  const keys = deps.config.payments.vnpay;
  // Off (production without VNPay's keys): nothing is VNPay's, whatever it is signed with.
  if (keys.mode === 'off' || !vnpayVerify(query, keys.hashSecret) || query.vnp_TmnCode !== keys.tmnCode) {
    await recordRefused(deps, 'VNPAY', query.vnp_TxnRef ?? null, rawQuery);
    return V.invalidSignature;
  }
  const amount = query.vnp_Amount ?? '';
  if (!query.vnp_TxnRef) return V.other;
  if (!/^\d{3,15}$/.test(amount) || !amount.endsWith('00')) {
    // Not an amount in đồng × 100: refused and flagged, with nothing settled.
    await insertPaymentNotification(deps.db, {
      provider: 'VNPAY',
      reference: query.vnp_TxnRef,
      rawSha256: sha256(rawQuery),
      outcome: 'AMOUNT_MISMATCH',
      flag: 'AMOUNT_MISMATCH',
      receivedAt: deps.clock.now(),
    });
    return V.invalidAmount;
  }
  const outcome = await settlePayment(deps, {
    provider: 'VNPAY',
    reference: query.vnp_TxnRef,
    amount: Number(amount) / 100,
    providerTransactionId: query.vnp_TransactionNo ?? null,
    success: query.vnp_ResponseCode === '00' && query.vnp_TransactionStatus === '00',
    rawSha256: sha256(rawQuery),
  });
  return VNPAY_ANSWER[outcome];
}

/** MoMo's IPN (a JSON POST): verified over its documented field order; false when it is not MoMo's. */
export async function momoIpn(deps: Deps, body: MomoIpn, rawBody: string): Promise<boolean> {
  const keys = deps.config.payments.momo;
  if (keys.mode === 'off' || body.partnerCode !== keys.partnerCode || !momoVerifyIpn(keys, body)) {
    await recordRefused(deps, 'MOMO', typeof body.orderId === 'string' ? body.orderId : null, rawBody);
    return false;
  }
  await settlePayment(deps, {
    provider: 'MOMO',
    reference: body.orderId,
    amount: Number(body.amount),
    providerTransactionId: String(body.transId),
    success: Number(body.resultCode) === 0,
    rawSha256: sha256(rawBody),
  });
  return true;
}

/**
 * An incoming bank transfer, as SePay's webhook sends it (docs.sepay.vn, "Tích hợp WebHooks"), with
 * its "Authorization: Apikey …" header: the reference is found in the transfer's memo.
 */
export type BankTransaction = {
  id: number;
  gateway: string;
  transactionDate: string;
  accountNumber: string;
  content: string;
  transferType: 'in' | 'out';
  transferAmount: number;
  referenceCode?: string | null;
};

const REFERENCE_IN_MEMO = /AT\d+X[0-9A-F]{12}/i;

export async function bankWebhook(
  deps: Deps,
  authorization: string | undefined,
  body: BankTransaction,
  rawBody: string,
): Promise<boolean> {
  const keys = deps.config.payments.vietqr;
  const expected = Buffer.from(`Apikey ${keys.webhookSecret}`);
  const given = Buffer.from(authorization ?? '');
  if (keys.mode === 'off' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await recordRefused(deps, 'VIETQR', null, rawBody);
    return false;
  }
  const reference = REFERENCE_IN_MEMO.exec(body.content)?.[0]?.toUpperCase();
  // Money out, or a transfer that names no payment of ours: not the ledger's.
  if (body.transferType !== 'in' || !reference) return true;
  await settlePayment(deps, {
    provider: 'VIETQR',
    reference,
    amount: body.transferAmount,
    providerTransactionId: String(body.referenceCode ?? body.id),
    success: true,
    rawSha256: sha256(rawBody),
  });
  return true;
}

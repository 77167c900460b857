import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VNPay API 2.1.0 (sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html): the payment URL and the
 * IPN's check. The hash is HMAC-SHA512 over the parameters sorted by name, each name and value
 * encoded as PHP's urlencode does (space as "+"), joined with "&" — VNPay's PHP sample byte for byte.
 */
export type VnpayKeys = { tmnCode: string; hashSecret: string; paymentUrl: string };

/** PHP urlencode: encodeURIComponent plus !'()*~ encoded, and a space as "+". */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** The string VNPay signs: every vnp_ parameter but the hash itself, sorted, encoded. */
export function vnpaySignData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k.startsWith('vnp_') && k !== 'vnp_SecureHash' && k !== 'vnp_SecureHashType')
    .sort()
    .map((k) => `${phpUrlencode(k)}=${phpUrlencode(params[k]!)}`)
    .join('&');
}

export function vnpaySign(params: Record<string, string>, hashSecret: string): string {
  return createHmac('sha512', hashSecret).update(vnpaySignData(params), 'utf8').digest('hex');
}

/** yyyyMMddHHmmss at GMT+7, as vnp_CreateDate and vnp_ExpireDate are written. */
export function vnpayDate(at: Date): string {
  const t = new Date(at.getTime() + 7 * 3600_000).toISOString();
  return t.slice(0, 19).replace(/[-T:]/g, '');
}

export type VnpayPayment = {
  reference: string;
  /** Đồng. */
  amount: number;
  orderInfo: string;
  returnUrl: string;
  ipAddress: string;
  now: Date;
};

/** The parameters of the payment URL, signed (vnp_Amount is đồng × 100). */
export function vnpayPaymentParams(keys: VnpayKeys, p: VnpayPayment): Record<string, string> {
  const params: Record<string, string> = {
    vnp_Version: '2.1.0',
    vnp_Command: 'pay',
    vnp_TmnCode: keys.tmnCode,
    vnp_Amount: String(p.amount * 100),
    vnp_CurrCode: 'VND',
    vnp_TxnRef: p.reference,
    vnp_OrderInfo: p.orderInfo,
    vnp_OrderType: 'other',
    vnp_Locale: 'vn',
    vnp_ReturnUrl: p.returnUrl,
    vnp_IpAddr: p.ipAddress,
    vnp_CreateDate: vnpayDate(p.now),
    vnp_ExpireDate: vnpayDate(new Date(p.now.getTime() + 15 * 60_000)),
  };
  return { ...params, vnp_SecureHash: vnpaySign(params, keys.hashSecret) };
}

export function vnpayPaymentUrl(keys: VnpayKeys, p: VnpayPayment): string {
  const params = vnpayPaymentParams(keys, p);
  const { vnp_SecureHash, ...rest } = params;
  return `${keys.paymentUrl}?${vnpaySignData(rest)}&vnp_SecureHash=${vnp_SecureHash}`;
}

/** Whether the return's or the IPN's vnp_SecureHash is VNPay's (compared in constant time). */
export function vnpayVerify(params: Record<string, string>, hashSecret: string): boolean {
  const given = params.vnp_SecureHash;
  if (!given || !/^[0-9a-f]{128}$/i.test(given)) return false;
  const expected = Buffer.from(vnpaySign(params, hashSecret), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}

/** The IPN's answers, as VNPay documents them. */
export const VNPAY_IPN_ANSWERS = {
  confirmed: { RspCode: '00', Message: 'Confirm Success' },
  orderNotFound: { RspCode: '01', Message: 'Order not found' },
  alreadyConfirmed: { RspCode: '02', Message: 'Order already confirmed' },
  invalidAmount: { RspCode: '04', Message: 'invalid amount' },
  invalidSignature: { RspCode: '97', Message: 'Invalid signature' },
  other: { RspCode: '99', Message: 'Unknow error' },
} as const;
export type VnpayIpnAnswer = (typeof VNPAY_IPN_ANSWERS)[keyof typeof VNPAY_IPN_ANSWERS];

/**
 * The refund call (API 2.1.0, sandbox.vnpayment.vn/apis/docs/truy-van-hoan-tien/querydr&refund.html):
 * a JSON POST to the merchant_webapi transaction endpoint, signed with HMAC-SHA512 over its fields
 * joined by "|" in the documented order (not the payment URL's sorted query).
 */
export type VnpayRefundRequest = {
  vnp_RequestId: string;
  vnp_Version: '2.1.0';
  vnp_Command: 'refund';
  vnp_TmnCode: string;
  /** 02: the whole amount; 03: a part. */
  vnp_TransactionType: '02' | '03';
  vnp_TxnRef: string;
  /** Đồng × 100. */
  vnp_Amount: string;
  vnp_OrderInfo: string;
  /** VNPay's transaction number of the payment ("0" when unknown). */
  vnp_TransactionNo: string;
  /** The payment's vnp_CreateDate. */
  vnp_TransactionDate: string;
  vnp_CreateBy: string;
  vnp_CreateDate: string;
  vnp_IpAddr: string;
  vnp_SecureHash: string;
};

export function vnpayRefundSignData(r: Omit<VnpayRefundRequest, 'vnp_SecureHash'>): string {
  return [
    r.vnp_RequestId,
    r.vnp_Version,
    r.vnp_Command,
    r.vnp_TmnCode,
    r.vnp_TransactionType,
    r.vnp_TxnRef,
    r.vnp_Amount,
    r.vnp_TransactionNo,
    r.vnp_TransactionDate,
    r.vnp_CreateBy,
    r.vnp_CreateDate,
    r.vnp_IpAddr,
    r.vnp_OrderInfo,
  ].join('|');
}

const hmac512 = (secret: string, data: string) => createHmac('sha512', secret).update(data, 'utf8').digest('hex');

/** The refund request of a whole payment or a part of it, signed. */
export function vnpayRefundRequest(
  keys: Pick<VnpayKeys, 'tmnCode' | 'hashSecret'>,
  p: {
    requestId: string;
    reference: string;
    amount: number;
    /** The whole payment (02, the default), or a part of it (03: a deposit's surplus). */
    whole?: boolean;
    transactionNo: string | null;
    paymentCreatedAt: Date;
    createdBy: string;
    ipAddress: string;
    now: Date;
  },
): VnpayRefundRequest {
  const unsigned: Omit<VnpayRefundRequest, 'vnp_SecureHash'> = {
    vnp_RequestId: p.requestId,
    vnp_Version: '2.1.0',
    vnp_Command: 'refund',
    vnp_TmnCode: keys.tmnCode,
    vnp_TransactionType: p.whole === false ? '03' : '02',
    vnp_TxnRef: p.reference,
    vnp_Amount: String(p.amount * 100),
    vnp_OrderInfo: `Hoan tien giao dich ${p.reference}`,
    vnp_TransactionNo: p.transactionNo ?? '0',
    vnp_TransactionDate: vnpayDate(p.paymentCreatedAt),
    vnp_CreateBy: p.createdBy,
    vnp_CreateDate: vnpayDate(p.now),
    vnp_IpAddr: p.ipAddress,
  };
  return { ...unsigned, vnp_SecureHash: hmac512(keys.hashSecret, vnpayRefundSignData(unsigned)) };
}

export function vnpayVerifyRefundRequest(hashSecret: string, r: VnpayRefundRequest): boolean {
  return sameHex512(hmac512(hashSecret, vnpayRefundSignData(r)), r.vnp_SecureHash);
}

/** VNPay's answer to a refund call, signed over its own field order. */
export type VnpayRefundResponse = {
  vnp_ResponseId: string;
  vnp_Command: string;
  vnp_ResponseCode: string;
  vnp_Message: string;
  vnp_TmnCode: string;
  vnp_TxnRef: string;
  vnp_Amount: string;
  vnp_BankCode: string;
  vnp_PayDate: string;
  vnp_TransactionNo: string;
  vnp_TransactionType: string;
  vnp_TransactionStatus: string;
  vnp_OrderInfo: string;
  vnp_SecureHash: string;
};

export function vnpayRefundResponseSignData(r: Partial<Omit<VnpayRefundResponse, 'vnp_SecureHash'>>): string {
  return [
    r.vnp_ResponseId,
    r.vnp_Command,
    r.vnp_ResponseCode,
    r.vnp_Message,
    r.vnp_TmnCode,
    r.vnp_TxnRef,
    r.vnp_Amount,
    r.vnp_BankCode,
    r.vnp_PayDate,
    r.vnp_TransactionNo,
    r.vnp_TransactionType,
    r.vnp_TransactionStatus,
    r.vnp_OrderInfo,
  ]
    .map((v) => (v == null ? '' : String(v)))
    .join('|');
}

export function vnpaySignRefundResponse(hashSecret: string, r: Omit<VnpayRefundResponse, 'vnp_SecureHash'>): string {
  return hmac512(hashSecret, vnpayRefundResponseSignData(r));
}

export function vnpayVerifyRefundResponse(hashSecret: string, r: Partial<VnpayRefundResponse>): boolean {
  return (
    typeof r.vnp_SecureHash === 'string' &&
    sameHex512(hmac512(hashSecret, vnpayRefundResponseSignData(r)), r.vnp_SecureHash)
  );
}

function sameHex512(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{128}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** The refund call's answers, as VNPay documents them. */
export const VNPAY_REFUND_CODES = {
  success: '00',
  invalidTmnCode: '02',
  invalidData: '03',
  transactionNotFound: '91',
  /** A refund of this transaction was asked before; VNPay is processing it. */
  alreadyRequested: '94',
  refused: '95',
  invalidChecksum: '97',
  other: '99',
} as const;

/** POSTs a refund request to VNPay (or its simulator) and returns its answer as sent. */
export async function vnpayRefund(
  apiUrl: string,
  body: VnpayRefundRequest,
  fetcher: typeof fetch = fetch,
): Promise<Partial<VnpayRefundResponse>> {
  const res = await fetcher(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return (await res.json()) as Partial<VnpayRefundResponse>;
}

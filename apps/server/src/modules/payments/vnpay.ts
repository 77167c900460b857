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

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * MoMo's all-in-one API v3 (developers.momo.vn/v3/docs/payment/api/wallet/onetime): POST
 * /v2/gateway/api/create signed with HMAC-SHA256 over its documented raw string, then the IPN (a
 * JSON POST) signed over its own field order, answered 204.
 */
export type MomoKeys = { partnerCode: string; accessKey: string; secretKey: string; endpoint: string };

export type MomoCreateRequest = {
  partnerCode: string;
  requestId: string;
  amount: number;
  orderId: string;
  orderInfo: string;
  redirectUrl: string;
  ipnUrl: string;
  requestType: string;
  extraData: string;
  lang: 'vi' | 'en';
  signature: string;
};

export type MomoIpn = {
  partnerCode: string;
  orderId: string;
  requestId: string;
  amount: number;
  orderInfo: string;
  orderType: string;
  transId: number | string;
  resultCode: number;
  message: string;
  payType: string;
  responseTime: number | string;
  extraData: string;
  signature: string;
};

const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data, 'utf8').digest('hex');

export function momoCreateRaw(accessKey: string, r: Omit<MomoCreateRequest, 'signature' | 'lang'>): string {
  return (
    `accessKey=${accessKey}&amount=${r.amount}&extraData=${r.extraData}&ipnUrl=${r.ipnUrl}` +
    `&orderId=${r.orderId}&orderInfo=${r.orderInfo}&partnerCode=${r.partnerCode}` +
    `&redirectUrl=${r.redirectUrl}&requestId=${r.requestId}&requestType=${r.requestType}`
  );
}

/** The IPN's (and the redirect's) raw signature string, in MoMo's documented order. */
export function momoIpnRaw(accessKey: string, n: Omit<MomoIpn, 'signature'>): string {
  return (
    `accessKey=${accessKey}&amount=${n.amount}&extraData=${n.extraData}&message=${n.message}` +
    `&orderId=${n.orderId}&orderInfo=${n.orderInfo}&orderType=${n.orderType}&partnerCode=${n.partnerCode}` +
    `&payType=${n.payType}&requestId=${n.requestId}&responseTime=${n.responseTime}&resultCode=${n.resultCode}` +
    `&transId=${n.transId}`
  );
}

/** The create call's body, signed. */
export function momoCreateRequest(
  keys: MomoKeys,
  p: { reference: string; amount: number; orderInfo: string; redirectUrl: string; ipnUrl: string },
): MomoCreateRequest {
  const unsigned = {
    partnerCode: keys.partnerCode,
    requestId: p.reference,
    amount: p.amount,
    orderId: p.reference,
    orderInfo: p.orderInfo,
    redirectUrl: p.redirectUrl,
    ipnUrl: p.ipnUrl,
    requestType: 'captureWallet',
    extraData: '',
  };
  return { ...unsigned, lang: 'vi', signature: hmac(keys.secretKey, momoCreateRaw(keys.accessKey, unsigned)) };
}

export function momoSignCreate(
  keys: Pick<MomoKeys, 'accessKey' | 'secretKey'>,
  r: Omit<MomoCreateRequest, 'signature' | 'lang'>,
) {
  return hmac(keys.secretKey, momoCreateRaw(keys.accessKey, r));
}

export function momoSignIpn(keys: Pick<MomoKeys, 'accessKey' | 'secretKey'>, n: Omit<MomoIpn, 'signature'>): string {
  return hmac(keys.secretKey, momoIpnRaw(keys.accessKey, n));
}

function sameHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b.toLowerCase(), 'hex'));
}

export function momoVerifyIpn(keys: Pick<MomoKeys, 'accessKey' | 'secretKey'>, n: MomoIpn): boolean {
  return sameHex(momoSignIpn(keys, n), n.signature);
}

export function momoVerifyCreate(keys: Pick<MomoKeys, 'accessKey' | 'secretKey'>, r: MomoCreateRequest): boolean {
  return sameHex(momoSignCreate(keys, r), r.signature);
}

/** What the create call answers: payUrl to follow when resultCode is 0. */
export type MomoCreateResponse = { resultCode: number; message: string; payUrl?: string; orderId?: string };

/** POSTs the create request to MoMo (or its simulator) and returns its payUrl. */
export async function momoCreate(
  keys: MomoKeys,
  body: MomoCreateRequest,
  fetcher: typeof fetch = fetch,
): Promise<MomoCreateResponse> {
  const res = await fetcher(`${keys.endpoint}/v2/gateway/api/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return (await res.json()) as MomoCreateResponse;
}

/**
 * The refund call (v3, developers.momo.vn/v3/docs/payment/api/payment-api/refund): POST
 * /v2/gateway/api/refund, a new orderId for the refund, the payment's transId, signed with
 * HMAC-SHA256 over its documented raw string.
 */
export type MomoRefundRequest = {
  partnerCode: string;
  orderId: string;
  requestId: string;
  amount: number;
  transId: number | string;
  lang: 'vi' | 'en';
  description: string;
  signature: string;
};

/** What the refund call answers: resultCode 0 when refunded. */
export type MomoRefundResponse = {
  partnerCode?: string;
  orderId?: string;
  requestId?: string;
  amount?: number;
  transId?: number | string;
  resultCode: number;
  message: string;
  responseTime?: number;
};

export function momoRefundRaw(accessKey: string, r: Omit<MomoRefundRequest, 'signature' | 'lang'>): string {
  return (
    `accessKey=${accessKey}&amount=${r.amount}&description=${r.description}&orderId=${r.orderId}` +
    `&partnerCode=${r.partnerCode}&requestId=${r.requestId}&transId=${r.transId}`
  );
}

export function momoRefundRequest(
  keys: Pick<MomoKeys, 'partnerCode' | 'accessKey' | 'secretKey'>,
  p: { requestId: string; amount: number; transId: string; description: string },
): MomoRefundRequest {
  const unsigned = {
    partnerCode: keys.partnerCode,
    orderId: p.requestId,
    requestId: p.requestId,
    amount: p.amount,
    transId: /^\d+$/.test(p.transId) ? Number(p.transId) : p.transId,
    description: p.description,
  };
  return { ...unsigned, lang: 'vi', signature: hmac(keys.secretKey, momoRefundRaw(keys.accessKey, unsigned)) };
}

export function momoVerifyRefund(keys: Pick<MomoKeys, 'accessKey' | 'secretKey'>, r: MomoRefundRequest): boolean {
  return sameHex(hmac(keys.secretKey, momoRefundRaw(keys.accessKey, r)), r.signature);
}

export async function momoRefund(
  keys: MomoKeys,
  body: MomoRefundRequest,
  fetcher: typeof fetch = fetch,
): Promise<MomoRefundResponse> {
  const res = await fetcher(`${keys.endpoint}/v2/gateway/api/refund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return (await res.json()) as MomoRefundResponse;
}

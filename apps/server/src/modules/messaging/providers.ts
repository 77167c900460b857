import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { MessagingConfig } from '../../config';
import type { MessageChannel } from '../../db/schema';
import { SIMULATED_ZNS_TEMPLATE_IDS, type PhoneTemplateName } from './templates';

/** One message as a provider takes it. */
export type PhoneMessage = {
  /** 84… form. */
  recipient: string;
  template: PhoneTemplateName;
  /** The ZNS template_data. */
  data: Record<string, string>;
  /** The SMS text (GSM-7, at most two parts). */
  text: string;
  /** The provider's idempotency key: ZNS tracking_id, eSMS RequestId, the webhook's Idempotency-Key. */
  trackingId: string;
  /** Where the provider reports delivery (the SMS providers take it per message). */
  callbackUrl: string;
};

/**
 * What a provider said: taken (with its message id), or refused. A refusal is `final` when trying
 * again cannot help (not a Zalo user, template refused, phone invalid): Zalo then falls back to SMS.
 * A timeout or a network failure throws: the row is retried with the same tracking id.
 */
export type SendOutcome = { ok: true; providerMessageId: string | null } | { ok: false; final: boolean; error: string };

export type PhoneProvider = {
  channel: MessageChannel;
  /** 'zns', 'esms', 'webhook', or 'simulated' (nothing sent: no credentials). */
  name: string;
  send(message: PhoneMessage): Promise<SendOutcome>;
};

export type PhoneProviders = Record<MessageChannel, PhoneProvider>;

const TIMEOUT_MS = 10_000;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status >= 500) throw new Error(`provider answered HTTP ${res.status}`);
  return res.json();
}

/**
 * ZNS error codes after which Zalo will not deliver this message however often it is tried: the
 * phone is invalid (-108), the template id or its data refused (-109, -111, -112, -131, -137, -139),
 * the user inactive or refusing ZNS (-114), out of quota (-115), not a Zalo user (-118) or unable
 * to receive (-119). Anything else (-124 invalid access token, -100 unknown...) is retried.
 */
export const ZNS_FINAL_ERRORS = new Set([-108, -109, -111, -112, -114, -115, -117, -118, -119, -131, -137, -139]);

/** Zalo ZNS: POST {api}/message/template with the OA's access_token header. */
export function znsProvider(config: NonNullable<MessagingConfig['zalo']>, production = false): PhoneProvider {
  return {
    channel: 'zalo',
    name: 'zns',
    async send(m) {
      // In production only the clinic's own approved templates: never a simulator's id (SMS takes it instead).
      const templateId = config.templateIds[m.template] ?? (production ? null : SIMULATED_ZNS_TEMPLATE_IDS[m.template]);
      if (templateId == null)
        return { ok: false, final: true, error: `ZALO_TEMPLATE_IDS: no template for ${m.template}` };
      const answer = (await postJson(
        `${config.apiUrl}/message/template`,
        { phone: m.recipient, template_id: templateId, template_data: m.data, tracking_id: m.trackingId },
        { access_token: config.accessToken },
      )) as { error?: number; message?: string; data?: { msg_id?: string } };
      if (answer.error === 0) return { ok: true, providerMessageId: answer.data?.msg_id ?? null };
      const code = Number(answer.error);
      const error = `ZNS ${code}: ${answer.message ?? ''}`.slice(0, 300);
      return { ok: false, final: ZNS_FINAL_ERRORS.has(code), error };
    },
  };
}

/**
 * eSMS.vn brandname customer-care SMS (SmsType 2): SendMultipleMessage_V4_post_json. CodeResult
 * "100" is taken; "124" means this RequestId was already taken (a retry after a lost answer): not
 * sent twice, and counted as taken.
 */
export const ESMS_PATH = '/MainService.svc/json/SendMultipleMessage_V4_post_json/';
const ESMS_FINAL = new Set(['104', '118', '119', '131', '132', '146']);

export function esmsProvider(config: NonNullable<MessagingConfig['sms']>): PhoneProvider {
  return {
    channel: 'sms',
    name: 'esms',
    async send(m) {
      const answer = (await postJson(`${config.apiUrl}${ESMS_PATH}`, {
        ApiKey: config.apiKey,
        SecretKey: config.secretKey,
        Content: m.text,
        Phone: m.recipient,
        Brandname: config.brandname,
        SmsType: '2',
        IsUnicode: '0',
        RequestId: m.trackingId,
        CallbackUrl: m.callbackUrl,
      })) as { CodeResult?: string; SMSID?: string; ErrorMessage?: string };
      if (answer.CodeResult === '100') return { ok: true, providerMessageId: answer.SMSID ?? null };
      if (answer.CodeResult === '124') return { ok: true, providerMessageId: null };
      const code = String(answer.CodeResult);
      return {
        ok: false,
        final: ESMS_FINAL.has(code),
        error: `eSMS ${code}: ${answer.ErrorMessage ?? ''}`.slice(0, 300),
      };
    },
  };
}

/** The generic adapter's signature: hex HMAC-SHA256 of the raw body, in X-Signature as sha256=… */
export const signBody = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export function signatureMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Any other SMS gateway: POST {to, text, tracking_id, callback_url} signed with SMS_API_KEY as
 * X-Signature; it answers {id} (2xx), or {error, final} (4xx).
 */
export function webhookProvider(config: NonNullable<MessagingConfig['sms']>): PhoneProvider {
  return {
    channel: 'sms',
    name: 'webhook',
    async send(m) {
      const body = JSON.stringify({
        to: m.recipient,
        text: m.text,
        tracking_id: m.trackingId,
        callback_url: m.callbackUrl,
      });
      const res = await fetch(config.apiUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': signBody(config.apiKey, body),
          'idempotency-key': m.trackingId,
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.status >= 500) throw new Error(`gateway answered HTTP ${res.status}`);
      const answer = (await res.json()) as { id?: string; error?: string; final?: boolean };
      if (res.ok) return { ok: true, providerMessageId: answer.id ?? null };
      return {
        ok: false,
        final: answer.final === true,
        error: `webhook ${res.status}: ${answer.error ?? ''}`.slice(0, 300),
      };
    },
  };
}

/** No credentials: the message is recorded as simulated, like e-mail without SMTP. */
export function simulatedProvider(channel: MessageChannel): PhoneProvider {
  return {
    channel,
    name: 'simulated',
    async send(m) {
      return {
        ok: true,
        providerMessageId: `sim-${createHash('sha256').update(m.trackingId).digest('hex').slice(0, 16)}`,
      };
    },
  };
}

/**
 * Production without a provider's credentials: nothing is sent, and the message is not recorded as
 * sent or simulated but refused for good (Zalo's then goes to SMS; with SMS off too, it fails).
 */
export function offProvider(channel: MessageChannel, variables: string): PhoneProvider {
  return {
    channel,
    name: 'off',
    async send() {
      return { ok: false, final: true, error: `${variables}: not configured, nothing sent` };
    },
  };
}

/** Each channel's provider: its credentials, else the simulator (outside production) or off (production). */
export function createPhoneProviders(config: MessagingConfig, production = false): PhoneProviders {
  return {
    zalo: config.zalo
      ? znsProvider(config.zalo, production)
      : production
        ? offProvider('zalo', 'ZALO_ACCESS_TOKEN')
        : simulatedProvider('zalo'),
    sms: config.sms
      ? config.sms.provider === 'webhook'
        ? webhookProvider(config.sms)
        : esmsProvider(config.sms)
      : production
        ? offProvider('sms', 'SMS_API_URL, SMS_API_KEY')
        : simulatedProvider('sms'),
  };
}

/** Zalo's event signature: X-ZEvent-Signature = mac=sha256(appId + body + timestamp + OA secret key). */
export const zaloEventSignature = (appId: string, body: string, timestamp: string, oaSecret: string) =>
  `mac=${createHash('sha256').update(`${appId}${body}${timestamp}${oaSecret}`).digest('hex')}`;

/** The key in the callback address given to the SMS provider for one message (eSMS signs nothing itself). */
export const callbackKey = (secret: string, trackingId: string) =>
  createHmac('sha256', secret).update(`sms-callback:${trackingId}`).digest('base64url');

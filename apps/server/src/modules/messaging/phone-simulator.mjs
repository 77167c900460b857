// A local simulator of the phone providers' protocols (issue 27), used by the server tests, the
// journeys and development: Zalo ZNS (POST /message/template, access_token header, its error codes,
// delivery events signed X-ZEvent-Signature), eSMS.vn (SendMultipleMessage_V4_post_json, CodeResult,
// RequestId idempotency, the GET delivery callback) and a generic SMS gateway behind the signed
// webhook adapter (POST /sms-webhook, X-Signature: sha256=HMAC of the raw body with SMS_API_KEY,
// Idempotency-Key). Plain JavaScript on node:http, so the journeys' server
// (e2e/serve-with-mailbox.mjs) runs it without a build.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const ESMS_PATH = '/MainService.svc/json/SendMultipleMessage_V4_post_json/';
/** The generic gateway's address: SMS_PROVIDER=webhook with SMS_API_URL={simulator}/sms-webhook. */
export const WEBHOOK_PATH = '/sms-webhook';

/** The webhook adapter's signature (providers.ts signBody), checked as a gateway would: in constant time. */
function signedBy(secret, raw, given) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const actual = Buffer.from(String(given ?? ''));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * What Zalo checks of a message against its registered template (issue 35): the id is one of them, and
 * every parameter the template's text names (<amount>, <link>...) comes as a non-empty string.
 * @param {Record<string, string> | undefined} templates template id → its ZNS text
 */
function templateRefusal(templates, templateId, data) {
  if (!templates) return null;
  const text = templates[templateId];
  if (text == null) return { error: -109, message: 'Template ID invalid' };
  for (const [, param] of text.matchAll(/<(\w+)>/g)) {
    const value = data?.[param];
    if (typeof value !== 'string' || value.trim() === '')
      return { error: -112, message: `Template data invalid: ${param} is required` };
  }
  return null;
}

/**
 * @param {{ port?: number, zaloToken: string, zaloAppId?: string, oaSecret: string, smsApiKey: string,
 *   smsSecretKey: string, zaloWebhookUrl?: string, autoCallbackMs?: number | null,
 *   templates?: Record<string, string> }} options `templates`: the registered ZNS templates (id → text);
 *   given, a message is checked against its template as Zalo does.
 */
export async function startPhoneSimulator(options) {
  /** Every message taken, in order: what a phone shows. */
  const inbox = [];
  /** phone (84…) → { zalo?: 'not-user' | 'lose-answer' | 'down' | 'template-refused', sms?: 'lose-answer' | 'refuse' } */
  const rules = new Map();
  const byTracking = new Map();
  const pending = [];
  let timer;

  const readBody = (req) =>
    new Promise((resolve) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const schedule = (callback) => {
    pending.push(callback);
    if (options.autoCallbackMs != null && !timer) timer = setTimeout(flushCallbacks, options.autoCallbackMs);
  };

  async function flushCallbacks() {
    timer = undefined;
    const due = pending.splice(0);
    for (const send of due) await send().catch(() => {});
  }

  function zaloCallback(message) {
    if (!options.zaloWebhookUrl) return;
    schedule(async () => {
      const timestamp = String(Date.now());
      const body = JSON.stringify({
        app_id: options.zaloAppId ?? '',
        oa_id: 'sim-oa',
        event_name: 'user_received_message',
        timestamp,
        recipient: { id: message.phone },
        message: { msg_id: message.providerMessageId, tracking_id: message.trackingId, delivery_time: timestamp },
      });
      const mac = createHash('sha256')
        .update(`${options.zaloAppId ?? ''}${body}${timestamp}${options.oaSecret}`)
        .digest('hex');
      await fetch(options.zaloWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-zevent-signature': `mac=${mac}` },
        body,
      });
    });
  }

  function esmsCallback(message, callbackUrl) {
    if (!callbackUrl) return;
    schedule(async () => {
      const url = new URL(callbackUrl);
      const national = `0${message.phone.slice(2)}`;
      for (const [k, v] of Object.entries({
        SMSID: message.providerMessageId,
        SendFailed: '0',
        SendStatus: '5',
        SendSuccess: '1',
        TotalPrice: '0.0000',
        TotalReceiver: '1',
        TotalSent: '1',
        RequestId: message.trackingId,
        TypeId: '2',
        telcoid: '1',
        phonenumber: national,
      }))
        url.searchParams.set(k, v);
      await fetch(url);
    });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const raw = await readBody(req);
    if (req.method === 'GET' && url.pathname === '/_sim/inbox') {
      const phone = url.searchParams.get('phone');
      return json(res, 200, phone ? inbox.filter((m) => m.phone === phone) : inbox);
    }
    if (req.method === 'POST' && url.pathname === '/_sim/rules') {
      const { phone, ...rule } = JSON.parse(raw || '{}');
      rules.set(phone, { ...rules.get(phone), ...rule });
      return json(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/_sim/flush') {
      await flushCallbacks();
      return json(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/message/template') {
      if (req.headers.access_token !== options.zaloToken)
        return json(res, 200, { error: -124, message: 'Access token is invalid' });
      const body = JSON.parse(raw || '{}');
      const phone = String(body.phone ?? '');
      if (!/^84\d{9}$/.test(phone)) return json(res, 200, { error: -108, message: 'Phone number invalid' });
      if (!/^\d+$/.test(String(body.template_id ?? '')))
        return json(res, 200, { error: -109, message: 'Template ID invalid' });
      const refused = templateRefusal(options.templates, String(body.template_id), body.template_data);
      if (refused) return json(res, 200, refused);
      const rule = rules.get(phone) ?? {};
      if (rule.zalo === 'down') return json(res, 503, { error: -100, message: 'Unknown error' });
      if (rule.zalo === 'not-user') return json(res, 200, { error: -118, message: 'Zalo account not existed' });
      if (rule.zalo === 'template-refused')
        return json(res, 200, { error: -137, message: 'OA or App does not have permission to access this template' });
      const key = `zalo:${body.tracking_id}`;
      let message = byTracking.get(key);
      if (!message) {
        message = {
          channel: 'zalo',
          phone,
          templateId: String(body.template_id),
          data: body.template_data ?? {},
          trackingId: String(body.tracking_id ?? ''),
          providerMessageId: randomUUID().replace(/-/g, ''),
          at: new Date().toISOString(),
        };
        byTracking.set(key, message);
        inbox.push(message);
        zaloCallback(message);
      }
      if (rule.zalo === 'lose-answer') {
        rules.set(phone, { ...rule, zalo: undefined });
        return req.socket.destroy();
      }
      return json(res, 200, {
        error: 0,
        message: 'Success',
        data: {
          msg_id: message.providerMessageId,
          sent_time: String(Date.now()),
          quota: { dailyQuota: '5000', remainingQuota: '4999' },
        },
      });
    }
    if (req.method === 'POST' && url.pathname === ESMS_PATH) {
      const body = JSON.parse(raw || '{}');
      if (body.ApiKey !== options.smsApiKey || body.SecretKey !== options.smsSecretKey)
        return json(res, 200, { CodeResult: '101', ErrorMessage: 'Authorize Failed' });
      if (!body.Brandname) return json(res, 200, { CodeResult: '104', ErrorMessage: 'Brandname not exist' });
      if (String(body.SmsType) !== '2') return json(res, 200, { CodeResult: '118', ErrorMessage: 'SmsType invalid' });
      const phone = String(body.Phone ?? '');
      const rule = rules.get(phone) ?? {};
      if (rule.sms === 'refuse') return json(res, 200, { CodeResult: '99', ErrorMessage: 'Unknown error' });
      const key = `sms:${body.RequestId}`;
      if (body.RequestId && byTracking.has(key)) {
        // eSMS answers a RequestId it already took with 124 and sends nothing.
        return json(res, 200, { CodeResult: '124', ErrorMessage: 'RequestId duplicated' });
      }
      const message = {
        channel: 'sms',
        phone,
        text: String(body.Content ?? ''),
        trackingId: String(body.RequestId ?? ''),
        providerMessageId: randomUUID(),
        at: new Date().toISOString(),
      };
      byTracking.set(key, message);
      inbox.push(message);
      esmsCallback(message, body.CallbackUrl);
      if (rule.sms === 'lose-answer') {
        rules.set(phone, { ...rule, sms: undefined });
        return req.socket.destroy();
      }
      return json(res, 200, { CodeResult: '100', CountRegenerate: 0, SMSID: message.providerMessageId });
    }
    if (req.method === 'POST' && url.pathname === WEBHOOK_PATH) {
      // Answers as the adapter expects: 2xx {id}; 4xx {error, final}; a 5xx is tried again later.
      if (!signedBy(options.smsApiKey, raw, req.headers['x-signature']))
        return json(res, 401, { error: 'Signature does not match', final: true });
      const body = JSON.parse(raw || '{}');
      const phone = String(body.to ?? '');
      if (!/^84\d{9}$/.test(phone)) return json(res, 422, { error: 'Invalid recipient', final: true });
      const rule = rules.get(phone) ?? {};
      if (rule.sms === 'refuse') return json(res, 422, { error: 'Recipient refuses messages', final: true });
      const key = `webhook:${req.headers['idempotency-key'] ?? body.tracking_id}`;
      let message = byTracking.get(key);
      if (!message) {
        message = {
          channel: 'sms',
          phone,
          text: String(body.text ?? ''),
          trackingId: String(body.tracking_id ?? ''),
          providerMessageId: randomUUID(),
          at: new Date().toISOString(),
        };
        byTracking.set(key, message);
        inbox.push(message);
        // The gateway reports delivery to the address it was given, as eSMS does.
        esmsCallback(message, body.callback_url);
      }
      if (rule.sms === 'lose-answer') {
        rules.set(phone, { ...rule, sms: undefined });
        return req.socket.destroy();
      }
      return json(res, 202, { id: message.providerMessageId });
    }
    json(res, 404, { error: 'not found' });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = server.address().port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    inbox,
    rules,
    flushCallbacks,
    close: () =>
      new Promise((resolve) => {
        clearTimeout(timer);
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}

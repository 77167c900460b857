import type { Config, ProviderMode } from './config';

/** One outside service and how it runs in this process. */
export type OutsideService = { name: string; mode: ProviderMode; variables: string };

/**
 * Every outside service and how it runs (issue 34): live on its keys, its local simulator (outside
 * production only), or off (production without its keys: nothing is offered, sent or accepted).
 */
export function outsideServices(config: Config): OutsideService[] {
  const production = config.env === 'production';
  const modeOf = (configured: boolean): ProviderMode => (configured ? 'live' : production ? 'off' : 'simulator');
  const p = config.payments;
  return [
    { name: 'VNPay', mode: p.vnpay.mode, variables: 'VNPAY_TMN_CODE, VNPAY_HASH_SECRET' },
    { name: 'MoMo', mode: p.momo.mode, variables: 'MOMO_PARTNER_CODE, MOMO_ACCESS_KEY, MOMO_SECRET_KEY' },
    { name: 'VietQR', mode: p.vietqr.mode, variables: 'VIETQR_WEBHOOK_SECRET, VIETQR_ACCOUNT_NO' },
    { name: 'E-mail (SMTP)', mode: modeOf(Boolean(config.smtpUrl)), variables: 'SMTP_URL' },
    { name: 'Zalo ZNS', mode: modeOf(config.messaging.zalo != null), variables: 'ZALO_ACCESS_TOKEN' },
    { name: 'SMS', mode: modeOf(config.messaging.sms != null), variables: 'SMS_API_URL, SMS_API_KEY' },
  ];
}

const MODE_TEXT: Record<ProviderMode, string> = { live: 'thật', simulator: 'giả lập', off: 'TẮT' };

/** The start's line: which services are live, simulated, or off and for want of which variables. */
export function outsideServicesLine(config: Config): string {
  const parts = outsideServices(config).map(
    (s) => `${s.name} ${MODE_TEXT[s.mode]}${s.mode === 'off' ? ` (thiếu ${s.variables})` : ''}`,
  );
  return `Dịch vụ bên ngoài: ${parts.join(' · ')}`;
}

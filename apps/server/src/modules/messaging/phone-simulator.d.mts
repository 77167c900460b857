export type SimulatedMessage = {
  channel: 'zalo' | 'sms';
  phone: string;
  templateId?: string;
  data?: Record<string, string>;
  text?: string;
  trackingId: string;
  providerMessageId: string;
  at: string;
};
export type PhoneRule = {
  zalo?: 'not-user' | 'lose-answer' | 'down' | 'template-refused';
  sms?: 'lose-answer' | 'refuse';
};
export type PhoneSimulator = {
  port: number;
  url: string;
  inbox: SimulatedMessage[];
  rules: Map<string, PhoneRule>;
  flushCallbacks(): Promise<void>;
  close(): Promise<void>;
};
/** The generic signed-webhook gateway's path on the simulator. */
export const WEBHOOK_PATH: string;
export function startPhoneSimulator(options: {
  port?: number;
  zaloToken: string;
  zaloAppId?: string;
  oaSecret: string;
  smsApiKey: string;
  smsSecretKey: string;
  zaloWebhookUrl?: string;
  autoCallbackMs?: number | null;
  /** The registered ZNS templates (id → text): a message is checked against its template's parameters. */
  templates?: Record<string, string>;
}): Promise<PhoneSimulator>;

import nodemailer from 'nodemailer';
import type { EmailAttachment } from '../db/schema';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
};

/** Sends one e-mail, or only pretends to when no SMTP server is configured (docs/PRODUCT.md §7). */
export type Mailer = {
  /** off: production without SMTP_URL; the outbox marks its e-mails failed, never sent or simulated. */
  kind: 'smtp' | 'simulated' | 'off';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export const simulatedMailer: Mailer = {
  kind: 'simulated',
  async send() {},
  close() {},
};

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A slow or dead server must not hold the worker: it fails, and the row is retried later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
    },
    close() {
      transport.close();
    },
  };
}

export const offMailer: Mailer = {
  kind: 'off',
  async send() {
    throw new Error('SMTP_URL: not configured, nothing sent');
  },
  close() {},
};

/** SMTP when configured; else simulated outside production, and off in production. */
export function createMailer(config: { env?: string; smtpUrl: string | undefined; mailFrom: string }): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return config.env === 'production' ? offMailer : simulatedMailer;
}

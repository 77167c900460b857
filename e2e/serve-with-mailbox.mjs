// The journeys' server, as `npm start` runs it, with a real mailbox beside it: an SMTP server on
// 127.0.0.1 that keeps every message it is sent as a file, so a journey can open the link of an
// e-mail (tests/mailbox.ts reads them). Stops with the server.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { tsImport } from 'tsx/esm/api';
import { startPhoneSimulator } from '../apps/server/src/modules/messaging/phone-simulator.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
const mailDir = join(here, `.e2e-mail-${smtpPort}`);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let n = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      n += 1;
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(
        join(mailDir, `${String(n).padStart(5, '0')}.eml`),
        `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`,
      );
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

// Zalo ZNS and the SMS provider, simulated on their own protocols (issue 27): a journey reads what a
// phone received from GET /_sim/inbox and tells a number it is not on Zalo with POST /_sim/rules.
const phonePort = Number(process.env.E2E_PHONE_PORT ?? smtpPort + 1);
const serverPort = process.env.PORT ?? '3000';
const phoneKeys = {
  zaloToken: 'e2e-zalo-token',
  zaloAppId: 'e2e-app',
  oaSecret: 'e2e-oa-secret-key',
  smsApiKey: 'e2e-sms-key',
  smsSecretKey: 'e2e-sms-secret',
};
const phones = await startPhoneSimulator({
  ...phoneKeys,
  port: phonePort,
  zaloWebhookUrl: `http://127.0.0.1:${serverPort}/api/messages/callbacks/zalo`,
  autoCallbackMs: 500,
  // Zalo's check of each message against its registered template (issue 35): the server's own templates.
  templates: (
    await tsImport('../apps/server/src/modules/messaging/templates.ts', import.meta.url)
  ).simulatedZnsTemplates(),
});

const server = spawn(process.execPath, [join(here, '../scripts/start.mjs')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ZALO_API_URL: phones.url,
    ZALO_ACCESS_TOKEN: phoneKeys.zaloToken,
    ZALO_APP_ID: phoneKeys.zaloAppId,
    ZALO_OA_SECRET: phoneKeys.oaSecret,
    SMS_API_URL: phones.url,
    SMS_API_KEY: phoneKeys.smsApiKey,
    SMS_SECRET_KEY: phoneKeys.smsSecretKey,
    // Every journey's messages go at once, whatever the hour the suite runs.
    MESSAGES_DAY_START: '00:00',
    MESSAGES_DAY_END: '23:59',
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  void phones.close();
  smtp.close(() => process.exit(code ?? 0));
});

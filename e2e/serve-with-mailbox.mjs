// The journeys' server, as `npm start` runs it, with a real mailbox beside it: an SMTP server on
// 127.0.0.1 that keeps every message it is sent as a file, so a journey can open the link of an
// e-mail (tests/mailbox.ts reads them). Stops with the server.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const here = dirname(fileURLToPath(import.meta.url));
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
const mailDir = join(here, process.env.E2E_MAIL_DIR ?? `.e2e-mail-${smtpPort}`);
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

const server = spawn(process.execPath, [join(here, '../scripts/start.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  smtp.close(() => process.exit(code ?? 0));
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { ownServer } from '../servers';

const mailDir = join(dirname(fileURLToPath(import.meta.url)), '..', ownServer.mailDir);

/** A message as the SMTP server received it, quoted-printable undone enough to read links. */
function read(file: string): { to: string; body: string } {
  const raw = readFileSync(join(mailDir, file), 'utf8');
  const to = /^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '';
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return { to, body };
}

/** What the e-mails received so far for `address` hold of `pattern`, read at once (no waiting). */
export function mailedSoFar(address: string, pattern: RegExp): string[] {
  return readdirSync(mailDir).flatMap((file) => {
    const { to, body } = read(file);
    return to.split(',').includes(address) ? [...body.matchAll(new RegExp(pattern, 'g'))].map((m) => m[0]) : [];
  });
}

/**
 * The first link to `address` matching `pattern` (a path such as /appointment/waiting/…) in the
 * e-mails received so far, waiting for it to arrive (the outbox sends within seconds). Links already
 * `seen` are skipped: the next e-mail's link.
 */
export async function linkFromMail(address: string, pattern: RegExp, seen: string[] = []): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        for (const file of readdirSync(mailDir).sort()) {
          const { to, body } = read(file);
          if (!to.split(',').includes(address)) continue;
          for (const match of body.matchAll(new RegExp(pattern, 'g'))) {
            if (!seen.includes(match[0])) {
              found = match[0];
              return found;
            }
          }
        }
        return undefined;
      },
      { timeout: 30_000, message: `an e-mail to ${address} with a link like ${pattern}` },
    )
    .toBeTruthy();
  return found!;
}

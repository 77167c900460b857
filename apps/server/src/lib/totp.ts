import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP } from '@clinic/shared';

// RFC 4648 base32, the alphabet authenticator apps read a key in.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Spaces, padding and letter case are forgiven (a key typed by hand); any other character is not. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 bits from the system's random source (RFC 4226 section 4 recommends 160), base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The time step a moment falls in (RFC 6238: 30-second steps counted from the Unix epoch). */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP.periodSeconds);
}

/** The code of one step (RFC 4226 HOTP with SHA-1, dynamic truncation, 6 digits by default). */
export function totpCode(secret: string, step: number, digits: number = TOTP.digits): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The step whose code this is, within one step either side of now (a phone's clock a little off, a
 * code typed as it turned), and later than `usedStep`: a code already used is not accepted again.
 * Null when none matches.
 */
export function matchTotp(secret: string, code: string, now: Date, usedStep: number | null): number | null {
  const current = totpStep(now);
  const typed = Buffer.from(code);
  let matched: number | null = null;
  // Every candidate is compared, in constant time, so the time taken tells nothing.
  for (const step of [current - 1, current, current + 1]) {
    const expected = Buffer.from(totpCode(secret, step));
    if (expected.length === typed.length && timingSafeEqual(expected, typed) && (usedStep === null || step > usedStep))
      matched ??= step;
  }
  return matched;
}

/** What an authenticator app scans (the Key Uri Format that Google Authenticator defined and the others read). */
export function otpauthUri(issuer: string, accountName: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: TOTP.algorithm,
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}

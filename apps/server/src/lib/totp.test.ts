import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, matchTotp, otpauthUri, totpCode, totpStep } from './totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII text "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 test values (SHA-1, 8 digits) and their last 6 digits', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      const step = totpStep(new Date(seconds * 1000));
      expect(totpCode(RFC_SECRET, step, 8)).toBe(code);
      expect(totpCode(RFC_SECRET, step)).toBe(code.slice(2));
    }
  });

  it('reads back what it writes in base32, forgiving spaces and lower case, refusing other characters', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString()).toBe('12345678901234567890');
    expect(() => base32Decode('GEZD1')).toThrow();
  });

  it('makes 160-bit secrets, a new one each time', () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it('accepts the code of the step before, now and after, but no further, and none at or before the last used step', () => {
    const now = new Date('2026-11-20T03:00:10Z');
    const step = totpStep(now);
    const at = (d: number) => totpCode(RFC_SECRET, step + d);
    expect(matchTotp(RFC_SECRET, at(0), now, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, at(-1), now, null)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, at(1), now, null)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, at(-2), now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, at(2), now, null)).toBeNull();
    // Replay: the code of an already used step, or of one before it.
    expect(matchTotp(RFC_SECRET, at(0), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, at(-1), now, step - 1)).toBeNull();
    expect(matchTotp(RFC_SECRET, at(1), now, step)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, '12345', now, null)).toBeNull();
  });

  it('writes the otpauth:// URI that authenticator apps scan', () => {
    expect(otpauthUri('An Tâm Clinic', 'admin', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/An%20T%C3%A2m%20Clinic:admin?secret=JBSWY3DPEHPK3PXP&issuer=An%20T%C3%A2m%20Clinic&algorithm=SHA1&digits=6&period=30',
    );
  });
});

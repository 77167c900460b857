import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (TOTP keys) are stored encrypted with AES-256-GCM, under a key
 * derived from MFA_KEY (else JWT_SECRET): a copy of the database alone opens none of them.
 */
export type SecretBox = {
  seal(plain: string): string;
  /** The plain text, or null when it was sealed under another key or tampered with. */
  open(sealed: string): string | null;
  /** A keyed hash (HMAC-SHA-256) for values only ever compared, never read back: recovery codes. */
  digest(value: string): string;
};

const VERSION = 'v1';

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `clinic:${purpose}`, 32));
}

export function createSecretBox(secret: string): SecretBox {
  const encryptionKey = derive(secret, 'mfa-secret-encryption');
  const hashKey = derive(secret, 'mfa-recovery-code-hash');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, data] = sealed.split('.');
      if (version !== VERSION || !data) return null;
      const raw = Buffer.from(data, 'base64url');
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    digest(value) {
      return createHmac('sha256', hashKey).update(value).digest('base64url');
    },
  };
}

/** The challenge between a right password and its code is signed with a key of its own, so it never opens a session. */
export function challengeKey(secret: string): Uint8Array {
  return new Uint8Array(derive(secret, 'mfa-login-challenge'));
}

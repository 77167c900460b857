import { SignJWT, jwtVerify } from 'jose';

export type TokenClaims = { userId: number; version: number };
export type VerifiedClaims = TokenClaims & { expiresAt: number };

export type TokenService = {
  sign(claims: TokenClaims, ttlSeconds: number, now: Date): Promise<string>;
  /** The claims of a well-signed, unexpired token, or null. */
  verify(token: string, now: Date): Promise<VerifiedClaims | null>;
};

/** Tokens already verified, kept with their claims: a signature is checked once, expiry every time. */
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, VerifiedClaims>();
  return {
    async sign({ userId, version }, ttlSeconds, now) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token, now) {
      const known = verified.get(token);
      if (known) return known.expiresAt > now.getTime() / 1000 ? known : null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        const userId = Number(payload.sub);
        const version = payload['ver'];
        if (!Number.isInteger(userId) || typeof version !== 'number' || typeof payload.exp !== 'number') return null;
        const claims = { userId, version, expiresAt: payload.exp };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

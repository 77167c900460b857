import { SignJWT, jwtVerify } from 'jose';

export type TokenClaims = { userId: number; version: number };
export type VerifiedClaims = TokenClaims & { expiresAt: number };

export type TokenService = {
  sign(claims: TokenClaims, ttlSeconds: number, now: Date): Promise<string>;
  /** The claims of a well-signed, unexpired token, or null. */
  verify(token: string, now: Date): Promise<VerifiedClaims | null>;
};

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        const userId = Number(payload.sub);
        const version = payload['ver'];
        if (!Number.isInteger(userId) || typeof version !== 'number' || typeof payload.exp !== 'number') return null;
        return { userId, version, expiresAt: payload.exp };
      } catch {
        return null;
      }
    },
  };
}

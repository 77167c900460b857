import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so a wrong user name cannot be told from a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}

// No 0/O, 1/l/I: the temporary password is read out or copied by hand.
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A temporary password (reset, bulk account creation): 12 characters, about 70 bits from the system's random source. */
export function generateTemporaryPassword(length = 12): string {
  let password = '';
  for (let i = 0; i < length; i++) password += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
  return password;
}

import { z } from './zod';

/** Every new password: create, reset, change, import (issue 10: "Password rules"). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The most common passwords of public breach lists that are 8 characters or longer (shorter ones
 * already fail the length rule). Compared in lower case, so "Password1" is caught as "password1".
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '99999999',
  '22222222',
  '55555555',
  '77777777',
  '123123123',
  '123321123',
  '147258369',
  '987654321',
  '87654321',
  '11223344',
  '12341234',
  '12121212',
  '112233445566',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  'qwe12345',
  'asdfghjk',
  'asdfghjkl',
  'zxcvbnm1',
  'zxcvbnm123',
  'password',
  'password1',
  'password12',
  'password123',
  'password!',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'pa$$word',
  'iloveyou',
  'iloveyou1',
  'princess',
  'sunshine',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'abcd1234',
  'abc12345',
  'abc123456',
  'a1234567',
  'aa123456',
  'admin123',
  'admin1234',
  'administrator',
  'letmein1',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'computer',
  'internet',
  'michelle',
  'jennifer',
  'charlie1',
  'football1',
  'monkey123',
  'dragon123',
  'master123',
  'changeme',
  'changeme1',
  'default1',
  'secret123',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'zaq12wsx',
  '!qaz2wsx',
  'qazwsxedc',
  '1qazxsw2',
  'lovely123',
  'hello123',
  'freedom1',
  'matkhau1',
  'matkhau123',
  'anhyeuem',
  'anhyeuem1',
  'anhyeuem123',
  'emyeuanh',
  'iloveu123',
  'vietnam1',
  'vietnam123',
  'saigon123',
  'hanoi123',
  'clinic123',
  'patient1',
  'patient123',
  'doctor123',
  'staff123',
]);

/** Same character repeated, or a run up or down of the keyboard's digits or the alphabet. */
function isTrivialSequence(value: string): boolean {
  const v = value.toLowerCase();
  if (/^(.)\1+$/.test(v)) return true;
  for (const run of ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm']) {
    const both = run + run;
    const reversed = [...both].reverse().join('');
    if (both.includes(v) || reversed.includes(v)) return true;
  }
  return false;
}

/** True when the password is one an attacker tries first. `context` adds the user's own name and e-mail. */
export function isCommonPassword(password: string, context: (string | null | undefined)[] = []): boolean {
  const v = password.toLowerCase();
  if (COMMON_PASSWORDS.has(v) || isTrivialSequence(v)) return true;
  return context.some((c) => {
    if (!c) return false;
    const word = c.toLowerCase().split('@')[0]!.trim();
    return word.length >= 4 && (v === word || v === `${word}123` || v === `${word}1234`);
  });
}

export type PasswordMessages = { required: string; tooShort: string; tooLong: string; tooCommon: string };

/** A new password: long enough and not common. Temporary passwords (import, reset, bulk creation) are made by the server, not checked here. */
export function newPasswordSchema(messages: PasswordMessages) {
  return z
    .string({ error: messages.required })
    .min(1, messages.required)
    .min(PASSWORD_MIN_LENGTH, messages.tooShort)
    .max(PASSWORD_MAX_LENGTH, messages.tooLong)
    .refine((v) => !isCommonPassword(v), messages.tooCommon);
}

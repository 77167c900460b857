import { describe, expect, it } from 'vitest';
import { isTotpCode, MFA_MSG, mfaConfirmRequestSchema, mfaLoginRequestSchema } from './index';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('two-factor codes as typed', () => {
  it('takes the app’s 6 digits with the space apps show, and a recovery code with its dash', () => {
    expect(mfaLoginRequestSchema.parse({ challenge: 'c', code: ' 123 456 ' }).code).toBe('123456');
    expect(mfaLoginRequestSchema.parse({ challenge: 'c', code: 'abcde-fghjk' }).code).toBe('abcdefghjk');
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('abcdefghjk')).toBe(false);
    expect(isTotpCode('12345')).toBe(false);
  });

  it('refuses an empty code and one with other characters, in Vietnamese', () => {
    expect(messageOf(mfaLoginRequestSchema.safeParse({ challenge: 'c', code: '  ' }))).toBe(MFA_MSG.codeRequired);
    expect(messageOf(mfaLoginRequestSchema.safeParse({ challenge: 'c', code: '12<34>' }))).toBe(
      MFA_MSG.codeInvalidFormat,
    );
  });

  it('asks for a code or the password to turn it off', () => {
    expect(messageOf(mfaConfirmRequestSchema.safeParse({}))).toBe(MFA_MSG.codeOrPasswordRequired);
    expect(mfaConfirmRequestSchema.parse({ password: 'Admin@123' })).toEqual({ password: 'Admin@123' });
  });
});

import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema } from './account';
import { isCommonPassword } from './passwords';
import { createUserRequestSchema, updateProfileRequestSchema } from './users';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('isCommonPassword', () => {
  it('refuses the passwords an attacker tries first, in any case', () => {
    for (const p of ['12345678', 'Password1', 'qwertyuiop', 'aaaaaaaa', '87654321', 'abcdefgh', 'Matkhau123']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });
  it('refuses the user’s own name or e-mail with a number on it', () => {
    expect(isCommonPassword('nguyenmai123', ['nguyenmai@example.com'])).toBe(true);
    expect(isCommonPassword('nguyenmai123', [])).toBe(false);
  });
  it('accepts a password of unrelated words', () => {
    expect(isCommonPassword('lua-chin-ba-con-meo')).toBe(false);
  });
});

describe('changePasswordRequestSchema', () => {
  it('says what to do when the new password is common', () => {
    const r = changePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: '12345678' });
    expect(firstMessage(r)).toMatch(/quá phổ biến/);
  });
});

describe('createUserRequestSchema', () => {
  const base = { fullName: 'Lê Văn Tâm', username: 'letam', email: 'LeTam@Example.com', password: 'hoa-sen-trang-7' };
  it('defaults the role to PATIENT and the gender to MALE, and lower-cases the e-mail', () => {
    expect(createUserRequestSchema.parse(base)).toMatchObject({
      role: 'PATIENT',
      gender: 'MALE',
      email: 'letam@example.com',
      active: true,
      specialty: null,
    });
  });
  it('asks a doctor’s specialty and clears it for any other role', () => {
    expect(firstMessage(createUserRequestSchema.safeParse({ ...base, role: 'DOCTOR' }))).toBe(
      'Please select a specialty for the doctor',
    );
    expect(createUserRequestSchema.parse({ ...base, role: 'STAFF', specialty: 'GYNECOLOGY' }).specialty).toBeNull();
  });
  it('never gives the ADMIN role', () => {
    expect(firstMessage(createUserRequestSchema.safeParse({ ...base, role: 'ADMIN' }))).toBe(
      'Role must be Patient, Staff or Doctor',
    );
  });
});

describe('updateProfileRequestSchema', () => {
  it('drops an empty birth date and clears an empty phone', () => {
    expect(updateProfileRequestSchema.parse({ fullName: 'Mai', birth: '', phone: '' })).toEqual({
      fullName: 'Mai',
      phone: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { mobileMsisdn, normalizePhone, vnCarrierOf } from './phone';
import { publicAppointmentRequestSchema } from './appointments/schemas';

describe('phone numbers', () => {
  it.each([
    ['0912345678', '0912345678'],
    ['+84912345678', '0912345678'],
    ['84912345678', '0912345678'],
    ['+84 912.345.678', '0912345678'],
    ['091 234 5678', '0912345678'],
    ['(091) 234-5678', '0912345678'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('gives the 84… form to Zalo and SMS only for a Vietnamese mobile', () => {
    expect(mobileMsisdn('+84 912.345.678')).toBe('84912345678');
    expect(mobileMsisdn('0372 345 678')).toBe('84372345678');
    // A landline, an old 11-digit number, an unknown prefix and nothing at all: no message to a phone.
    expect(mobileMsisdn('02438123456')).toBeNull();
    expect(mobileMsisdn('01681234567')).toBeNull();
    expect(mobileMsisdn('0112345678')).toBeNull();
    expect(mobileMsisdn(null)).toBeNull();
  });

  it('names the carrier of each prefix', () => {
    expect(vnCarrierOf('0961234567')).toBe('Viettel');
    expect(vnCarrierOf('84 88 123 4567')).toBe('Vinaphone');
    expect(vnCarrierOf('0901234567')).toBe('MobiFone');
    expect(vnCarrierOf('0921234567')).toBe('Vietnamobile');
    expect(vnCarrierOf('0241234567')).toBeNull();
  });

  it('is the same normalisation the booking stores', () => {
    const parsed = publicAppointmentRequestSchema.safeParse({ phone: '+84 912.345.678' });
    // The rest of the booking is missing, but the phone field itself passes and is normalised.
    const phoneIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'phone');
    expect(phoneIssue).toBeUndefined();
  });
});

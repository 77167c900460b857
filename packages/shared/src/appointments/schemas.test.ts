import { describe, expect, it } from 'vitest';
import {
  appointmentListQuerySchema,
  appointmentPutRequestSchema,
  cancelAppointmentRequestSchema,
  deskAppointmentRequestSchema,
  isExaminationNotes,
  publicAppointmentRequestSchema,
  requestPaymentRequestSchema,
} from './schemas';
import { PRIVACY_MSG } from '../privacy-texts';
import { APPOINTMENT_MSG } from './messages';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;
const booking = {
  fullName: 'Trần Văn B',
  phone: '0912 345 678',
  appointmentDate: '2026-12-01',
  appointmentTime: '09:00',
  department: 'GYNECOLOGY',
  consentHealthData: true,
};

describe('publicAppointmentRequestSchema', () => {
  it('answers a missing required field with the specification message', () => {
    for (const field of ['fullName', 'phone', 'appointmentDate', 'appointmentTime', 'department'] as const) {
      const r = publicAppointmentRequestSchema.safeParse({ ...booking, [field]: undefined });
      expect(firstMessage(r)).toBe('Vui lòng điền đầy đủ thông tin bắt buộc');
      const blank = publicAppointmentRequestSchema.safeParse({ ...booking, [field]: '   ' });
      expect(firstMessage(blank)).toBe('Vui lòng điền đầy đủ thông tin bắt buộc');
    }
    expect(firstMessage(publicAppointmentRequestSchema.safeParse(undefined))).toBe(
      'Vui lòng điền đầy đủ thông tin bắt buộc',
    );
  });
  it('refuses a booking without consent to process health data', () => {
    for (const consentHealthData of [undefined, false, 'true']) {
      expect(firstMessage(publicAppointmentRequestSchema.safeParse({ ...booking, consentHealthData }))).toBe(
        'Vui lòng đồng ý với việc xử lý thông tin sức khỏe để đặt lịch',
      );
    }
  });
  it('normalises the phone and treats an empty e-mail as none', () => {
    const r = publicAppointmentRequestSchema.parse({ ...booking, phone: '+84 912.345.678', email: '' });
    expect(r.phone).toBe('0912345678');
    expect(r.email).toBeNull();
    expect(publicAppointmentRequestSchema.parse({ ...booking, email: ' Mai@Example.COM ' }).email).toBe(
      'mai@example.com',
    );
  });
  it('refuses a bad phone or e-mail', () => {
    expect(firstMessage(publicAppointmentRequestSchema.safeParse({ ...booking, phone: '12345' }))).toBe(
      'Số điện thoại không hợp lệ',
    );
    expect(firstMessage(publicAppointmentRequestSchema.safeParse({ ...booking, email: 'not-an-email' }))).toBe(
      'Email không hợp lệ',
    );
  });
});

describe('appointmentPutRequestSchema', () => {
  it('tells an edit from examination notes', () => {
    const edit = appointmentPutRequestSchema.parse({ ...booking, reason: 'Khám định kỳ', status: 'CONFIRMED' });
    expect(isExaminationNotes(edit)).toBe(false);
    const notes = appointmentPutRequestSchema.parse({ notes: 'Ổn định', status: 'COMPLETED' });
    expect(isExaminationNotes(notes)).toBe(true);
  });
  it('answers a broken edit with the edit message and broken notes with the notes message', () => {
    expect(firstMessage(appointmentPutRequestSchema.safeParse({ ...booking, fullName: '' }))).toBe(
      'Vui lòng điền đầy đủ thông tin bắt buộc',
    );
    expect(
      firstMessage(
        appointmentPutRequestSchema.safeParse({
          notes: 'x',
          status: 'COMPLETED',
          followUp: { appointmentDate: '2026-12-01' },
        }),
      ),
    ).toBe('Vui lòng điền đầy đủ thông tin ngày và giờ tái khám');
  });
});

describe('payment and cancel bodies', () => {
  it('wants an amount above zero', () => {
    expect(firstMessage(requestPaymentRequestSchema.safeParse({}))).toBe('Vui lòng nhập số tiền thanh toán');
    expect(firstMessage(requestPaymentRequestSchema.safeParse({ amount: 0 }))).toBe('Số tiền phải lớn hơn 0');
    expect(firstMessage(requestPaymentRequestSchema.safeParse({ amount: 'abc' }))).toBe('Số tiền phải lớn hơn 0');
    expect(requestPaymentRequestSchema.parse({ amount: '500000' }).amount).toBe(500000);
  });
  it('wants a cancel reason when one is sent, of at most 500 characters', () => {
    expect(cancelAppointmentRequestSchema.parse(undefined)).toBeUndefined();
    expect(cancelAppointmentRequestSchema.parse(null)).toBeNull();
    expect(firstMessage(cancelAppointmentRequestSchema.safeParse({ reason: '  ' }))).toBe(
      'Vui lòng nhập lý do hủy lịch hẹn',
    );
    expect(firstMessage(cancelAppointmentRequestSchema.safeParse({ reason: 'x'.repeat(501) }))).toBe(
      'Lý do hủy không được vượt quá 500 ký tự',
    );
  });
});

describe('appointmentListQuerySchema', () => {
  it('reads several statuses, paging defaults and a date range', () => {
    const q = appointmentListQuerySchema.parse({ status: 'COMPLETED,CANCELLED', from: '2026-11-01', to: '2026-11-30' });
    expect(q).toMatchObject({ page: 1, size: 20, status: ['COMPLETED', 'CANCELLED'] });
    expect(appointmentListQuerySchema.safeParse({ status: 'DONE' }).success).toBe(false);
    expect(appointmentListQuerySchema.safeParse({ from: '2026-12-01', to: '2026-11-01' }).success).toBe(false);
    expect(appointmentListQuerySchema.safeParse({ size: '1000' }).success).toBe(false);
  });
});

describe('appointmentPutRequestSchema with a partial edit', () => {
  it('answers an edit missing its date as an edit, not as unknown notes fields', () => {
    const r = appointmentPutRequestSchema.safeParse({ ...booking, appointmentDate: undefined });
    expect(firstMessage(r)).toBe('Vui lòng điền đầy đủ thông tin bắt buộc');
  });
});

describe('deskAppointmentRequestSchema', () => {
  const { consentHealthData: _, ...fields } = { ...booking, consentHealthData: true };
  const desk = { ...fields, email: '', consentInPerson: true };

  it('takes a booking without an e-mail and without a doctor', () => {
    expect(deskAppointmentRequestSchema.parse(desk)).toMatchObject({
      email: null,
      doctorId: null,
      phone: '0912345678',
    });
  });

  it('needs the box saying the patient agreed in person, never ticked for her', () => {
    for (const consentInPerson of [false, undefined, 'true']) {
      expect(firstMessage(deskAppointmentRequestSchema.safeParse({ ...desk, consentInPerson }))).toBe(
        PRIVACY_MSG.deskConsentRequired,
      );
    }
  });

  it('refuses a doctor that is not a positive whole number', () => {
    for (const doctorId of ['9', 0, 1.5, -3]) {
      expect(firstMessage(deskAppointmentRequestSchema.safeParse({ ...desk, doctorId }))).toBe(
        APPOINTMENT_MSG.invalidDoctorId,
      );
    }
  });
});

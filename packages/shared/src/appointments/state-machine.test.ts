import { describe, expect, it } from 'vitest';
import {
  canAssignDoctor,
  canCancel,
  canCancelWithRefund,
  canConfirm,
  canDoctorRespond,
  canEdit,
  canMarkNoShow,
  canMarkPaid,
  canRequestPayment,
  canAddExaminationNotes,
  checkTransition,
  completionStatus,
  isBulkActionDisabled,
  refusalReason,
  rolesFor,
} from './state-machine';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from './statuses';

const statusesWhere = (pred: (s: AppointmentStatus) => boolean) => APPOINTMENT_STATUSES.filter(pred);

describe('button helpers follow docs/PRODUCT.md §4', () => {
  it('assigns a doctor only to PENDING', () => {
    expect(statusesWhere((s) => canAssignDoctor(s))).toEqual(['PENDING']);
  });
  it('lets the assigned doctor answer only while awaiting approval', () => {
    expect(statusesWhere((s) => canDoctorRespond(s))).toEqual(['AWAITING_DOCTOR_APPROVAL']);
    expect(canDoctorRespond('AWAITING_DOCTOR_APPROVAL', { role: 'DOCTOR', isAssignedDoctor: false })).toBe(false);
  });
  it('confirms PENDING and AWAITING_DOCTOR_APPROVAL', () => {
    expect(statusesWhere((s) => canConfirm(s))).toEqual(['PENDING', 'AWAITING_DOCTOR_APPROVAL']);
  });
  it('requests payment from CONFIRMED and NEEDS_PAYMENT', () => {
    expect(statusesWhere((s) => canRequestPayment(s))).toEqual(['CONFIRMED', 'NEEDS_PAYMENT']);
  });
  it('marks paid from any status but COMPLETED, CANCELLED, NO_SHOW (and not twice)', () => {
    expect(statusesWhere((s) => canMarkPaid(s))).toEqual([
      'PENDING',
      'AWAITING_DOCTOR_APPROVAL',
      'CONFIRMED',
      'NEEDS_PAYMENT',
      'PAYMENT_REQUESTED',
    ]);
  });
  it('cancels only before any payment step; a patient only while waiting', () => {
    expect(statusesWhere((s) => canCancel(s))).toEqual(['PENDING', 'AWAITING_DOCTOR_APPROVAL', 'CONFIRMED']);
    expect(statusesWhere((s) => canCancel(s, { role: 'PATIENT', isOwner: true }))).toEqual([
      'PENDING',
      'AWAITING_DOCTOR_APPROVAL',
    ]);
    expect(canCancel('PENDING', { role: 'PATIENT', isOwner: false })).toBe(false);
    expect(statusesWhere((s) => canCancelWithRefund(s))).toEqual(['PAID']);
  });
  it('takes examination notes from CONFIRMED onwards, and no-shows from any open status', () => {
    expect(statusesWhere((s) => canAddExaminationNotes(s))).toEqual([
      'CONFIRMED',
      'NEEDS_PAYMENT',
      'PAYMENT_REQUESTED',
      'PAID',
    ]);
    expect(statusesWhere((s) => canMarkNoShow(s))).toEqual([
      'PENDING',
      'AWAITING_DOCTOR_APPROVAL',
      'CONFIRMED',
      'NEEDS_PAYMENT',
      'PAYMENT_REQUESTED',
      'PAID',
    ]);
  });
  it('edits anything still open', () => {
    expect(statusesWhere((s) => canEdit(s))).toEqual([
      'PENDING',
      'AWAITING_DOCTOR_APPROVAL',
      'CONFIRMED',
      'NEEDS_PAYMENT',
      'PAYMENT_REQUESTED',
      'PAID',
    ]);
  });
  it('completes only when paid', () => {
    expect(completionStatus(true)).toBe('COMPLETED');
    expect(completionStatus(false)).toBe('NEEDS_PAYMENT');
  });
});

describe('checkTransition', () => {
  it('refuses a role that may never act with FORBIDDEN', () => {
    expect(checkTransition('assignDoctor', 'PENDING', { role: 'DOCTOR', isAssignedDoctor: true })).toMatchObject({
      ok: false,
      kind: 'FORBIDDEN',
    });
    expect(checkTransition('delete', 'PENDING', { role: 'STAFF' })).toMatchObject({ ok: false, kind: 'FORBIDDEN' });
    expect(checkTransition('doctorAccept', 'AWAITING_DOCTOR_APPROVAL', { role: 'ADMIN' })).toMatchObject({
      ok: false,
      kind: 'FORBIDDEN',
    });
  });
  it('refuses a doctor who is not assigned, and a patient who does not own the appointment', () => {
    expect(checkTransition('doctorAccept', 'AWAITING_DOCTOR_APPROVAL', { role: 'DOCTOR' })).toMatchObject({
      ok: false,
      kind: 'NOT_ASSIGNED',
    });
    expect(checkTransition('cancel', 'PENDING', { role: 'PATIENT' })).toMatchObject({ ok: false, kind: 'NOT_OWNER' });
  });
  it('names the bulk reasons: already completed, already in status, has payment request', () => {
    expect(refusalReason('cancel', 'COMPLETED')).toEqual({
      code: 'ALREADY_COMPLETED',
      reason: 'Lịch hẹn đã hoàn thành',
    });
    expect(refusalReason('markPaid', 'PAID')).toEqual({
      code: 'ALREADY_IN_STATUS',
      reason: 'Lịch hẹn đã ở trạng thái "Đã thanh toán"',
    });
    expect(refusalReason('cancel', 'PAYMENT_REQUESTED').code).toBe('HAS_PAYMENT_REQUEST');
    expect(checkTransition('requestPayment', 'PENDING', { role: 'STAFF' })).toMatchObject({
      ok: false,
      kind: 'INVALID_TRANSITION',
      reason: 'Không thể yêu cầu thanh toán cho lịch hẹn đang ở trạng thái "Chờ xác nhận"',
    });
  });
  it('lists the roles each route admits', () => {
    expect(rolesFor('cancel').sort()).toEqual(['ADMIN', 'PATIENT', 'STAFF']);
    expect(rolesFor('delete')).toEqual(['ADMIN']);
    expect(rolesFor('complete')).toEqual(['DOCTOR']);
    expect(rolesFor('confirm').sort()).toEqual(['ADMIN', 'DOCTOR', 'STAFF']);
  });
});

describe('bulk buttons (specification section 4)', () => {
  it('need at least one selection', () => {
    for (const action of ['cancel', 'mark-paid', 'request-payment', 'delete'] as const)
      expect(isBulkActionDisabled(action, [])).toBe(true);
  });
  it('disable request payment and mark paid when any selected is closed or not yet confirmed', () => {
    for (const blocker of ['COMPLETED', 'CANCELLED', 'NO_SHOW', 'PENDING', 'AWAITING_DOCTOR_APPROVAL'] as const) {
      expect(isBulkActionDisabled('request-payment', ['CONFIRMED', blocker])).toBe(true);
      expect(isBulkActionDisabled('mark-paid', ['CONFIRMED', blocker])).toBe(true);
    }
    expect(isBulkActionDisabled('mark-paid', ['CONFIRMED', 'PAYMENT_REQUESTED', 'NEEDS_PAYMENT'])).toBe(false);
  });
  it('disable cancel when any selected is closed or has a payment step', () => {
    for (const blocker of [
      'COMPLETED',
      'CANCELLED',
      'NO_SHOW',
      'NEEDS_PAYMENT',
      'PAYMENT_REQUESTED',
      'PAID',
    ] as const) {
      expect(isBulkActionDisabled('cancel', ['PENDING', blocker])).toBe(true);
    }
    expect(isBulkActionDisabled('cancel', ['PENDING', 'AWAITING_DOCTOR_APPROVAL', 'CONFIRMED'])).toBe(false);
  });
});

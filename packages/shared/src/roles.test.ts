import { describe, expect, it } from 'vitest';
import { canOpenScreen, homePathForRole } from './roles';

describe('homePathForRole', () => {
  it('sends patients home and every other role to the back-office', () => {
    expect(homePathForRole('PATIENT')).toBe('/');
    expect(homePathForRole('ADMIN')).toBe('/admin');
    expect(homePathForRole('DOCTOR')).toBe('/admin');
    expect(homePathForRole('STAFF')).toBe('/admin');
  });
});

describe('canOpenScreen', () => {
  it('follows the menu of specification section 6', () => {
    expect(canOpenScreen('ADMIN', 'users')).toBe(true);
    expect(canOpenScreen('STAFF', 'users')).toBe(false);
    expect(canOpenScreen('DOCTOR', 'pendingApprovals')).toBe(true);
    expect(canOpenScreen('ADMIN', 'pendingApprovals')).toBe(false);
    expect(canOpenScreen('DOCTOR', 'bookings')).toBe(false);
    expect(canOpenScreen('STAFF', 'bookingHistory')).toBe(true);
    expect(canOpenScreen('DOCTOR', 'blogs')).toBe(true);
    expect(canOpenScreen(undefined, 'dashboard')).toBe(false);
  });
});

import type { CarePlanListParams } from './get-care-plans';

/**
 * Every care-plan query starts with 'care-plans'; a change to a plan refreshes them all. Starting,
 * stopping and re-dating a plan book or end appointments, so those changes refresh 'appointments' too.
 */
export const carePlanKeys = {
  all: ['care-plans'] as const,
  templates: () => ['care-plans', 'templates'] as const,
  list: (query: CarePlanListParams) => ['care-plans', 'list', query] as const,
  callBack: () => ['care-plans', 'call-back'] as const,
  detail: (id: number) => ['care-plans', 'detail', id] as const,
};

/** The appointments' queries of the back-office (Booking Manager, Patient Control, the dashboard). */
export const APPOINTMENT_KEYS = [['appointments'], ['dashboard']] as const;

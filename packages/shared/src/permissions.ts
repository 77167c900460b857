import type { Role } from './roles';

const BACK_OFFICE = ['ADMIN', 'STAFF', 'DOCTOR'] as const satisfies readonly Role[];
const FRONT_DESK = ['ADMIN', 'STAFF'] as const satisfies readonly Role[];
const EVERYONE = ['ADMIN', 'STAFF', 'DOCTOR', 'PATIENT'] as const satisfies readonly Role[];

/**
 * Who may do what (specification section 6, docs/PRODUCT.md §4 and §5), written once: the
 * server's route hooks and the web's menus and buttons read this table. The appointment life
 * cycle's own actions are in the state machine (APPOINTMENT_TRANSITIONS), which also knows the
 * status each action starts from.
 */
export const PERMISSIONS = {
  /** The dashboard: every signed-in role (a doctor's figures are his own). */
  viewDashboard: EVERYONE,
  /** Booking Manager and Booking History: the front desk's screens. */
  manageBookings: FRONT_DESK,
  /** Patient Control (a doctor: the patients of his own appointments). */
  readPatients: BACK_OFFICE,
  /** Blog Control: write, publish and feature posts, upload their images. */
  manageBlogs: BACK_OFFICE,
  /** Comment under one's own name without waiting for moderation: the clinic's staff. */
  commentAsStaff: BACK_OFFICE,
  /** Approve, reject and delete readers' comments. */
  moderateComments: FRONT_DESK,
  /** The appointment lists and counters of the back-office (a doctor: his own). */
  readAppointments: BACK_OFFICE,
  /** An appointment of one's own: a patient's bookings and visits. */
  readOwnAppointments: EVERYONE,
  /** Pending Approvals: the assignments awaiting the signed-in doctor's answer. */
  answerAssignments: ['DOCTOR'],
  /** A private calendar subscription of one's own confirmed and paid appointments (issue 13). */
  subscribeCalendar: ['DOCTOR'],
  /** A booking made at the front desk for a walk-in or a phone call (docs/PRODUCT.md §11). */
  bookAtDesk: FRONT_DESK,
  /** Bulk actions of the Booking Manager. */
  bulkCancelAppointments: FRONT_DESK,
  bulkMarkPaid: FRONT_DESK,
  bulkRequestPayment: FRONT_DESK,
  bulkDeleteAppointments: ['ADMIN'],
  /** PATIENT accounts for the e-mails of chosen bookings (docs/PRODUCT.md §5: STAFF may create PATIENT accounts). */
  createPatientAccounts: FRONT_DESK,
  /** The e-mail calls of specification section 7. */
  sendEmail: FRONT_DESK,
  /** The specialties and doctors the back-office screens choose from. */
  readSpecialties: BACK_OFFICE,
  /** The dashboard's sample-data generator (never in production). */
  generateSampleData: ['ADMIN'],
  /** The departments' settings: the deposit a public booking pays to hold its slot (issue 28). */
  manageDepartments: ['ADMIN'],
  /** The users screen: every account but the administrators'. */
  manageUsers: ['ADMIN'],
  /** The personal-data requests' queue and the access log (issue 26). */
  managePrivacy: ['ADMIN'],
  /** Care plans (issue 37, docs/PRODUCT.md §15): the list, the call-back list, a plan (a doctor: those with a visit of his). */
  readCarePlans: BACK_OFFICE,
  /** Start a plan for a patient, at the desk or after a visit. */
  startCarePlans: BACK_OFFICE,
  /** The doctor's changes to a running plan: add or skip a milestone, re-date it; staff confirm the moves. */
  changeCarePlans: BACK_OFFICE,
  /**
   * Re-date a plan and move her booked visits, or turn down a re-dating a doctor asked for: the desk's
   * (a doctor asks, with changeCarePlans; the desk confirms).
   */
  confirmCarePlanMoves: FRONT_DESK,
  /** Stop a plan with a reason: its future visits end. */
  stopCarePlans: FRONT_DESK,
  /** The plans' templates: their milestones and windows. */
  manageCarePlanTemplates: ['ADMIN'],
  /** The FHIR endpoint's outside systems (issue 38): register one with its keys and scopes, revoke it. */
  manageFhirClients: ['ADMIN'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function rolesWith(permission: Permission): Role[] {
  return [...PERMISSIONS[permission]];
}

export function can(role: Role | string | null | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

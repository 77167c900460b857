import { ADMIN_SCREENS, PRIVACY_NOTICE, PRIVATE_PAGES } from '@clinic/shared';

/** Every route of the application (specification section 2), written once. */
export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  appointment: '/appointment',
  /** A visitor's private link to her booking (sent by e-mail, shown once booked); never indexed. */
  manageAppointment: {
    pattern: PRIVATE_PAGES.manageAppointment,
    href: (token: string) => `/appointment/manage/${encodeURIComponent(token)}`,
  },
  /** The booking's pay page through that private link, when staff requested a payment (issue 28). */
  managePay: {
    pattern: PRIVATE_PAGES.managePay,
    href: (token: string) => `/appointment/manage/${encodeURIComponent(token)}/pay`,
  },
  waitingList: {
    pattern: PRIVATE_PAGES.waitingList,
    href: (token: string) => `/appointment/waiting/${encodeURIComponent(token)}`,
  },
  /** A payment request's private pay page (issue 28); never indexed. */
  pay: { pattern: PRIVATE_PAGES.pay, href: (token: string) => `/pay/${encodeURIComponent(token)}` },
  /** A signed-in patient's own booking's pay page (from My Appointments). */
  payMine: { pattern: '/pay/appointment/:id', href: (id: number) => `/pay/appointment/${id}` },
  /** Where VNPay and MoMo send her back. */
  payResult: '/pay/result',
  blog: '/blog',
  /** The privacy notice (issue 26), linked from the footer and every form that collects personal data. */
  privacyNotice: PRIVACY_NOTICE.path,
  blogPost: { pattern: '/blog/:id', href: (id: number | string) => `/blog/${id}` },
  profile: '/profile',
  myAppointments: '/my-appointments',
  medicalHistory: '/medical-history',
  settings: '/settings',
  login: '/login',
  admin: {
    dashboard: ADMIN_SCREENS.dashboard.path,
    users: ADMIN_SCREENS.users.path,
    blogs: ADMIN_SCREENS.blogs.path,
    bookings: ADMIN_SCREENS.bookings.path,
    bookingHistory: ADMIN_SCREENS.bookingHistory.path,
    patients: ADMIN_SCREENS.patients.path,
    pendingApprovals: ADMIN_SCREENS.pendingApprovals.path,
    privacyRequests: ADMIN_SCREENS.privacyRequests.path,
    accessLog: ADMIN_SCREENS.accessLog.path,
    messages: ADMIN_SCREENS.messages.path,
    refunds: ADMIN_SCREENS.refunds.path,
    departments: ADMIN_SCREENS.departments.path,
    carePlans: ADMIN_SCREENS.carePlans.path,
    /** One plan and its visits (issue 37). */
    carePlan: {
      pattern: `${ADMIN_SCREENS.carePlans.path}/:id`,
      href: (id: number) => `${ADMIN_SCREENS.carePlans.path}/${id}`,
    },
    carePlanTemplates: ADMIN_SCREENS.carePlanTemplates.path,
    /** The FHIR endpoint's outside clients (ADMIN; issue 38). */
    fhirClients: ADMIN_SCREENS.fhirClients.path,
  },
} as const;

/** Where the login page sends someone whose session ended (read by the login page). */
export type LoginRedirectState = { from?: string; reason?: 'expired' };

/** Where the settings page sends someone who had to change the password, once it is changed. */
export type ReturnToState = { from?: string };

/** /login?expired=1 also shows the session-expired notice. */
export const loginExpiredHref = `${paths.login}?expired=1`;

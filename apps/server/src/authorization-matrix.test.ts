import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import { rolesWith, TIME_SLOTS, type AppointmentStatus, type Permission, type Role } from '@clinic/shared';
import { buildTestApp, loginAs, type TestContext } from '../test/build-app';
import { dbKinds } from '../test/databases';
import { booking, seedAppointment, signInAll, type Session, type Sessions } from '../test/appointments';
import { createPost, IMAGES, multipart, postInput } from '../test/blog-fixtures';
import type { AppointmentRow } from './db/schema';
import { callbackKey, zaloEventSignature } from './modules/messaging/providers';
import { hashPassword } from './lib/password';
import { createTokenService } from './lib/tokens';
import { insertUser } from './modules/users/users.repository';
import { hashOf } from './modules/appointments/private-link/manage-token';
import { findWaitingEntryByHash } from './modules/appointments/waiting-list/waiting-list.repository';
import { challengeFor, enrolThroughApi } from '../test/mfa';

/**
 * The authorization matrix (issue 11): every route the server registers, and who may call it.
 * A route missing here fails the test, so none ships without someone deciding who may use it;
 * a row whose route is gone fails it too. "Allowed" means not 401 and not 403 (a 400 for a body
 * not filled in fully, a 404 or a 409 is still an answer to someone who may ask); a refusal must
 * leave the database as it was.
 */

type OwnRole = 'PATIENT' | 'DOCTOR';
type Expect =
  /** Nobody is refused, signed in or not. */
  | { kind: 'public' }
  /** Anonymous 401, every signed-in role allowed. */
  | { kind: 'auth' }
  /** Anonymous 401, these roles allowed, the others 403. */
  | { kind: 'roles'; roles: readonly Role[] }
  /**
   * A route about one appointment: as 'roles', except that the roles in ownOnly are allowed on
   * their own appointment only (a patient's booking, a doctor's assignment) and get notOwn on another's.
   */
  | { kind: 'appointment'; roles: readonly Role[]; ownOnly: readonly OwnRole[]; notOwn: 403 | 404 }
  /** No account opens it, whatever its role: only an operator's address or token (GET /metrics). */
  | { kind: 'operator' }
  /**
   * The FHIR endpoint's resources (issue 38): a SMART Backend Services token opens them; a back-office
   * session is refused (403); a patient's own session opens those she may read (`patient`), hers only.
   */
  | { kind: 'fhir'; patient: boolean };

const PUBLIC: Expect = { kind: 'public' };
const FHIR_TYPES = [
  'Patient',
  'Practitioner',
  'PractitionerRole',
  'HealthcareService',
  'Appointment',
  'Schedule',
  'Slot',
  'Encounter',
  'CarePlan',
  'Consent',
  'AuditEvent',
];
/** What a patient's own session token reads through FHIR (her own records). */
const FHIR_PATIENT_TYPES = ['Patient', 'Appointment', 'Encounter', 'CarePlan'];
const fhir = (type: string): Expect => ({ kind: 'fhir', patient: FHIR_PATIENT_TYPES.includes(type) });
const AUTH: Expect = { kind: 'auth' };
/** The roles PERMISSIONS gives a permission (the route guards itself with requirePermission). */
const perm = (permission: Permission): Expect => ({ kind: 'roles', roles: rolesWith(permission) });
const appointment = (allowed: readonly Role[], ownOnly: readonly OwnRole[] = [], notOwn: 403 | 404 = 403): Expect => ({
  kind: 'appointment',
  roles: allowed,
  ownOnly,
  notOwn,
});

type Actor =
  | 'anonymous'
  | 'PATIENT'
  | 'DOCTOR'
  | 'STAFF'
  | 'ADMIN'
  | 'PATIENT (owner)'
  | 'PATIENT (not owner)'
  | 'DOCTOR (assigned)'
  | 'DOCTOR (not assigned)';
const PLAIN_ACTORS: Actor[] = ['anonymous', 'PATIENT', 'DOCTOR', 'STAFF', 'ADMIN'];
const APPOINTMENT_ACTORS: Actor[] = [
  'anonymous',
  'PATIENT (owner)',
  'PATIENT (not owner)',
  'DOCTOR (assigned)',
  'DOCTOR (not assigned)',
  'STAFF',
  'ADMIN',
];
const roleOf = (actor: Actor): Role | null => (actor === 'anonymous' ? null : (actor.split(' ')[0] as Role));

/** What a case sends: the URL with its ids filled in, a body, headers. */
type Req = { url?: string; payload?: InjectOptions['payload'] | object; headers?: Record<string, string> };
type Ctx = {
  actor: Actor;
  role: Role | null;
  /** The appointment the case targets (routes about one appointment), made for this case. */
  appointment: AppointmentRow | null;
};
type Row = { expect: Expect; req?: (c: Ctx) => Req | Promise<Req>; status?: AppointmentStatus };

/** The answer class a case must get: 'allowed' (not 401/403) or the refusal's status. */
function expected(e: Expect, actor: Actor): 'allowed' | 401 | 403 | 404 {
  const role = roleOf(actor);
  if (e.kind === 'operator') return 403;
  if (e.kind === 'public') return 'allowed';
  if (!role) return 401;
  if (e.kind === 'fhir') return role === 'PATIENT' && e.patient ? 'allowed' : 403;
  if (e.kind === 'auth') return 'allowed';
  if (!e.roles.includes(role)) return 403;
  if (e.kind === 'appointment' && (e.ownOnly as readonly string[]).includes(role) && /not/.test(actor)) return e.notOwn;
  return 'allowed';
}

for (const kind of dbKinds()) {
  describe(`authorization matrix [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const registered = new Set<string>();
    let passwordHash: string;
    /** Rows the cases read and write; destructive cases make their own. */
    const f = { blogId: 0, commentId: 0, imageId: 0 };
    let n = 0;
    const unique = () => `${Date.now().toString(36)}${(n += 1)}`;
    const db = () => t.testDb.database.db;

    const sessionOf = (actor: Actor): Session | null => {
      const role = roleOf(actor);
      return role ? s[role.toLowerCase() as 'admin' | 'staff' | 'doctor' | 'patient'] : null;
    };

    async function freshUser(role: Role = 'PATIENT') {
      const tag = unique();
      return insertUser(db(), {
        username: `matrix${tag}`,
        email: `matrix${tag}@example.com`,
        fullName: `Ma Trận ${tag}`,
        role,
        passwordHash,
      });
    }
    /** The second step of a sign-in of a fresh account with a second factor: its challenge and a recovery code. */
    async function mfaStep(): Promise<Req> {
      const u = await freshUser('STAFF');
      const { token } = await loginAs(t.app, u.username, 'Blue-Lotus#2026');
      const { recoveryCodes } = await enrolThroughApi(t.app, token, t.clock);
      return {
        payload: { challenge: await challengeFor(t.app, u.username, 'Blue-Lotus#2026'), code: recoveryCodes[0] },
      };
    }
    const freshBlog = async () => (await createPost(t.app, s.admin.token)).id;
    async function freshComment() {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/comments/blog/${f.blogId}`,
        payload: { authorName: 'Độc giả', content: `Bình luận ${unique()}` },
      });
      if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
      return res.json().comment.id as number;
    }
    /** A visitor's booking with an e-mail, each in a slot of its own: its private management link's token. */
    let slots = 0;
    const nextSlot = () => {
      slots += 1;
      return {
        appointmentDate: ['2027-03-04', '2027-03-05', '2027-03-06'][slots % 3]!,
        appointmentTime: TIME_SLOTS[Math.floor(slots / 3) % TIME_SLOTS.length]!,
      };
    };
    async function linked(): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({
          ...nextSlot(),
          department: 'OBSTETRICS',
          email: `link${unique()}@example.com`,
          phone: phone(),
        }),
      });
      if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
      return res.json().manageToken as string;
    }
    /** A correction asked through a booking's link: the request's id. */
    async function dataRequest(): Promise<number> {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/privacy/link/${await linked()}/requests`,
        payload: { kind: 'CORRECTION', details: 'Sửa họ tên' },
      });
      if (res.statusCode !== 201) throw new Error(`data request: ${res.statusCode} ${res.body}`);
      return res.json().request.id as number;
    }
    /** A full slot of its own with someone waiting for it: her link's token and the entry's id. */
    let waitingSlots = 0;
    async function waiting(): Promise<{ token: string; id: number }> {
      waitingSlots += 1;
      // Its own department and week, 96 slots: never one that an earlier case filled.
      const day = ['2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13'][
        waitingSlots % 6
      ]!;
      const slot = {
        appointmentDate: day,
        appointmentTime: TIME_SLOTS[Math.floor(waitingSlots / 6) % TIME_SLOTS.length]!,
        department: 'FERTILITY',
      };
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          payload: booking({ ...slot, email: null, phone: phone() }),
        });
        if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/waiting-list',
        payload: {
          ...slot,
          fullName: 'Người Chờ',
          phone: phone(),
          email: `wait${unique()}@example.com`,
          consentContact: true,
        },
      });
      if (res.statusCode !== 201) throw new Error(`waiting list: ${res.statusCode} ${res.body}`);
      const token = res.json().token as string;
      return { token, id: (await findWaitingEntryByHash(db(), hashOf(token)))!.id };
    }
    /** The path of a calendar subscription the demo doctor just made. */
    async function feedPath(): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/calendar-feed',
        headers: { authorization: `Bearer ${s.doctor.token}` },
      });
      if (res.statusCode !== 200) throw new Error(`calendar feed: ${res.statusCode} ${res.body}`);
      return new URL(res.json().url as string).pathname;
    }
    const freshAppointment = async () =>
      (await seedAppointment(db(), { status: 'CONFIRMED', email: `matrix${unique()}@example.com` })).id;

    /** A cheap picture of everything a call could change: counts and newest updates. */
    async function fingerprint(): Promise<string> {
      const result = (await db().execute(sql`
        select
          (select count(*)::int from appointments) as appointments,
          (select max(updated_at)::text from appointments) as appointments_updated,
          (select count(*)::int from appointment_events) as events,
          (select count(*)::int from users) as users,
          (select max(updated_at)::text from users) as users_updated,
          (select sum(token_version)::int from users) as token_versions,
          (select count(*)::int from users where mfa_secret is not null) as mfa_secrets,
          (select count(*)::int from mfa_recovery_codes) as recovery_codes,
          (select count(*)::int from account_events) as account_events,
          (select count(*)::int from blogs) as blogs,
          (select max(updated_at)::text from blogs) as blogs_updated,
          (select count(*)::int from comments) as comments,
          (select string_agg(status || ':' || c, ',' order by status) from (select status, count(*) as c from comments group by status) x) as comment_statuses,
          (select count(*)::int from comment_reactions) as reactions,
          (select count(*)::int from images) as images,
          (select count(*)::int from newsletter_subscribers) as subscribers,
          (select count(*)::int from email_outbox) as outbox
      `)) as unknown as { rows: unknown[] };
      return JSON.stringify(result.rows[0]);
    }

    const userBody = (u: { username: string; email: string; fullName: string | null }) => ({
      username: u.username,
      email: u.email,
      fullName: u.fullName,
      role: 'PATIENT',
    });
    /** A phone of its own per booking: one phone books one slot once. */
    const phone = () => `09${String(10_000_000 + (n += 1)).slice(-8)}`;
    const edit = () => ({
      ...booking({ appointmentDate: '2027-03-03', department: 'GENERAL_PRACTICE', phone: phone() }),
      notes: 'Sửa thử',
    });

    // ------------------------------------------------------------------ the table

    const MATRIX: Record<string, Row> = {
      // Outside /api: the web app's pages and files, public.
      'GET /': { expect: PUBLIC },
      'GET /sitemap.xml': { expect: PUBLIC },
      'GET /robots.txt': { expect: PUBLIC },
      'GET /metrics': { expect: { kind: 'operator' } },
      'GET /blog/:id': { expect: PUBLIC, req: () => ({ url: `/blog/${f.blogId}` }) },
      // FHIR R4 (issue 38): its description and token endpoint are public (no body: a 400); its resources
      // open to a SMART token, and some to a patient's own session (hers only); a back-office session is 403.
      'GET /fhir/metadata': { expect: PUBLIC },
      'GET /fhir/.well-known/smart-configuration': { expect: PUBLIC },
      'POST /fhir/auth/token': { expect: PUBLIC },
      ...Object.fromEntries(
        FHIR_TYPES.flatMap((type) => [
          [`GET /fhir/${type}`, { expect: fhir(type) }],
          [`GET /fhir/${type}/:id`, { expect: fhir(type) }],
        ]),
      ),
      // The booking operations and the cancel by status change (a SMART token with the scope alone).
      'POST /fhir/Appointment/$find': { expect: { kind: 'fhir', patient: false } },
      'POST /fhir/Appointment/$hold': { expect: { kind: 'fhir', patient: false } },
      'POST /fhir/Appointment/$book': { expect: { kind: 'fhir', patient: false } },
      'PUT /fhir/Appointment/:id': { expect: { kind: 'fhir', patient: false } },
      'PATCH /fhir/Appointment/:id': { expect: { kind: 'fhir', patient: false } },
      // The FHIR endpoint's clients: ADMIN's.
      'GET /api/fhir-clients': { expect: perm('manageFhirClients') },
      'POST /api/fhir-clients': { expect: perm('manageFhirClients') },
      'POST /api/fhir-clients/:id/revoke': {
        expect: perm('manageFhirClients'),
        req: () => ({ url: '/api/fhir-clients/999999/revoke' }),
      },
      // The OpenAPI document and its viewer, public.
      'GET /api/docs': { expect: PUBLIC },
      'GET /api/docs/json': { expect: PUBLIC },
      'GET /api/docs/yaml': { expect: PUBLIC },
      'GET /api/docs/static/index.html': { expect: PUBLIC },
      'GET /api/docs/static/swagger-initializer.js': { expect: PUBLIC },
      'GET /api/docs/static/*': { expect: PUBLIC, req: () => ({ url: '/api/docs/static/swagger-ui.css' }) },

      'GET /api/health': { expect: PUBLIC },

      // auth
      'POST /api/auth/login': {
        expect: PUBLIC,
        req: () => ({ payload: { usernameOrEmail: 'patient', password: 'Patient@123' } }),
      },
      'POST /api/auth/validate': { expect: PUBLIC, req: () => ({ payload: { token: s.patient.token } }) },
      'POST /api/auth/login/mfa': { expect: PUBLIC, req: mfaStep },
      // One's own second factor: enrolment with a wrong code (400), removal and renewal of an account without one (409).
      'GET /api/auth/mfa': { expect: AUTH },
      'POST /api/auth/mfa/setup': { expect: AUTH },
      'POST /api/auth/mfa/enable': { expect: AUTH, req: () => ({ payload: { code: '000000' } }) },
      'POST /api/auth/mfa/disable': { expect: AUTH, req: () => ({ payload: { password: 'Not-The-Password#1' } }) },
      'POST /api/auth/mfa/recovery-codes': {
        expect: AUTH,
        req: () => ({ payload: { password: 'Not-The-Password#1' } }),
      },
      // A wrong current password (400): a right one would end the demo sessions the other cases use.
      'POST /api/auth/change-password': {
        expect: AUTH,
        req: () => ({ payload: { currentPassword: 'Not-The-Password#1', newPassword: 'Blue-Lotus#2027' } }),
      },

      // users
      'GET /api/users/profile': { expect: AUTH },
      'PUT /api/users/profile': {
        expect: AUTH,
        req: (c) => ({ payload: { fullName: `Hồ Sơ ${c.role ?? 'Ẩn danh'}` } }),
      },
      // Her back-office language, kept on the account (issue 25).
      'PATCH /api/users/profile/preferences': { expect: AUTH, req: () => ({ payload: { backOfficeLanguage: 'vi' } }) },
      'GET /api/users/specialties': { expect: perm('readSpecialties') },
      'GET /api/users': { expect: perm('manageUsers') },
      'GET /api/users/search': { expect: perm('manageUsers'), req: () => ({ url: '/api/users/search?name=a' }) },
      // The doctors of a picker; the other roles' lists are the users screen's (checked below).
      'GET /api/users/role/:role': { expect: perm('readSpecialties'), req: () => ({ url: '/api/users/role/DOCTOR' }) },
      'GET /api/users/:id': { expect: perm('manageUsers'), req: () => ({ url: `/api/users/${s.patient.userId}` }) },
      'POST /api/users': {
        expect: perm('manageUsers'),
        req: () => {
          const tag = unique();
          return {
            payload: {
              username: `new${tag}`,
              email: `new${tag}@example.com`,
              fullName: 'Người Mới',
              password: 'Blue-Lotus#2026',
              role: 'PATIENT',
            },
          };
        },
      },
      'PUT /api/users/:id': {
        expect: perm('manageUsers'),
        req: async () => {
          const u = await freshUser();
          return { url: `/api/users/${u.id}`, payload: { ...userBody(u), fullName: 'Tên Mới' } };
        },
      },
      'DELETE /api/users/:id': {
        expect: perm('manageUsers'),
        req: async () => ({ url: `/api/users/${(await freshUser()).id}` }),
      },
      'PUT /api/users/:id/deactivate': {
        expect: perm('manageUsers'),
        req: async () => ({ url: `/api/users/${(await freshUser()).id}/deactivate` }),
      },
      'PUT /api/users/:id/activate': {
        expect: perm('manageUsers'),
        req: async () => ({ url: `/api/users/${(await freshUser()).id}/activate` }),
      },
      'POST /api/users/:id/reset-password': {
        expect: perm('manageUsers'),
        req: async () => ({ url: `/api/users/${(await freshUser()).id}/reset-password` }),
      },
      'POST /api/users/:id/reset-mfa': {
        expect: perm('manageUsers'),
        req: async () => ({ url: `/api/users/${(await freshUser()).id}/reset-mfa` }),
      },
      'POST /api/users/bulk/delete': {
        expect: perm('manageUsers'),
        req: async () => ({ payload: { ids: [(await freshUser()).id] } }),
      },
      'POST /api/users/bulk/activate': {
        expect: perm('manageUsers'),
        req: async () => ({ payload: { ids: [(await freshUser()).id] } }),
      },
      'POST /api/users/bulk/deactivate': {
        expect: perm('manageUsers'),
        req: async () => ({ payload: { ids: [(await freshUser()).id] } }),
      },
      // Not a spreadsheet: 400 for who may import.
      'POST /api/users/import': {
        expect: perm('manageUsers'),
        req: () => multipart('file', 'users.xlsx', 'application/octet-stream', Buffer.from('not a workbook')),
      },
      'GET /api/users/import/template': { expect: perm('manageUsers') },

      // booking page
      'GET /api/appointments/public/departments': { expect: PUBLIC },
      'GET /api/appointments/public/availability': {
        expect: PUBLIC,
        req: () => ({
          url: '/api/appointments/public/availability?date=2027-03-03&time=10:00&department=GENERAL_PRACTICE',
        }),
      },
      'GET /api/appointments/public/slots': {
        expect: PUBLIC,
        req: () => ({ url: '/api/appointments/public/slots?date=2027-03-03&department=GENERAL_PRACTICE' }),
      },
      'POST /api/appointments/public': {
        expect: PUBLIC,
        req: () => ({ payload: booking({ email: `book${unique()}@example.com`, phone: phone() }) }),
      },

      // A department's deposit to hold a slot (issue 28): null leaves it off, as it is.
      'PUT /api/departments/:code/deposit': {
        expect: perm('manageDepartments'),
        req: () => ({ url: '/api/departments/FAMILY_PLANNING/deposit', payload: { depositAmount: null } }),
      },

      // The front desk books a walk-in or a phone call (docs/PRODUCT.md §11).
      'POST /api/appointments/desk': {
        expect: perm('bookAtDesk'),
        req: () => {
          const { consentHealthData: _, ...fields } = booking({ email: null, phone: phone() });
          return { payload: { ...fields, consentInPerson: true } };
        },
      },

      'GET /api/appointments/desk/availability': {
        expect: perm('bookAtDesk'),
        req: () => ({ url: '/api/appointments/desk/availability?date=2027-03-03&time=10:00&department=GYNECOLOGY' }),
      },

      // appointment lists
      'GET /api/appointments': { expect: perm('readAppointments') },
      'GET /api/appointments/search': {
        expect: perm('readAppointments'),
        req: () => ({ url: '/api/appointments/search?q=a' }),
      },
      'GET /api/appointments/today': { expect: perm('readAppointments') },
      'GET /api/appointments/upcoming': { expect: perm('readAppointments') },
      'GET /api/appointments/my-patients': { expect: perm('readAppointments') },
      'GET /api/appointments/my-appointments': { expect: perm('readOwnAppointments') },
      'GET /api/appointments/my-medical-history': { expect: perm('readOwnAppointments') },
      'GET /api/appointments/pending-my-approval': { expect: perm('answerAssignments') },
      'GET /api/appointments/pending-my-approval/summary': { expect: perm('answerAssignments') },
      'GET /api/appointments/status/:status': {
        expect: perm('readAppointments'),
        req: () => ({ url: '/api/appointments/status/PENDING' }),
      },
      'GET /api/appointments/history': { expect: perm('manageBookings') },
      'GET /api/appointments/history/stats': { expect: perm('manageBookings') },
      'GET /api/appointments/history/export': { expect: perm('manageBookings') },
      'GET /api/appointments/stats': { expect: perm('readAppointments') },

      // one appointment (the life cycle's roles: APPOINTMENT_TRANSITIONS)
      'GET /api/appointments/:id': {
        expect: appointment(['ADMIN', 'STAFF', 'DOCTOR', 'PATIENT'], ['PATIENT', 'DOCTOR']),
      },
      'GET /api/appointments/:id/history': {
        expect: appointment(['ADMIN', 'STAFF', 'DOCTOR', 'PATIENT'], ['PATIENT', 'DOCTOR']),
      },
      'GET /api/appointments/:id/doctor-candidates': { expect: appointment(['ADMIN', 'STAFF']) },
      // What was sent about it (issue 27): the front desk's, as the 'Tin nhắn' screen.
      'GET /api/appointments/:id/messages': { expect: appointment(['ADMIN', 'STAFF']) },
      // Staff edit the details, the assigned doctor writes examination notes: each sends the body of his own screen.
      'PUT /api/appointments/:id': {
        expect: appointment(['ADMIN', 'STAFF', 'DOCTOR'], ['DOCTOR']),
        status: 'CONFIRMED',
        req: (c) => ({
          payload: c.role === 'ADMIN' || c.role === 'STAFF' ? edit() : { notes: 'Khám xong', status: 'COMPLETED' },
        }),
      },
      'PUT /api/appointments/:id/confirm': { expect: appointment(['ADMIN', 'STAFF', 'DOCTOR'], ['DOCTOR']) },
      'PUT /api/appointments/:id/confirm-with-doctor': {
        expect: appointment(['ADMIN', 'STAFF', 'DOCTOR'], ['DOCTOR']),
        req: () => ({ payload: { doctorId: s.doctor.userId } }),
      },
      'PUT /api/appointments/:id/cancel': {
        expect: appointment(['ADMIN', 'STAFF', 'PATIENT'], ['PATIENT']),
        req: () => ({ payload: { reason: 'Bận việc' } }),
      },
      'PUT /api/appointments/:id/request-payment': {
        expect: appointment(['ADMIN', 'STAFF']),
        status: 'CONFIRMED',
        req: () => ({ payload: { amount: 500000 } }),
      },
      'POST /api/appointments/:id/handle-payment': {
        expect: appointment(['ADMIN', 'STAFF']),
        status: 'PAYMENT_REQUESTED',
        req: () => ({ payload: { status: 'PAID' } }),
      },
      'PUT /api/appointments/:id/assign-doctor': {
        expect: appointment(['ADMIN', 'STAFF']),
        status: 'PENDING',
        req: () => ({ payload: { doctorId: s.doctor.userId } }),
      },
      'PUT /api/appointments/:id/doctor-accept': {
        expect: appointment(['DOCTOR'], ['DOCTOR']),
        req: () => ({ payload: {} }),
      },
      'PUT /api/appointments/:id/doctor-decline': {
        expect: appointment(['DOCTOR'], ['DOCTOR']),
        req: () => ({ payload: { reason: 'Kín lịch' } }),
      },
      'DELETE /api/appointments/:id': { expect: appointment(['ADMIN']) },
      'POST /api/appointments/:id/send-payment-confirmation': {
        expect: appointment(rolesWith('sendEmail')),
        status: 'PAID',
        req: () => ({ payload: {} }),
      },
      'POST /api/appointments/:id/send-update-notification': {
        expect: appointment(rolesWith('sendEmail')),
        req: () => ({ payload: {} }),
      },
      'POST /api/appointments/:id/manage-link': { expect: appointment(rolesWith('sendEmail')) },

      // A doctor's calendar subscription: his own address; the feed answers whoever holds it.
      'GET /api/appointments/calendar-feed': { expect: perm('subscribeCalendar') },
      'POST /api/appointments/calendar-feed': { expect: perm('subscribeCalendar') },
      'DELETE /api/appointments/calendar-feed': { expect: perm('subscribeCalendar') },
      'GET /api/appointments/calendar-feed/:token': { expect: PUBLIC, req: async () => ({ url: await feedPath() }) },

      // The private management link: whoever holds the token, signed in or not, acts as its patient.
      'GET /api/appointments/manage/:token': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/appointments/manage/${await linked()}` }),
      },
      'GET /api/appointments/manage/:token/calendar.ics': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/appointments/manage/${await linked()}/calendar.ics` }),
      },
      'POST /api/appointments/manage/:token/cancel': {
        expect: PUBLIC,
        req: async () => ({
          url: `/api/appointments/manage/${await linked()}/cancel`,
          payload: { reason: 'Bận việc' },
        }),
      },
      'POST /api/appointments/manage/:token/reschedule': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/appointments/manage/${await linked()}/reschedule`, payload: nextSlot() }),
      },

      // Claiming a visit booked signed out (issue 25): a patient's own, from its link or by a code to its e-mail.
      'POST /api/appointments/manage/:token/claim': {
        expect: { kind: 'roles', roles: ['PATIENT'] },
        req: async () => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/appointments/public',
            payload: booking({ ...nextSlot(), department: 'OBSTETRICS', email: 'patient@example.com', phone: phone() }),
          });
          return { url: `/api/appointments/manage/${res.json().manageToken}/claim` };
        },
      },
      'POST /api/appointments/claims/code': {
        expect: { kind: 'roles', roles: ['PATIENT'] },
        req: () => ({ payload: {} }),
      },
      'POST /api/appointments/claims/verify': {
        expect: { kind: 'roles', roles: ['PATIENT'] },
        req: () => ({ payload: { code: '123456' } }),
      },
      // Online payment (issue 28): the pay link is the only key; the providers' notifications are
      // checked by their signatures, not by an account; the simulators stand for the providers' sites.
      // Which methods are on (issue 34): public, as the pay page that offers them.
      'GET /api/payments/methods': { expect: PUBLIC },
      'GET /api/payments/pay/:token': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/payments/pay/${'p'.repeat(43)}` }),
      },
      'POST /api/payments/pay/:token/start': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/payments/pay/${'p'.repeat(43)}/start`, payload: { method: 'VNPAY' } }),
      },
      // The same pay page through the booking's private management link.
      'GET /api/appointments/manage/:token/pay': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/appointments/manage/${await linked()}/pay` }),
      },
      'POST /api/appointments/manage/:token/pay/start': {
        expect: PUBLIC,
        req: async () => ({
          url: `/api/appointments/manage/${await linked()}/pay/start`,
          payload: { method: 'VNPAY' },
        }),
      },
      'GET /api/payments/return': { expect: PUBLIC },
      'GET /api/payments/vnpay/ipn': { expect: PUBLIC },
      'POST /api/payments/momo/ipn': { expect: PUBLIC },
      'POST /api/payments/vietqr/webhook': { expect: PUBLIC },
      'GET /api/payments/simulator/vnpay/vpcpay.html': { expect: PUBLIC },
      'GET /api/payments/simulator/vnpay/pay': { expect: PUBLIC },
      'POST /api/payments/simulator/momo/v2/gateway/api/create': { expect: PUBLIC },
      'GET /api/payments/simulator/momo/pay': { expect: PUBLIC },
      'GET /api/payments/simulator/momo/confirm': { expect: PUBLIC },
      'POST /api/payments/simulator/vnpay/merchant_webapi/api/transaction': { expect: PUBLIC },
      'POST /api/payments/simulator/momo/v2/gateway/api/refund': { expect: PUBLIC },
      // Refunds: the front desk's work list and actions; never a patient's or a doctor's.
      'GET /api/refunds': { expect: perm('manageBookings') },
      'POST /api/refunds/:id/retry': {
        expect: perm('manageBookings'),
        req: () => ({ url: '/api/refunds/999999/retry' }),
      },
      'POST /api/refunds/:id/mark-done': {
        expect: perm('manageBookings'),
        req: () => ({ url: '/api/refunds/999999/mark-done', payload: { reference: 'FT27060123456' } }),
      },
      'GET /api/appointments/:id/payments': { expect: appointment(['ADMIN', 'STAFF']) },
      // Care plans (issue 37): the back office reads and changes them, ADMIN their templates, the
      // desk stops them; a patient her own; her private link's holder the one behind it.
      'GET /api/care-plans/templates': { expect: perm('readCarePlans') },
      'POST /api/care-plans/templates': { expect: perm('manageCarePlanTemplates') },
      'PUT /api/care-plans/templates/:id': {
        expect: perm('manageCarePlanTemplates'),
        req: () => ({ url: '/api/care-plans/templates/999999' }),
      },
      'POST /api/care-plans/proposal': { expect: perm('startCarePlans') },
      'POST /api/care-plans': { expect: perm('startCarePlans') },
      'GET /api/care-plans': { expect: perm('readCarePlans') },
      'GET /api/care-plans/call-back': { expect: perm('readCarePlans') },
      'GET /api/care-plans/summary': { expect: perm('readCarePlans') },
      'GET /api/care-plans/:id': { expect: perm('readCarePlans'), req: () => ({ url: '/api/care-plans/999999' }) },
      // The doctor's view of a visit: the back office's, a doctor on his own visits only.
      'GET /api/care-plans/of-appointment/:id': { expect: appointment(rolesWith('readAppointments'), ['DOCTOR']) },
      'PUT /api/care-plans/:id/stop': {
        expect: perm('stopCarePlans'),
        req: () => ({ url: '/api/care-plans/999999/stop', payload: { reason: 'Dừng' } }),
      },
      'POST /api/care-plans/:id/visits': {
        expect: perm('changeCarePlans'),
        req: () => ({ url: '/api/care-plans/999999/visits' }),
      },
      'PUT /api/care-plans/:id/visits/:visitId/skip': {
        expect: perm('changeCarePlans'),
        req: () => ({ url: '/api/care-plans/999999/visits/1/skip', payload: { reason: 'Bỏ qua' } }),
      },
      'POST /api/care-plans/:id/redate/proposal': {
        expect: perm('changeCarePlans'),
        req: () => ({ url: '/api/care-plans/999999/redate/proposal' }),
      },
      'POST /api/care-plans/:id/redate': {
        expect: perm('confirmCarePlanMoves'),
        req: () => ({ url: '/api/care-plans/999999/redate' }),
      },
      'POST /api/care-plans/:id/redate/request': {
        expect: perm('changeCarePlans'),
        req: () => ({ url: '/api/care-plans/999999/redate/request' }),
      },
      'DELETE /api/care-plans/:id/redate/request': {
        expect: perm('confirmCarePlanMoves'),
        req: () => ({ url: '/api/care-plans/999999/redate/request' }),
      },
      'GET /api/care-plans/mine': { expect: { kind: 'roles', roles: ['PATIENT'] } },
      'POST /api/care-plans/mine/:id/stop-request': {
        expect: { kind: 'roles', roles: ['PATIENT'] },
        req: () => ({ url: '/api/care-plans/mine/999999/stop-request' }),
      },
      'GET /api/care-plans/by-link/:token': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/care-plans/by-link/${await linked()}` }),
      },
      'POST /api/care-plans/by-link/:token/stop-request': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/care-plans/by-link/${await linked()}/stop-request` }),
      },
      // Booking History's payments report: the front desk's.
      'GET /api/payments/report': { expect: perm('manageBookings') },
      'GET /api/payments/report/export': { expect: perm('manageBookings') },
      // A signed-in patient's own booking only.
      'GET /api/payments/mine/:id': { expect: appointment(['PATIENT'], ['PATIENT']) },
      'POST /api/payments/mine/:id/start': {
        expect: appointment(['PATIENT'], ['PATIENT']),
        req: () => ({ payload: { method: 'VIETQR' } }),
      },

      // The waiting list: joining and its private link are anyone's; a slot's list is the front desk's.
      'POST /api/appointments/waiting-list': {
        expect: PUBLIC,
        req: async () => ({
          payload: {
            ...nextSlot(),
            department: 'OBSTETRICS',
            fullName: 'Người Chờ',
            phone: phone(),
            email: `join${unique()}@example.com`,
            consentContact: true,
          },
        }),
      },
      'GET /api/appointments/waiting-list/:token': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/appointments/waiting-list/${(await waiting()).token}` }),
      },
      'POST /api/appointments/waiting-list/:token/claim': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/appointments/waiting-list/${(await waiting()).token}/claim` }),
      },
      'POST /api/appointments/waiting-list/:token/leave': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/appointments/waiting-list/${(await waiting()).token}/leave` }),
      },
      'GET /api/appointments/waiting-list': {
        expect: perm('manageBookings'),
        req: () => ({ url: '/api/appointments/waiting-list?date=2027-03-04&time=09:00&department=OBSTETRICS' }),
      },
      'DELETE /api/appointments/waiting-list/entries/:id': {
        expect: perm('manageBookings'),
        req: async () => ({ url: `/api/appointments/waiting-list/entries/${(await waiting()).id}` }),
      },

      // bulk actions of the Booking Manager
      'POST /api/appointments/bulk/cancel': {
        expect: perm('bulkCancelAppointments'),
        req: async () => ({ payload: { ids: [await freshAppointment()], reason: 'Nghỉ lễ' } }),
      },
      'POST /api/appointments/bulk/mark-paid': {
        expect: perm('bulkMarkPaid'),
        req: async () => ({ payload: { ids: [await freshAppointment()] } }),
      },
      'POST /api/appointments/bulk/request-payment': {
        expect: perm('bulkRequestPayment'),
        req: async () => ({ payload: { ids: [await freshAppointment()], amount: 300000 } }),
      },
      'POST /api/appointments/bulk/delete': {
        expect: perm('bulkDeleteAppointments'),
        req: async () => ({ payload: { ids: [await freshAppointment()] } }),
      },
      'POST /api/appointments/bulk/assign-doctor': {
        expect: { kind: 'roles', roles: ['ADMIN', 'STAFF'] },
        req: async () => ({ payload: { ids: [await freshAppointment()], doctorId: s.doctor.userId } }),
      },
      // What a deactivated doctor leaves to reassign (issue 25).
      'GET /api/appointments/owed-by-doctor/:doctorId': {
        expect: { kind: 'roles', roles: ['ADMIN', 'STAFF'] },
        req: () => ({ url: `/api/appointments/owed-by-doctor/${s.doctor.userId}` }),
      },
      'POST /api/appointments/bulk/create-accounts': {
        expect: perm('createPatientAccounts'),
        req: async () => ({ payload: { ids: [await freshAppointment()] } }),
      },

      // Patient Control
      'GET /api/patients': { expect: perm('readPatients') },
      'GET /api/patients/detail': {
        expect: perm('readPatients'),
        req: () => ({ url: '/api/patients/detail?email=patient%40example.com' }),
      },
      'POST /api/patients': {
        expect: perm('createPatientAccounts'),
        req: () => ({ payload: { fullName: 'Bệnh Nhân Mới', email: `patient${unique()}@example.com` } }),
      },

      // dashboard
      'GET /api/dashboard': { expect: perm('viewDashboard') },
      'POST /api/dashboard/sample-data': { expect: perm('generateSampleData') },

      // e-mail calls
      'POST /api/email/send-payment-confirmation': {
        expect: perm('sendEmail'),
        req: () => ({
          payload: {
            patientEmail: 'lan.tran@example.com',
            patientName: 'Trần Thị Lan',
            appointmentDate: '2027-03-03',
            appointmentTime: '09:00',
            department: 'Nội tổng quát',
          },
        }),
      },
      // Zalo and SMS (issue 27): Booking Manager's list and resend; the providers' callbacks carry
      // their own signature (a valid one here: a forged one is refused to everyone, messaging.test.ts).
      'GET /api/messages': { expect: perm('manageBookings') },
      'POST /api/messages/:id/resend': {
        expect: perm('manageBookings'),
        req: () => ({ url: '/api/messages/999999/resend' }),
      },
      'GET /api/messages/callbacks/sms': {
        expect: PUBLIC,
        req: () => {
          const ref = 'a'.repeat(32);
          return {
            url: `/api/messages/callbacks/sms?ref=${ref}&key=${callbackKey(t.config.messaging.callbackSecret, ref)}&SendStatus=5`,
          };
        },
      },
      'POST /api/messages/callbacks/zalo': {
        expect: PUBLIC,
        req: () => {
          const body = JSON.stringify({
            event_name: 'user_received_message',
            timestamp: '1',
            message: { tracking_id: 'x' },
          });
          return {
            headers: {
              'content-type': 'application/json',
              'x-zevent-signature': zaloEventSignature('', body, '1', t.config.messaging.zaloOaSecret),
            },
            payload: body,
          };
        },
      },
      'GET /l/:code': { expect: PUBLIC, req: () => ({ url: `/l/${'A'.repeat(22)}` }) },
      'POST /api/email/send': {
        expect: perm('sendEmail'),
        req: () => ({ payload: { to: 'lan.tran@example.com', subject: 'Thử', content: 'Nội dung' } }),
      },

      // blog, public side
      'GET /api/public/blogs/published': { expect: PUBLIC },
      'GET /api/public/blogs/search': { expect: PUBLIC, req: () => ({ url: '/api/public/blogs/search?q=a' }) },
      'GET /api/public/blogs/featured': { expect: PUBLIC },
      'GET /api/public/blogs/:id': { expect: PUBLIC, req: () => ({ url: `/api/public/blogs/${f.blogId}` }) },
      'GET /api/images/:id': { expect: PUBLIC, req: () => ({ url: `/api/images/${f.imageId}` }) },
      'POST /api/newsletter': {
        expect: PUBLIC,
        req: () => ({ payload: { email: `reader${unique()}@example.com`, consentMarketing: true } }),
      },

      // Privacy (issue 26): the notice is anyone's, one's own data by account or link, the queue and log ADMIN's.
      'GET /api/privacy/notice': { expect: PUBLIC },
      'GET /api/privacy/me/data': { expect: AUTH },
      'GET /api/privacy/me/requests': { expect: AUTH },
      'POST /api/privacy/me/requests': {
        expect: AUTH,
        req: () => ({ payload: { kind: 'CORRECTION', details: 'Sửa ngày sinh' } }),
      },
      'GET /api/privacy/me/consents': { expect: AUTH },
      // Allowed callers have nothing to confirm again (409): what is checked is who gets past the door.
      'POST /api/privacy/me/consents': {
        expect: AUTH,
        req: () => ({ payload: { purpose: 'HEALTH_DATA', agree: true } }),
      },
      'GET /api/privacy/link/:token/consents': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/privacy/link/${await linked()}/consents` }),
      },
      'POST /api/privacy/link/:token/consents': {
        expect: PUBLIC,
        req: async () => ({
          url: `/api/privacy/link/${await linked()}/consents`,
          payload: { purpose: 'HEALTH_DATA', agree: true },
        }),
      },
      'GET /api/privacy/link/:token/data': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/privacy/link/${await linked()}/data` }),
      },
      'GET /api/privacy/link/:token/requests': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/privacy/link/${await linked()}/requests` }),
      },
      'POST /api/privacy/link/:token/requests': {
        expect: PUBLIC,
        req: async () => ({
          url: `/api/privacy/link/${await linked()}/requests`,
          payload: { kind: 'CORRECTION', details: 'Sửa số điện thoại' },
        }),
      },
      'POST /api/privacy/link/:token/proof/code': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/privacy/link/${await linked()}/proof/code`, payload: { via: 'PHONE' } }),
      },
      // A wrong code (400): what is checked is who gets past the door.
      'POST /api/privacy/link/:token/proof': {
        expect: PUBLIC,
        req: async () => ({ url: `/api/privacy/link/${await linked()}/proof`, payload: { code: '000000' } }),
      },
      'GET /api/privacy/requests': { expect: perm('managePrivacy') },
      'GET /api/privacy/requests/:id/data': {
        expect: perm('managePrivacy'),
        req: async () => ({ url: `/api/privacy/requests/${await dataRequest()}/data` }),
      },
      'POST /api/privacy/requests/:id/answer': {
        expect: perm('managePrivacy'),
        req: async () => ({
          url: `/api/privacy/requests/${await dataRequest()}/answer`,
          payload: { outcome: 'REFUSED', answer: 'Thông tin đã đúng.' },
        }),
      },
      'GET /api/privacy/access-log': { expect: perm('managePrivacy') },
      'GET /api/privacy/access-log/export': { expect: perm('managePrivacy') },
      'GET /api/privacy/access-log/verify': { expect: perm('managePrivacy') },

      // Blog Control
      'GET /api/blogs': { expect: perm('manageBlogs') },
      'GET /api/blogs/:id': { expect: perm('manageBlogs'), req: () => ({ url: `/api/blogs/${f.blogId}` }) },
      'POST /api/blogs': { expect: perm('manageBlogs'), req: () => ({ payload: postInput({ status: 'DRAFT' }) }) },
      'PUT /api/blogs/:id': {
        expect: perm('manageBlogs'),
        req: () => ({ url: `/api/blogs/${f.blogId}`, payload: postInput() }),
      },
      'DELETE /api/blogs/:id': {
        expect: perm('manageBlogs'),
        req: async () => ({ url: `/api/blogs/${await freshBlog()}` }),
      },
      'PUT /api/blogs/:id/featured': {
        expect: perm('manageBlogs'),
        req: () => ({ url: `/api/blogs/${f.blogId}/featured` }),
      },
      'PUT /api/blogs/:id/status': {
        expect: perm('manageBlogs'),
        req: () => ({ url: `/api/blogs/${f.blogId}/status`, payload: { status: 'PUBLISHED' } }),
      },
      'POST /api/blogs/bulk/status': {
        expect: perm('manageBlogs'),
        req: () => ({ payload: { ids: [f.blogId], status: 'PUBLISHED' } }),
      },
      'POST /api/blogs/bulk/delete': {
        expect: perm('manageBlogs'),
        req: async () => ({ payload: { ids: [await freshBlog()] } }),
      },
      'POST /api/blogs/upload-image': {
        expect: perm('manageBlogs'),
        req: () => multipart('image', 'dot.gif', 'image/gif', IMAGES.gif),
      },

      // comments: readers' side public, moderation the front desk's
      'GET /api/comments/blog/:postId': { expect: PUBLIC, req: () => ({ url: `/api/comments/blog/${f.blogId}` }) },
      'POST /api/comments/blog/:postId': {
        expect: PUBLIC,
        req: () => ({ url: `/api/comments/blog/${f.blogId}`, payload: { authorName: 'Độc giả', content: 'Bài hay' } }),
      },
      'POST /api/comments/:id/reply': {
        expect: PUBLIC,
        req: () => ({
          url: `/api/comments/${f.commentId}/reply`,
          payload: { authorName: 'Độc giả', content: 'Đồng ý' },
        }),
      },
      'GET /api/comments/:id/replies': { expect: PUBLIC, req: () => ({ url: `/api/comments/${f.commentId}/replies` }) },
      'POST /api/comments/:id/react': {
        expect: PUBLIC,
        req: () => ({
          url: `/api/comments/${f.commentId}/react`,
          payload: { reactionType: 'LIKE' },
          headers: { 'x-visitor-id': randomUUID() },
        }),
      },
      'GET /api/comments/:id/my-reaction': {
        expect: PUBLIC,
        req: () => ({ url: `/api/comments/${f.commentId}/my-reaction`, headers: { 'x-visitor-id': randomUUID() } }),
      },
      'GET /api/comments/admin': { expect: perm('moderateComments') },
      'PUT /api/comments/admin/:id/approve': {
        expect: perm('moderateComments'),
        req: async () => ({ url: `/api/comments/admin/${await freshComment()}/approve` }),
      },
      'PUT /api/comments/admin/:id/reject': {
        expect: perm('moderateComments'),
        req: async () => ({ url: `/api/comments/admin/${await freshComment()}/reject` }),
      },
      'DELETE /api/comments/admin/:id': {
        expect: perm('moderateComments'),
        req: async () => ({ url: `/api/comments/admin/${await freshComment()}` }),
      },
    };

    beforeAll(async () => {
      t = await buildTestApp(kind, {
        // Limits are other tests' business: here they would only turn answers into 429.
        env: { RATE_LIMIT_LOGIN: '10000', RATE_LIMIT_PUBLIC: '10000' },
        build: {
          onRoute: (route: RouteOptions) => {
            for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
          },
        },
      });
      [s, passwordHash] = await Promise.all([signInAll(t.app), hashPassword('Blue-Lotus#2026')]);
      f.blogId = (await createPost(t.app, s.admin.token)).id;
      const comment = await t.app.inject({
        method: 'POST',
        url: `/api/comments/blog/${f.blogId}`,
        headers: { authorization: `Bearer ${s.staff.token}` },
        payload: { authorName: 'Nhân viên', content: 'Cảm ơn' },
      });
      f.commentId = comment.json().comment.id;
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/blogs/upload-image',
        ...withAuth(multipart('image', 'dot.png', 'image/png', IMAGES.png), s.admin),
      });
      f.imageId = Number(/(\d+)$/.exec(upload.json().imageUrl)![1]);
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    function withAuth(req: Req, session: Session | null) {
      return { ...req, headers: { ...req.headers, ...(session ? { authorization: `Bearer ${session.token}` } : {}) } };
    }

    it('lists every route the server registers, and no route it does not', () => {
      const table = new Set(Object.keys(MATRIX));
      const missing = [...registered].filter((r) => !table.has(r)).sort();
      const gone = [...table].filter((r) => !registered.has(r)).sort();
      expect({ missingFromTheMatrix: missing, inTheMatrixButNotRegistered: gone }).toEqual({
        missingFromTheMatrix: [],
        inTheMatrixButNotRegistered: [],
      });
    });

    let checked = 0;
    for (const [route, row] of Object.entries(MATRIX)) {
      it(route, async () => {
        const [method, path] = route.split(' ') as [InjectOptions['method'], string];
        const actors = row.expect.kind === 'appointment' ? APPOINTMENT_ACTORS : PLAIN_ACTORS;
        const problems: string[] = [];
        for (const actor of actors) {
          const role = roleOf(actor);
          let target: AppointmentRow | null = null;
          if (row.expect.kind === 'appointment') {
            const foreign = /not/.test(actor);
            target = await seedAppointment(db(), {
              status: row.status ?? 'AWAITING_DOCTOR_APPROVAL',
              userId: foreign ? null : s.patient.userId,
              doctorId: foreign ? s.doctor2.userId : s.doctor.userId,
            });
          }
          const req = (await row.req?.({ actor, role, appointment: target })) ?? {};
          const url = req.url ?? path.replace(':id', String(target?.id ?? 0));
          const want = expected(row.expect, actor);
          const before = want === 'allowed' ? '' : await fingerprint();
          const targetBefore = target && want !== 'allowed' ? await readAppointment(target.id) : '';
          const res = await t.app.inject({ method, url, ...withAuth({ ...req, url }, sessionOf(actor)) });
          checked += 1;
          const got = res.statusCode;
          const label = `${actor}: ${got} ${got >= 400 ? res.body.slice(0, 160) : ''}`;
          if (got >= 500) problems.push(`${label} (server error)`);
          if (want === 'allowed') {
            if (got === 401 || got === 403) problems.push(`${label} (expected allowed)`);
            continue;
          }
          if (got !== want) problems.push(`${label} (expected ${want})`);
          if ((await fingerprint()) !== before) problems.push(`${actor}: refused, yet the database changed`);
          if (target && (await readAppointment(target.id)) !== targetBefore)
            problems.push(`${actor}: refused, yet the appointment changed`);
        }
        expect(problems, route).toEqual([]);
      });
    }

    async function readAppointment(id: number): Promise<string> {
      const result = (await db().execute(sql`select * from appointments where id = ${id}`)) as unknown as {
        rows: unknown[];
      };
      return JSON.stringify(result.rows);
    }

    it('checked every route for every actor', () => {
      const expectedCases = Object.values(MATRIX).reduce(
        (sum, row) => sum + (row.expect.kind === 'appointment' ? APPOINTMENT_ACTORS.length : PLAIN_ACTORS.length),
        0,
      );
      expect(checked).toBe(expectedCases);
    });

    // Issue 29: a caller who may not use a route learns nothing of what a valid request looks like.
    // Every guarded route, asked with a bad path, query and body: 401 without a token, 403 to each
    // role it refuses, whatever is wrong with the request, and nothing changes.
    const ROLES: Role[] = ['PATIENT', 'DOCTOR', 'STAFF', 'ADMIN'];
    let refusedBadRequests = 0;
    for (const [route, row] of Object.entries(MATRIX)) {
      // Public routes refuse nobody; /metrics refuses every account alike and reads no request.
      if (row.expect.kind === 'public' || row.expect.kind === 'operator') continue;
      const allowed: readonly Role[] =
        row.expect.kind === 'auth'
          ? ROLES
          : row.expect.kind === 'fhir'
            ? row.expect.patient
              ? ['PATIENT']
              : []
            : row.expect.roles;
      it(`${route}: refused before its request is read`, async () => {
        const [method, path] = route.split(' ') as [InjectOptions['method'], string];
        const url = `${path.replace(/:[A-Za-z]+/g, 'not-valid')}?page=-1&size=abc&status=%00&date=2027-02-30&q=`;
        const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method as string)
          ? { payload: { bogus: [1, { nested: null }], id: 'x', ids: 'all', amount: -1 } }
          : {};
        const before = await fingerprint();
        const problems: string[] = [];
        const refusals: [Actor, 401 | 403][] = [
          ['anonymous', 401],
          ...ROLES.filter((r) => !allowed.includes(r)).map((r): [Actor, 401 | 403] => [r, 403]),
        ];
        for (const [actor, want] of refusals) {
          const res = await t.app.inject({ method, url, ...withAuth(body, sessionOf(actor)) });
          refusedBadRequests += 1;
          if (res.statusCode !== want)
            problems.push(`${actor}: ${res.statusCode} ${res.body.slice(0, 160)} (expected ${want})`);
        }
        if ((await fingerprint()) !== before) problems.push('refused, yet the database changed');
        expect(problems, route).toEqual([]);
      });
    }

    it('tried every guarded route with a bad request', () => {
      const guarded = Object.values(MATRIX).filter((row) => row.expect.kind !== 'public');
      expect(guarded.length).toBeGreaterThan(70);
      expect(refusedBadRequests).toBeGreaterThanOrEqual(guarded.length);
    });

    it('lists the accounts of roles other than DOCTOR for the users screen only', async () => {
      for (const [who, status] of [
        ['patient', 403],
        ['doctor', 403],
        ['staff', 403],
        ['admin', 200],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/users/role/PATIENT',
          headers: { authorization: `Bearer ${s[who].token}` },
        });
        expect(res.statusCode, who).toBe(status);
      }
    });

    // ------------------------------------------------------------------ tokens that no longer hold

    async function signedInUser(role: Role) {
      const user = await freshUser(role);
      const session = await loginAs(t.app, user.username, 'Blue-Lotus#2026');
      return { user, token: session.token };
    }
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

    it('refuses a deactivated user’s old token (401)', async () => {
      const { user, token } = await signedInUser('STAFF');
      expect((await get('/api/appointments/history', token)).statusCode).toBe(200);
      const off = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}/deactivate`,
        headers: { authorization: `Bearer ${s.admin.token}` },
      });
      expect(off.statusCode).toBe(200);
      expect((await get('/api/appointments/history', token)).statusCode).toBe(401);
      expect((await get('/api/users/profile', token)).statusCode).toBe(401);
    });

    it('refuses a token signed with another secret (401)', async () => {
      const version = (
        (await db().execute(sql`select token_version as v from users where id = ${s.admin.userId}`)) as unknown as {
          rows: { v: number }[];
        }
      ).rows[0]!.v;
      const forged = await createTokenService('another-secret-that-is-long-enough-for-hs256').sign(
        { userId: s.admin.userId, version },
        3600,
        new Date(),
      );
      // The same claims under the right secret would open it: only the signature is wrong.
      const genuine = await createTokenService(t.config.jwtSecret).sign(
        { userId: s.admin.userId, version },
        3600,
        new Date(),
      );
      expect((await get('/api/users', genuine)).statusCode).toBe(200);
      expect((await get('/api/users', forged)).statusCode).toBe(401);
      expect((await get('/api/users/profile', forged)).statusCode).toBe(401);
    });

    it('stops a token from opening staff routes once an administrator makes its STAFF user a PATIENT', async () => {
      const { user, token } = await signedInUser('STAFF');
      expect((await get('/api/appointments/history', token)).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: { authorization: `Bearer ${s.admin.token}` },
        payload: { ...userBody(user), role: 'PATIENT' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect([401, 403]).toContain((await get('/api/appointments/history', token)).statusCode);
      expect([401, 403]).toContain((await get('/api/appointments', token)).statusCode);
      // Signed in again, the account is a patient's: its own bookings, not the front desk's.
      const again = await loginAs(t.app, user.username, 'Blue-Lotus#2026');
      expect((await get('/api/appointments/history', again.token)).statusCode).toBe(403);
      expect((await get('/api/appointments/my-appointments', again.token)).statusCode).toBe(200);
    });
  });
}

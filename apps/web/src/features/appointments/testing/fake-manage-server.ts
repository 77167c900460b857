import {
  APPOINTMENT_MSG,
  CARE_PLAN_MSG,
  CLAIM_MSG,
  UNANSWERED_STATUSES,
  type Appointment,
  type AvailabilityResponse,
  type ManagedAppointment,
  type PatientCarePlan,
} from '@clinic/shared';
import { errorBody, mockFetch } from '@/testing/render-app';

/** A link's token as the server makes them: 43 URL-safe characters. */
export const TOKEN = 'Zk3xQ9vLm2Tt8Rb5Wn1Yc7Hd4Jf6Gs0Pa-Ue_Io2Kq3';

export const AVAILABLE: AvailabilityResponse = {
  available: true,
  message: APPOINTMENT_MSG.slotAvailable,
  code: 'AVAILABLE',
  remaining: 2,
};

type Reply = { status: number; body: unknown };
type Options = {
  /** Answers the page's read instead of the stored appointment (an expired link). */
  readAnswer?: () => Reply | null;
  cancelAnswer?: (body: { reason?: string }) => Reply | null;
  rescheduleAnswer?: (body: { appointmentDate: string; appointmentTime: string }) => Reply | null;
  /** Answers 'Thêm vào tài khoản của tôi' instead of adding the visit to the account (a refusal). */
  claimAnswer?: () => Reply | null;
  /** What GET /api/payments/methods answers (all three by default; none: online payment is off). */
  paymentMethods?: string[];
  /** The care plan the visit belongs to (GET /care-plans/by-link/:token); none by default. */
  carePlan?: PatientCarePlan | null;
  /** Answers her request to stop the plan instead of noting it (a refusal). */
  stopRequestAnswer?: () => Reply | null;
};

/**
 * The server behind a private management link: the appointment as its patient sees it and what she
 * may do, cancel and reschedule (with My Appointments' rules: only while it waits), and every slot free.
 */
export function serveManageLink(appointment: Appointment, options: Options = {}) {
  let current: Appointment = { ...appointment };
  const mayChange = () => (UNANSWERED_STATUSES as readonly string[]).includes(current.status);
  const managed = (): ManagedAppointment => ({
    appointment: current,
    canCancel: mayChange(),
    canReschedule: mayChange(),
    validUntil: '2026-03-13',
    inAccount: current.userId != null,
  });
  const base = `/api/appointments/manage/${TOKEN}`;
  const planBase = `/api/care-plans/by-link/${TOKEN}`;
  let plan = options.carePlan ? { ...options.carePlan } : null;

  const fetchMock = mockFetch((rawUrl, init) => {
    const url = new URL(rawUrl, 'http://localhost');
    const method = init.method ?? 'GET';
    if (url.pathname.startsWith('/api/appointments/public/availability')) return { body: AVAILABLE };
    if (url.pathname === '/api/payments/methods')
      return { body: { methods: options.paymentMethods ?? ['VNPAY', 'MOMO', 'VIETQR'] } };
    if (url.pathname === base && method === 'GET') return options.readAnswer?.() ?? { body: managed() };
    if (url.pathname === `${base}/cancel` && method === 'POST') {
      const body = JSON.parse(init.body as string) as { reason?: string };
      const answer = options.cancelAnswer?.(body);
      if (answer) return answer;
      current = { ...current, status: 'CANCELLED', cancelReason: body.reason ?? null };
      return { body: { message: APPOINTMENT_MSG.cancelled, appointment: managed() } };
    }
    if (url.pathname === `${base}/reschedule` && method === 'POST') {
      const body = JSON.parse(init.body as string) as { appointmentDate: string; appointmentTime: string };
      const answer = options.rescheduleAnswer?.(body);
      if (answer) return answer;
      current = { ...current, ...body };
      // The plan's visit follows its appointment to the new day.
      if (plan)
        plan = {
          ...plan,
          visits: plan.visits.map((v) =>
            v.appointment?.id === current.id
              ? { ...v, appointment: { ...v.appointment, date: body.appointmentDate, time: body.appointmentTime } }
              : v,
          ),
        };
      return { body: { message: APPOINTMENT_MSG.rescheduled, appointment: managed() } };
    }
    if (url.pathname === `${base}/claim` && method === 'POST') {
      const answer = options.claimAnswer?.();
      if (answer) return answer;
      current = { ...current, userId: 12 };
      return { body: { message: CLAIM_MSG.claimedOne, appointment: managed() } };
    }
    if (url.pathname === planBase && method === 'GET') return { body: { plan } };
    if (url.pathname === `${planBase}/stop-request` && method === 'POST') {
      const answer = options.stopRequestAnswer?.();
      if (answer) return answer;
      if (!plan) return { status: 404, body: errorBody(404, CARE_PLAN_MSG.notFound, 'NOT_FOUND') };
      plan = { ...plan, stopRequestedAt: '2026-03-10T02:30:00.000Z' };
      return { body: { message: CARE_PLAN_MSG.stopRequested } };
    }
    if (url.pathname.startsWith('/api/appointments/manage/'))
      return { status: 404, body: errorBody(404, APPOINTMENT_MSG.manageLinkInvalid, 'MANAGE_LINK_INVALID') };
    return { status: 404, body: errorBody(404, 'Không tìm thấy đường dẫn API.') };
  });
  return { fetchMock };
}

export const manageCalls = (fetchMock: ReturnType<typeof mockFetch>, action = '') =>
  fetchMock.mock.calls.filter(
    ([url]) => new URL(url as string, 'http://localhost').pathname === `/api/appointments/manage/${TOKEN}${action}`,
  );

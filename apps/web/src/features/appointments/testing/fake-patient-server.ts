import { CARE_PLAN_MSG, CLAIM_MSG, type Appointment, type PatientCarePlan, type User } from '@clinic/shared';
import { errorBody, makeUser, mockFetch } from '@/testing/render-app';

export const patient: User = makeUser({
  id: 12,
  username: 'patient',
  email: 'patient@example.vn',
  role: 'PATIENT',
  fullName: 'Trần Thị Bình',
  specialty: null,
});

type Options = {
  profile?: User;
  /** Answers the list calls instead of the stored appointments (failures). */
  listAnswer?: (url: URL) => { status: number; body: unknown } | null;
  cancelAnswer?: (id: number, body: { reason?: string }) => { status: number; body: unknown } | null;
  /** Visits booked signed out that the code CLAIM_CODE adds to her list. */
  claimable?: Appointment[];
  /** Her care plans (GET /care-plans/mine); none by default. */
  carePlans?: PatientCarePlan[];
  /** Her plans are answered once this settles (a slow answer). */
  plansReady?: Promise<unknown>;
  /** Answers her request to stop a plan instead of noting it (a refusal). */
  stopRequestAnswer?: (id: number) => { status: number; body: unknown } | null;
};

/** The one right answer of the fake's claim codes. */
export const CLAIM_CODE = '482913';

/**
 * The server of a signed-in patient's pages: her profile, her appointments paged as the server
 * pages them (my-appointments; my-medical-history: the COMPLETED ones), and cancel; her care plans
 * and her request to stop one.
 */
export function serveMyAppointments(appointments: Appointment[], options: Options = {}) {
  const store = appointments.map((a) => ({ ...a }));
  const plans = (options.carePlans ?? []).map((p) => ({ ...p }));
  const fetchMock = mockFetch((rawUrl, init) => {
    const url = new URL(rawUrl, 'http://localhost');
    if (url.pathname === '/api/users/profile') return { body: options.profile ?? patient };
    if (url.pathname === '/api/payments/methods') return { body: { methods: ['VNPAY', 'MOMO', 'VIETQR'] } };
    if (
      url.pathname === '/api/appointments/my-appointments' ||
      url.pathname === '/api/appointments/my-medical-history'
    ) {
      const failure = options.listAnswer?.(url);
      if (failure) return failure;
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 20);
      const items = url.pathname.endsWith('my-medical-history') ? store.filter((a) => a.status === 'COMPLETED') : store;
      return {
        body: {
          items: items.slice((page - 1) * size, page * size),
          total: items.length,
          page,
          size,
          totalPages: Math.ceil(items.length / size),
          totalCapped: false,
        },
      };
    }
    if (url.pathname === '/api/care-plans/mine' && (init.method ?? 'GET') === 'GET')
      return options.plansReady ? options.plansReady.then(() => ({ body: { plans } })) : { body: { plans } };
    const stop = /^\/api\/care-plans\/mine\/(\d+)\/stop-request$/.exec(url.pathname);
    if (stop && init.method === 'POST') {
      const id = Number(stop[1]);
      const failure = options.stopRequestAnswer?.(id);
      if (failure) return failure;
      const plan = plans.find((p) => p.id === id);
      if (!plan) return { status: 404, body: errorBody(404, CARE_PLAN_MSG.notFound, 'NOT_FOUND') };
      plan.stopRequestedAt = '2026-03-10T02:30:00.000Z';
      return { body: { message: CARE_PLAN_MSG.stopRequested } };
    }
    const cancel = /^\/api\/appointments\/(\d+)\/cancel$/.exec(url.pathname);
    if (cancel && init.method === 'PUT') {
      const id = Number(cancel[1]);
      const body = JSON.parse(init.body as string) as { reason?: string };
      const failure = options.cancelAnswer?.(id, body);
      if (failure) return failure;
      const appointment = store.find((a) => a.id === id)!;
      appointment.status = 'CANCELLED';
      appointment.cancelReason = body.reason ?? null;
      return { body: { message: 'Đã hủy lịch hẹn thành công', appointment, emailStatus: 'sent' } };
    }
    if (url.pathname === '/api/appointments/claims/code' && init.method === 'POST') {
      const { phone } = JSON.parse(init.body as string) as { phone?: string };
      return { body: { message: phone ? CLAIM_MSG.codeSentPhone : CLAIM_MSG.codeSent, expiresInMinutes: 15 } };
    }
    if (url.pathname === '/api/appointments/claims/verify' && init.method === 'POST') {
      const { code } = JSON.parse(init.body as string) as { code: string };
      if (code !== CLAIM_CODE) return { status: 400, body: errorBody(400, CLAIM_MSG.codeWrong(4), 'CLAIM_CODE_WRONG') };
      const claimed = (options.claimable ?? []).splice(0);
      store.push(...claimed);
      return { body: { message: CLAIM_MSG.claimed(claimed.length), claimed: claimed.length } };
    }
    return { status: 404, body: errorBody(404, 'Không tìm thấy đường dẫn API.') };
  });
  return { fetchMock, store, plans };
}

export const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(url as string, 'http://localhost').pathname === path);

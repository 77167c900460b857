import { createHash, randomBytes } from 'node:crypto';
import {
  APPOINTMENT_MSG,
  CLINIC,
  PAYMENT_MSG,
  PAYMENT_PROVIDERS,
  PAYMENT_PROVIDER_LABELS,
  vietQrBankName,
  type PaymentFlag,
  type PaymentNotificationOutcome,
  type PaymentProvider,
  type PayPage,
  type StartPaymentResponse,
} from '@clinic/shared';
import type { ProviderMode } from '../../config';
import type { Db } from '../../db/client';
import type { AppDeps, VisitPayments } from '../../deps';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { linkHolder } from '../appointments/private-link/manage-link.service';
import {
  appointmentForPayment,
  depositPaidOf,
  flagRefund,
  lockAppointmentForPayment,
  markDepositPaid,
  markPaidByProvider,
} from '../appointments/payment-life-cycle.service';
import { momoCreate, momoCreateRequest, momoVerifyIpn, type MomoIpn } from './momo';
import { issuePayLink, newPayLink, payLinkAppointmentId, payLinkUrl } from './pay-link.service';
import { depositHeld, depositPayable, dueNow, payableByProvider } from './provider-payment.service';
import {
  findPaymentAttempt,
  insertPaymentAttempt,
  insertPaymentNotification,
  listPaymentAttempts,
  listPaymentFlags,
  lockPaymentAttempt,
  settlePaymentAttempt,
} from './payments.repository';
import {
  appointmentRefunds,
  openRefundForAttempt,
  openRefundsOnCancel,
  openSurplusRefund,
  openUnmatchedRefund,
  sendAppointmentRefunds,
} from './refunds.service';
import { vnpayPaymentUrl, vnpayVerify } from './vnpay';
import { vietQrPayload } from './vietqr';

export type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  /** MoMo's create call goes through it (the simulator answers in-process in tests). */
  fetch?: typeof fetch;
};

export const sha256 = (raw: string) => createHash('sha256').update(raw, 'utf8').digest('hex');

/** How a provider runs here (config.ts): live, its local simulator (never in production), or off. */
export function providerMode(config: PaymentDeps['config'], provider: PaymentProvider): ProviderMode {
  const p = config.payments;
  return { VNPAY: p.vnpay.mode, MOMO: p.momo.mode, VIETQR: p.vietqr.mode }[provider];
}

/** The methods on offer: those not off (production without a provider's keys offers none of it). */
export function paymentMethods(config: PaymentDeps['config']): PaymentProvider[] {
  return PAYMENT_PROVIDERS.filter((provider) => providerMode(config, provider) !== 'off');
}

const linkNotFound = () => new NotFoundError(PAYMENT_MSG.linkNotFound, 'PAY_LINK_NOT_FOUND');

async function payableView(db: Db, token: string) {
  const id = await payLinkAppointmentId(db, token);
  const view = id != null ? await appointmentForPayment(db, id) : undefined;
  if (!view) throw linkNotFound();
  return view;
}

/** A signed-in patient pays her own booking from My Appointments: hers only. */
async function ownView(db: Db, appointmentId: number, patientId: number) {
  const view = await appointmentForPayment(db, appointmentId);
  if (!view) throw new NotFoundError(PAYMENT_MSG.notPayable, 'APPOINTMENT_NOT_FOUND');
  if (view.appointment.userId !== patientId) throw new ForbiddenError(APPOINTMENT_MSG.notOwner, 'NOT_OWNER');
  return view;
}

/** The management link's expiry is counted in the clinic's zone. */
type ManagedLinkDeps = PaymentDeps & Pick<AppDeps, 'timeZone'>;

/** The private management link she was sent when she booked: its holder pays as the pay link's would. */
async function managedView(deps: ManagedLinkDeps, manageToken: string) {
  const { appointmentId } = await linkHolder(deps, manageToken);
  const view = await appointmentForPayment(deps.db, appointmentId);
  if (!view) throw linkNotFound();
  return view;
}

type View = Awaited<ReturnType<typeof payableView>>;

function payPageOf(config: PaymentDeps['config'], view: View, now: Date): PayPage {
  const a = view.appointment;
  const due = dueNow(a, now);
  // A booking whose deposit is (or was) asked, and no payment requested since: the page is the deposit's.
  const kind =
    due?.kind ??
    (a.depositAmount != null && a.status !== 'PAYMENT_REQUESTED' && !a.paymentCompleted ? 'DEPOSIT' : 'VISIT');
  return {
    clinicName: CLINIC.name,
    appointmentId: a.id,
    appointmentDate: a.appointmentDate,
    appointmentTime: a.appointmentTime,
    departmentName: view.departmentName ?? a.department,
    kind,
    amount: due?.amount ?? (kind === 'DEPOSIT' ? a.depositAmount : a.paymentAmount),
    depositPaid: depositPaidOf(a),
    depositDueAt: depositHeld(a, now) ? a.depositDueAt!.toISOString() : null,
    paid: kind === 'DEPOSIT' ? a.depositPaidAt != null : a.paymentCompleted || a.status === 'PAID',
    payable: due != null,
    methods: due ? paymentMethods(config) : [],
  };
}

/** The pay page: the clinic, the visit (never its reason), the amount and the methods. */
export async function getPayPage(deps: PaymentDeps, token: string): Promise<PayPage> {
  return payPageOf(deps.config, await payableView(deps.db, token), deps.clock.now());
}

export async function getOwnPayPage(deps: PaymentDeps, appointmentId: number, patientId: number): Promise<PayPage> {
  return payPageOf(deps.config, await ownView(deps.db, appointmentId, patientId), deps.clock.now());
}

export async function getManagedPayPage(deps: ManagedLinkDeps, manageToken: string): Promise<PayPage> {
  return payPageOf(deps.config, await managedView(deps, manageToken), deps.clock.now());
}

export async function startManagedPayment(
  deps: ManagedLinkDeps,
  manageToken: string,
  method: PaymentProvider,
  ipAddress: string,
): Promise<StartPaymentResponse> {
  return startFor(deps, await managedView(deps, manageToken), method, ipAddress);
}

export async function startOwnPayment(
  deps: PaymentDeps,
  appointmentId: number,
  patientId: number,
  method: PaymentProvider,
  ipAddress: string,
): Promise<StartPaymentResponse> {
  return startFor(deps, await ownView(deps.db, appointmentId, patientId), method, ipAddress);
}

/** A reference unique per attempt, letters and digits only (vnp_TxnRef, MoMo orderId, a bank memo). */
export const newReference = (appointmentId: number) =>
  `AT${appointmentId}X${randomBytes(6).toString('hex').toUpperCase()}`;

/** She picks a method: a new attempt in the ledger, and where to pay it. */
export async function startPayment(
  deps: PaymentDeps,
  token: string,
  method: PaymentProvider,
  ipAddress: string,
): Promise<StartPaymentResponse> {
  return startFor(deps, await payableView(deps.db, token), method, ipAddress);
}

async function startFor(
  deps: PaymentDeps,
  view: View,
  method: PaymentProvider,
  ipAddress: string,
): Promise<StartPaymentResponse> {
  const a = view.appointment;
  const now = deps.clock.now();
  const due = dueNow(a, now);
  if (!due) throw new ConflictError(PAYMENT_MSG.notPayable, 'NOT_PAYABLE');
  if (!paymentMethods(deps.config).includes(method)) throw new ConflictError(PAYMENT_MSG.methodOff, 'METHOD_OFF');
  const amount = due.amount;
  const attempt = await insertPaymentAttempt(deps.db, {
    appointmentId: a.id,
    kind: due.kind,
    provider: method,
    reference: newReference(a.id),
    amount,
    createdAt: now,
  });
  const origin = deps.config.publicUrl;
  const p = deps.config.payments;
  // Never her name or health reason: the order's description is the clinic's and the booking number.
  const orderInfo = due.kind === 'DEPOSIT' ? `Dat coc lich kham ${a.id}` : `Thanh toan lich kham ${a.id}`;
  const base = { method, reference: attempt.reference, amount, redirectUrl: null, qrPayload: null, bank: null };
  if (method === 'VNPAY') {
    const paymentUrl =
      p.vnpay.mode === 'simulator' ? `${origin}/api/payments/simulator/vnpay/vpcpay.html` : p.vnpay.paymentUrl;
    return {
      ...base,
      redirectUrl: vnpayPaymentUrl(
        { ...p.vnpay, paymentUrl },
        {
          reference: attempt.reference,
          amount,
          orderInfo,
          returnUrl: `${origin}/pay/result`,
          ipAddress,
          now,
        },
      ),
    };
  }
  if (method === 'MOMO') {
    const endpoint = p.momo.mode === 'simulator' ? `${origin}/api/payments/simulator/momo` : p.momo.endpoint;
    const body = momoCreateRequest(
      { ...p.momo, endpoint },
      {
        reference: attempt.reference,
        amount,
        orderInfo,
        redirectUrl: `${origin}/pay/result`,
        ipnUrl: `${origin}/api/payments/momo/ipn`,
      },
    );
    const answer = await momoCreate({ ...p.momo, endpoint }, body, deps.fetch).catch(() => null);
    if (!answer || answer.resultCode !== 0 || !answer.payUrl)
      throw new ConflictError(PAYMENT_MSG.providerUnavailable, 'PROVIDER_UNAVAILABLE');
    return { ...base, redirectUrl: answer.payUrl };
  }
  return {
    ...base,
    qrPayload: vietQrPayload({
      bankBin: p.vietqr.bankBin,
      accountNo: p.vietqr.accountNo,
      amount,
      memo: attempt.reference,
    }),
    bank: {
      bin: p.vietqr.bankBin,
      name: vietQrBankName(p.vietqr.bankBin),
      accountNo: p.vietqr.accountNo,
      accountName: p.vietqr.accountName,
    },
  };
}

/** One provider notification, verified by its adapter. */
export type ProviderNotice = {
  provider: PaymentProvider;
  reference: string;
  /** Đồng, as the provider reported it. */
  amount: number;
  providerTransactionId: string | null;
  /** Whether the provider says the money was taken. */
  success: boolean;
  rawSha256: string;
};

/**
 * Settles one notification in one transaction: the appointment row is locked first, as a staff's
 * "mark paid" locks it, so whichever comes second sees PAID. A second or late notification changes
 * nothing; a wrong amount is refused and flagged; money for a visit that cannot take it is flagged
 * for refund.
 */
export async function settlePayment(deps: Pick<PaymentDeps, 'db' | 'clock'>, notice: ProviderNotice) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<PaymentNotificationOutcome> => {
    const found = await findPaymentAttempt(tx, notice.reference);
    const record = (outcome: PaymentNotificationOutcome, flag: PaymentFlag | null = null) =>
      insertPaymentNotification(tx, {
        provider: notice.provider,
        reference: notice.reference,
        attemptId: found?.id ?? null,
        appointmentId: found?.appointmentId ?? null,
        amount: notice.amount,
        providerTransactionId: notice.providerTransactionId,
        rawSha256: notice.rawSha256,
        outcome,
        flag,
        receivedAt: now,
      }).then(() => outcome);
    // Money handed over that no payable visit takes (issue 34): flagged, and a refund to track by
    // hand, once per provider transaction (the same notification again opens nothing more).
    const unmatched = async (outcome: PaymentNotificationOutcome, flag: PaymentFlag = 'REFUND') => {
      const id = notice.providerTransactionId;
      if (!notice.success || notice.amount <= 0 || !id) return record(outcome);
      const money = {
        appointmentId: found?.appointmentId ?? null,
        provider: notice.provider,
        reference: notice.reference,
        receivedTransactionId: id,
        amount: notice.amount,
      };
      return record(outcome, (await openUnmatchedRefund(tx, money, now)) ? flag : null);
    };
    // A reference of ours that another provider names (a transfer quoting a VNPay order) pays nothing.
    if (!found || found.provider !== notice.provider) return unmatched('UNKNOWN_ORDER');
    const row = await lockAppointmentForPayment(tx, found.appointmentId);
    const attempt = (await lockPaymentAttempt(tx, found.id))!;
    if (attempt.status !== 'PENDING') {
      // The same transaction notified again (a provider's retry, a webhook resent) is nothing new;
      // another one for a settled reference (a second transfer) is money to give back.
      const again =
        notice.providerTransactionId != null && notice.providerTransactionId === attempt.providerTransactionId;
      return again ? record('DUPLICATE') : unmatched('DUPLICATE');
    }
    if (notice.amount !== attempt.amount) return unmatched('AMOUNT_MISMATCH', 'AMOUNT_MISMATCH');
    if (!notice.success) {
      await settlePaymentAttempt(tx, attempt.id, {
        status: 'FAILED',
        providerTransactionId: notice.providerTransactionId,
        paidAt: null,
      });
      return record('FAILED');
    }
    const settled = { providerTransactionId: notice.providerTransactionId, paidAt: now };
    const deposit = attempt.kind === 'DEPOSIT';
    // A deposit is taken while the booking still holds its slot: paid after the job released it
    // (cancelled), the money is flagged for refund as for any cancelled visit.
    if (!row || !(deposit ? depositPayable(row) : payableByProvider(row))) {
      // The money came, but not as this visit's payment: kept in the ledger for staff to refund.
      await settlePaymentAttempt(tx, attempt.id, { status: 'REFUND_DUE', ...settled });
      await openRefundForAttempt(tx, attempt, now);
      if (row?.status === 'CANCELLED') {
        await flagRefund(tx, row, now);
        return record('CANCELLED_REFUND', 'REFUND');
      }
      return record(row ? 'ALREADY_PAID' : 'CANCELLED_REFUND', 'REFUND');
    }
    await settlePaymentAttempt(tx, attempt.id, { status: 'PAID', ...settled });
    const payment = {
      amount: attempt.amount,
      providerLabel: PAYMENT_PROVIDER_LABELS[attempt.provider],
      reference: attempt.reference,
    };
    await (deposit ? markDepositPaid : markPaidByProvider)(tx, row, payment, now);
    return record('PAID');
  });
}

/**
 * What the return page shows: the provider's signed return (VNPay's vnp_* query, or MoMo's redirect
 * fields) checked, then the attempt's status as the IPN left it. Nothing changes here.
 */
export async function paymentReturn(deps: Pick<PaymentDeps, 'db' | 'config'>, query: Record<string, string>) {
  const p = deps.config.payments;
  // A provider that is off signs nothing here: whatever claims to be its return is not verified.
  const reference = query.vnp_TxnRef
    ? p.vnpay.mode !== 'off' && vnpayVerify(query, p.vnpay.hashSecret) && query.vnp_TxnRef
    : p.momo.mode !== 'off' &&
      momoIpnSchemaLike(query) &&
      momoVerifyIpn(p.momo, query as unknown as MomoIpn) &&
      query.orderId;
  const attempt = reference ? await findPaymentAttempt(deps.db, reference) : undefined;
  if (!attempt) return { verified: false, status: null, amount: null, provider: null };
  return { verified: true, status: attempt.status, amount: attempt.amount, provider: attempt.provider };
}

const MOMO_FIELDS = [
  'partnerCode',
  'orderId',
  'requestId',
  'amount',
  'orderInfo',
  'orderType',
  'transId',
  'resultCode',
  'message',
  'payType',
  'responseTime',
  'extraData',
  'signature',
];
const momoIpnSchemaLike = (q: Record<string, string>) => MOMO_FIELDS.every((f) => typeof q[f] === 'string');

/** The booking detail's payment: every attempt and what staff must look at. */
export async function appointmentPayments(deps: Pick<PaymentDeps, 'db'>, appointmentId: number) {
  const [payments, flags, refunds] = await Promise.all([
    listPaymentAttempts(deps.db, appointmentId),
    listPaymentFlags(deps.db, appointmentId),
    appointmentRefunds(deps.db, appointmentId),
  ]);
  return {
    payments: payments.map((p) => ({ ...p, paidAt: p.paidAt?.toISOString() ?? null })),
    flags: flags.map((f) => ({
      flag: f.flag!,
      reference: f.reference ?? '',
      amount: f.amount,
      receivedAt: f.receivedAt.toISOString(),
    })),
    refunds,
  };
}

/**
 * What the appointments module asks of payments (deps.ts), given at startup by app.ts: payments sit
 * above appointments, so appointments reach them only through these.
 */
export const visitPayments: VisitPayments = {
  methods: paymentMethods,
  newPayLink,
  issuePayLink,
  payLinkUrl,
  visitEnded: openRefundsOnCancel,
  openSurplusRefund,
  sendRefunds: sendAppointmentRefunds,
};

import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  clinicMoment,
  formatDate,
  formatTimeOnDate,
  formatVnd,
  PAYMENT_MSG,
  PAYMENT_PROVIDER_LABELS,
  type PaymentProvider,
  type PayPage as PayPageData,
  type StartPaymentResponse,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { usePayPage } from './api/get-pay-page';
import { useStartPayment } from './api/start-payment';
import { VietQrTransfer } from './components/vietqr-transfer';

export const PAY_TITLE = 'Thanh toán lịch khám';

/**
 * /pay/:token (issue 28): the patient's private pay page from the payment request. The clinic, the
 * visit (never its health reason), the amount, and VNPay, MoMo or a VietQR transfer (the account to copy on
 * the phone she pays from, and the code for another device). Never indexed.
 */
export default function PayPage() {
  const { token = '' } = useParams();
  const query = usePayPage(token);
  const start = useStartPayment();
  return (
    <PayScreen
      query={query}
      start={start}
      startWith={(method, onSuccess) => start.mutate({ token, method }, { onSuccess })}
    />
  );
}

/** "09:15 ngày 01/03/2027", in the clinic's zone. */
function untilText(iso: string): string {
  const until = clinicMoment(new Date(iso), clinicTimeZone());
  return formatTimeOnDate(until.time, until.date);
}

type StartMutation = { isPending: boolean; isError: boolean; error: Error | null };

/** The pay page's frame, the same for the e-mailed link and for her own booking from My Appointments. */
export function PayScreen({
  query,
  start,
  startWith,
}: {
  query: UseQueryResult<PayPageData>;
  start: StartMutation;
  startWith: (method: PaymentProvider, onSuccess: (answer: StartPaymentResponse) => void) => void;
}) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{PAY_TITLE}</h1>
      {query.isPending ? (
        <Spinner size="lg" label="Đang tải..." />
      ) : query.isError ? (
        <Alert title="Không mở được trang thanh toán">{PAYMENT_MSG.linkNotFound}</Alert>
      ) : (
        <PayPanel page={query.data} start={start} startWith={startWith} />
      )}
    </div>
  );
}

function PayPanel({
  page,
  start,
  startWith,
}: {
  page: PayPageData;
  start: StartMutation;
  startWith: (method: PaymentProvider, onSuccess: (answer: StartPaymentResponse) => void) => void;
}) {
  const [qr, setQr] = useState<StartPaymentResponse | null>(null);
  const pay = (method: PaymentProvider) =>
    startWith(method, (answer) => {
      if (answer.redirectUrl) window.location.assign(answer.redirectUrl);
      else setQr(answer);
    });
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <dl className="space-y-1 text-sm text-slate-700">
        <div>
          <dt className="inline font-medium">Phòng khám: </dt>
          <dd className="inline">{page.clinicName}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Lịch khám: </dt>
          <dd className="inline">
            #{page.appointmentId} · {page.appointmentTime} ngày {formatDate(page.appointmentDate)}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Khoa: </dt>
          <dd className="inline">{page.departmentName}</dd>
        </div>
      </dl>
      <p className="text-lg">
        {page.kind === 'DEPOSIT' ? `${PAYMENT_MSG.depositLabel}: ` : 'Số tiền: '}
        <strong className="text-2xl text-slate-900">{formatVnd(page.amount)}</strong>
      </p>
      {page.kind === 'VISIT' && page.depositPaid > 0 && (
        <p className="text-sm text-slate-600">
          {PAYMENT_MSG.depositDeducted}: {formatVnd(page.depositPaid)}
        </p>
      )}
      {page.depositDueAt && !page.paid && (
        <Alert tone="info">{PAYMENT_MSG.depositHeld(formatVnd(page.amount), untilText(page.depositDueAt))}</Alert>
      )}
      {page.paid ? (
        <Alert tone="success" title={PAYMENT_MSG.paid}>
          Phòng khám đã nhận được khoản thanh toán. Xin cảm ơn!
        </Alert>
      ) : !page.payable ? (
        <Alert tone="info">{PAYMENT_MSG.notPayable}</Alert>
      ) : page.methods.length === 0 ? (
        // The clinic takes no payment online (production without provider keys, issue 34).
        <Alert tone="info">{PAYMENT_MSG.noOnlineMethods}</Alert>
      ) : qr ? (
        <VietQrTransfer answer={qr} />
      ) : (
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-700">Chọn cách thanh toán:</p>
          {page.methods.map((m) => (
            <Button key={m} className="w-full" disabled={start.isPending} onClick={() => pay(m)}>
              {PAYMENT_PROVIDER_LABELS[m]}
            </Button>
          ))}
          {start.isError && <Alert>{start.error?.message}</Alert>}
        </div>
      )}
    </div>
  );
}

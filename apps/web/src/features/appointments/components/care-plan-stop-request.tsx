import { useState } from 'react';
import { CircleStop } from 'lucide-react';
import { formatDate, type PatientCarePlan } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { errorMessage } from '@/lib/error-message';
import { STOP_REQUEST_FAILED } from '../api/ask-stop-my-care-plan';
import { Hotline } from '../shared/private-link-parts';

export const STOP_REQUEST_LABEL = 'Yêu cầu dừng kế hoạch';

/** How her request is sent: My Appointments by her account, the private link by its token. */
export type StopRequestSender = {
  send: (callbacks: { onSuccess: (result: { message: string }) => void }) => void;
  pending: boolean;
  error: Error | null;
  reset: () => void;
};

/**
 * 'Yêu cầu dừng kế hoạch' (docs/PRODUCT.md §15): she cannot stop her plan herself; she asks, the
 * clinic calls her and stops it. Once asked, the plan says so with the day she asked.
 */
export function CarePlanStopRequest({
  plan,
  sender,
}: {
  plan: Pick<PatientCarePlan, 'name' | 'status' | 'stopRequestedAt'>;
  sender: StopRequestSender;
}) {
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (plan.status !== 'ACTIVE') return null;

  const askedAt = plan.stopRequestedAt;
  if (askedAt || sent) {
    return (
      <div className="space-y-2">
        {sent && <Alert tone="success">{sent}</Alert>}
        <p className="text-sm text-slate-700">
          {askedAt
            ? `Bạn đã gửi yêu cầu dừng kế hoạch ngày ${formatDate(askedAt, clinicTimeZone())}.`
            : 'Bạn đã gửi yêu cầu dừng kế hoạch.'}{' '}
          Phòng khám sẽ liên hệ với bạn; các lượt khám đã đặt vẫn giữ nguyên cho đến khi đó. Cần hỗ trợ? Gọi hotline{' '}
          <Hotline />.
        </p>
      </div>
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        onClick={() => {
          sender.reset();
          setConfirming(true);
        }}
      >
        <CircleStop aria-hidden="true" className="size-4" />
        {STOP_REQUEST_LABEL}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={STOP_REQUEST_LABEL}
        confirmLabel="Gửi yêu cầu"
        cancelLabel="Quay lại"
        loading={sender.pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          sender.send({
            onSuccess: (result) => {
              setConfirming(false);
              setSent(result.message);
            },
          })
        }
        message={
          <div className="space-y-3">
            <p>
              Bạn muốn dừng kế hoạch <strong>{plan.name}</strong>? Yêu cầu sẽ được gửi đến phòng khám; phòng khám sẽ
              liên hệ với bạn để xác nhận trước khi dừng. Các lượt khám đã đặt vẫn giữ nguyên cho đến khi đó.
            </p>
            {sender.error && <Alert tone="error">{errorMessage(sender.error, STOP_REQUEST_FAILED)}</Alert>}
          </div>
        }
      />
    </>
  );
}

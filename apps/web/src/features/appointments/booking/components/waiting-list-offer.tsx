import { useId, type ReactNode } from 'react';
import { BellRing } from 'lucide-react';
import { APPOINTMENT_MSG, WAITING_HOLD_MINUTES } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

type WaitingListOfferProps = {
  onJoin: () => void;
  pending: boolean;
  error: string | null;
  /** Her consent to be kept on the list (the box she ticks first). */
  children?: ReactNode;
};

/**
 * Shown under a full slot's answer (docs/PRODUCT.md §10): instead of a dead end, her name on the
 * slot's waiting list. She is told what happens before she asks: an e-mail, a place held 30 minutes.
 */
export function WaitingListOffer({ onJoin, pending, error, children }: WaitingListOfferProps) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <p id={`${id}-title`} className="font-semibold text-brand-900">
        Vẫn muốn khám vào khung giờ này?
      </p>
      <p id={`${id}-text`} className="text-sm text-brand-900">
        Ghi tên vào danh sách chờ: khi có người hủy lịch, chúng tôi nhắn tin cho bạn (Zalo hoặc SMS, và email nếu có) và
        giữ chỗ trong {WAITING_HOLD_MINUTES} phút. Cần họ tên và số điện thoại ở trên.
      </p>
      {children}
      <Button type="button" variant="secondary" onClick={onJoin} loading={pending} className="w-full sm:w-auto">
        <BellRing aria-hidden="true" className="size-4" />
        {pending ? 'Đang ghi tên...' : APPOINTMENT_MSG.waitingJoin}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

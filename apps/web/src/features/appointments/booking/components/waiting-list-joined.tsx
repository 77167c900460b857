import { Link } from 'react-router';
import { BellRing, CalendarPlus, ListOrdered } from 'lucide-react';
import { WAITING_HOLD_MINUTES, type WaitingListJoinResponse } from '@clinic/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ConfirmationPanel, SlotSummary } from '../../shared/confirmation-panel';

export type JoinedWaitingList = {
  response: WaitingListJoinResponse;
  fullName: string;
  appointmentDate: string;
  appointmentTime: string;
  departmentName: string;
};

/** Shown in place of the form once her name is on a full slot's waiting list. */
export function WaitingListJoined({ joined, onBookAnother }: { joined: JoinedWaitingList; onBookAnother: () => void }) {
  return (
    <ConfirmationPanel
      id="waiting-joined-title"
      tone="brand"
      icon={BellRing}
      title="Đã ghi tên vào danh sách chờ"
      subtitle={`Vị trí của bạn: số ${joined.response.position}`}
      message={joined.response.message}
    >
      <SlotSummary personLabel="Người chờ" {...joined} />

      <p className="text-sm text-slate-700">
        Khi có chỗ trống, lời mời nhận chỗ sẽ được nhắn tới điện thoại của bạn (Zalo hoặc SMS) và email nếu bạn đã nhập;
        chỗ được giữ trong {WAITING_HOLD_MINUTES} phút. Bạn cũng có thể theo dõi vị trí, nhận chỗ hoặc rời danh sách chờ
        bằng liên kết riêng dưới đây.
      </p>

      <div className="flex flex-col gap-3 sm:flex-row">
        {joined.response.token && (
          <Link
            to={paths.waitingList.href(joined.response.token)}
            className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}
          >
            <ListOrdered aria-hidden="true" className="size-5" />
            Theo dõi danh sách chờ
          </Link>
        )}
        <Button size="lg" variant="secondary" className="w-full sm:w-auto" onClick={onBookAnother}>
          <CalendarPlus aria-hidden="true" className="size-5" />
          Đặt lịch hẹn khác
        </Button>
      </div>
    </ConfirmationPanel>
  );
}

import { History } from 'lucide-react';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function BookingHistoryPage() {
  usePageTitle('Lịch sử Đặt lịch');
  return (
    <PlaceholderPanel
      title="Lịch sử Đặt lịch"
      subtitle="Booking History"
      icon={History}
      description="Các lịch hẹn đã hoàn thành, đã hủy hoặc không đến khám, cùng thống kê và xuất CSV, sẽ được hiển thị tại đây."
    />
  );
}

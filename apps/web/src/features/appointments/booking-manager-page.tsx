import { CalendarCheck } from 'lucide-react';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function BookingManagerPage() {
  usePageTitle('Quản lý Lịch hẹn');
  return (
    <PlaceholderPanel
      title="Quản lý Lịch hẹn"
      subtitle="Booking Manager"
      icon={CalendarCheck}
      description="Xem, chỉnh sửa, chỉ định bác sĩ, yêu cầu thanh toán và xử lý hàng loạt lịch hẹn sẽ được thực hiện tại đây."
    />
  );
}

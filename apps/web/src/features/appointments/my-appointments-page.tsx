import { CalendarCheck } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function MyAppointmentsPage() {
  usePageTitle('Lịch hẹn của tôi');
  return (
    <PageContainer>
      <PlaceholderPanel
        title="Lịch hẹn của tôi"
        icon={CalendarCheck}
        description="Danh sách lịch hẹn sắp tới, đã hoàn thành và đã hủy của bạn sẽ được hiển thị tại đây."
      />
    </PageContainer>
  );
}

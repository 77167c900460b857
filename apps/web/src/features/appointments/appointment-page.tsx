import { CalendarPlus } from 'lucide-react';
import { CLINIC } from '@clinic/shared';
import { PageContainer } from '@/components/page-container';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function AppointmentPage() {
  usePageTitle('Đặt lịch khám', 'Đặt lịch khám trực tuyến tại Phòng khám Sức khỏe Sinh sản An Tâm, không cần tài khoản.');
  return (
    <PageContainer>
      <PlaceholderPanel
        title="Đặt lịch khám"
        subtitle="Đặt lịch hẹn trực tuyến"
        icon={CalendarPlus}
        description={`Biểu mẫu đặt lịch trực tuyến sẽ sớm có mặt. Trong lúc chờ đợi, vui lòng gọi ${CLINIC.phone} để được đặt lịch.`}
      />
    </PageContainer>
  );
}

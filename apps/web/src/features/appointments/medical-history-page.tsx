import { ClipboardList } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function MedicalHistoryPage() {
  usePageTitle('Lịch sử khám bệnh');
  return (
    <PageContainer>
      <PlaceholderPanel
        title="Lịch sử khám bệnh"
        icon={ClipboardList}
        description="Các lần khám đã hoàn thành cùng ghi chú của bác sĩ sẽ được hiển thị tại đây."
      />
    </PageContainer>
  );
}

import { UserRound } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function ProfilePage() {
  usePageTitle('Hồ sơ cá nhân');
  return (
    <PageContainer>
      <PlaceholderPanel
        title="Hồ sơ cá nhân"
        icon={UserRound}
        description="Bạn sẽ có thể xem và cập nhật họ tên, ngày sinh, giới tính và số điện thoại tại đây."
      />
    </PageContainer>
  );
}

import { Newspaper } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function BlogListPage() {
  usePageTitle('Blog sức khỏe', 'Bài viết về sức khỏe sinh sản và phòng bệnh từ các bác sĩ của Phòng khám An Tâm.');
  return (
    <PageContainer>
      <PlaceholderPanel
        title="Blog sức khỏe"
        subtitle="Blog"
        icon={Newspaper}
        description="Các bài viết về sức khỏe sinh sản, phòng bệnh và lối sống lành mạnh sẽ sớm được đăng tại đây."
      />
    </PageContainer>
  );
}

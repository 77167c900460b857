import { Newspaper } from 'lucide-react';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function BlogControlPage() {
  usePageTitle('Blog Control');
  return (
    <PlaceholderPanel
      title="Blog Control"
      subtitle="Quản lý bài viết"
      icon={Newspaper}
      description="Viết, chỉnh sửa, xuất bản và đánh dấu nổi bật các bài viết sức khỏe sẽ được thực hiện tại đây."
    />
  );
}

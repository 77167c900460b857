import { Link, useParams } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

export default function BlogPostPage() {
  const { id } = useParams();
  usePageTitle('Bài viết');
  return (
    <PageContainer>
      <PlaceholderPanel
        title="Bài viết"
        subtitle={id ? `Blog · Bài viết #${id}` : 'Blog'}
        icon={FileText}
        description="Nội dung bài viết và phần bình luận sẽ được hiển thị tại đây."
      >
        <Link to={paths.blog} className={buttonClasses({ variant: 'secondary' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Quay lại Blog
        </Link>
      </PlaceholderPanel>
    </PageContainer>
  );
}

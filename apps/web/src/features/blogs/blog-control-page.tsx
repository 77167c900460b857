import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { can, type BlogSummary } from '@clinic/shared';
import { ErrorBoundary } from '@/components/error-boundary';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';
import { BlogFormModal } from './admin/blog-form-modal';
import { BlogPostsPanel } from './admin/blog-posts-panel';
import { TabList } from '@/components/ui/tab-list';
import { useBackOfficeText } from '@/hooks/use-back-office-text';

type Tab = 'posts' | 'comments';

const TABS = [
  { value: 'posts' as const, label: 'Bài viết', tabId: 'blog-tab-posts', panelId: 'blog-panel-posts' },
  { value: 'comments' as const, label: 'Bình luận', tabId: 'blog-tab-comments', panelId: 'blog-panel-comments' },
];

/** /admin/blogs — Blog Control (ADMIN, DOCTOR, STAFF): posts, and for admin and staff the comments. */
/** Blog Control; `moderation` is the comments tab's panel (the comments feature's, composed by the app). */
export default function BlogControlPage({ moderation }: { moderation?: ReactNode }) {
  usePageTitle('Blog Control');
  const user = useCurrentUser();
  const t = useBackOfficeText();
  // Comment moderation uses the admin comment calls (specification section 6): shared's permission table says who.
  const canModerate = can(user.role, 'moderateComments');
  const [search, setSearch] = useSearchParams();
  const tab: Tab = canModerate && search.get('tab') === 'comments' ? 'comments' : 'posts';
  const [editor, setEditor] = useState<{ blogId: number | null } | null>(null);

  function selectTab(next: Tab) {
    setSearch(
      (previous) => {
        const out = new URLSearchParams(previous);
        if (next === 'comments') out.set('tab', 'comments');
        else out.delete('tab');
        return out;
      },
      { replace: true },
    );
  }

  const openCreate = () => setEditor({ blogId: null });
  const openEdit = (blog: BlogSummary) => setEditor({ blogId: blog.id });

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-700">Quản lý bài viết</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('Blog Control')}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Viết, xuất bản và đánh dấu nổi bật các bài viết sức khỏe
            {canModerate ? '; duyệt bình luận của bạn đọc.' : '.'}
          </p>
        </div>
        <Button onClick={openCreate} className="self-start sm:self-auto">
          <Plus aria-hidden="true" className="size-4" />
          Thêm bài viết
        </Button>
      </header>

      {canModerate && (
        <TabList
          label="Blog Control"
          tabs={TABS}
          value={tab}
          onChange={selectTab}
          className="border-b border-slate-200"
        />
      )}

      {tab === 'posts' ? (
        <section
          {...(canModerate
            ? { id: TABS[0]!.panelId, role: 'tabpanel', 'aria-labelledby': TABS[0]!.tabId }
            : { 'aria-label': 'Bài viết' })}
        >
          <ErrorBoundary>
            <BlogPostsPanel onCreate={openCreate} onEdit={openEdit} />
          </ErrorBoundary>
        </section>
      ) : (
        <section id={TABS[1]!.panelId} role="tabpanel" aria-labelledby={TABS[1]!.tabId}>
          <ErrorBoundary>{moderation}</ErrorBoundary>
        </section>
      )}

      <BlogFormModal
        open={editor !== null}
        blogId={editor?.blogId ?? null}
        defaultAuthor={user.fullName || user.username}
        onClose={() => setEditor(null)}
      />
    </div>
  );
}

import BlogControlPage from '@/features/blogs/blog-control-page';
import BlogListPage from '@/features/blogs/blog-list-page';
import BlogPostPage from '@/features/blogs/blog-post-page';
import { CommentModerationPanel } from '@/features/comments/components/comment-moderation-panel';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';

// Features never import each other; the app puts them together on a page.

export function BlogListRoute() {
  return <BlogListPage aside={<NewsletterBox />} />;
}

export function BlogPostRoute() {
  return <BlogPostPage comments={(postId) => <CommentsSection postId={postId} />} />;
}

export function BlogControlRoute() {
  return <BlogControlPage moderation={<CommentModerationPanel />} />;
}

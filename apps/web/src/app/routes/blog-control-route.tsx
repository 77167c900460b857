import BlogControlPage from '@/features/blogs/blog-control-page';
import { CommentModerationPanel } from '@/features/comments/components/comment-moderation-panel';

// Features never import each other; the app puts them together on a page (the back-office's, in a
// chunk no public page loads).

export default function BlogControlRoute() {
  return <BlogControlPage moderation={<CommentModerationPanel />} />;
}

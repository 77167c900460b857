import BlogPostPage from '@/features/blogs/blog-post-page';
import { CommentsSection } from '@/features/comments/components/comments-section';

// Features never import each other; the app puts them together on a page.

export default function BlogPostRoute() {
  return <BlogPostPage comments={(postId) => <CommentsSection postId={postId} />} />;
}

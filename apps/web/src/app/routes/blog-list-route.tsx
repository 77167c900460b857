import BlogListPage from '@/features/blogs/blog-list-page';
import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';

// Features never import each other; the app puts them together on a page. Each blog route is its
// own module, so the list downloads neither the post's Markdown renderer nor Blog Control.

export default function BlogListRoute() {
  return <BlogListPage aside={<NewsletterBox />} />;
}

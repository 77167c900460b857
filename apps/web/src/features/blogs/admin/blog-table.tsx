import { useMediaQuery } from '@/hooks/use-media-query';
import { BlogDesktopTable } from './blog-desktop-table';
import { BlogPhoneList } from './blog-phone-list';
import type { BlogListProps } from './blog-row-parts';

/** The posts of one page: a table from tablet width up, a list of cards on a phone. */
export function BlogTable(props: BlogListProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <BlogDesktopTable {...props} /> : <BlogPhoneList {...props} />;
}

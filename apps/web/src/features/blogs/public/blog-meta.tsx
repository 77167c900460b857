import { CalendarDays, Clock, UserRound } from 'lucide-react';
import { formatDate, type BlogSummary } from '@clinic/shared';
import { cn } from '@/lib/cn';

/** Author, date (Vietnamese order) and reading time of a post. */
export function BlogMeta({
  post,
  className,
}: {
  post: Pick<BlogSummary, 'author' | 'date' | 'readTime'>;
  className?: string;
}) {
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600', className)}>
      <li className="inline-flex items-center gap-1.5">
        <UserRound aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">Tác giả: </span>
        {post.author}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">Ngày đăng: </span>
        <time dateTime={post.date}>{formatDate(post.date)}</time>
      </li>
      {post.readTime && (
        <li className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">Thời gian đọc: </span>
          {post.readTime}
        </li>
      )}
    </ul>
  );
}

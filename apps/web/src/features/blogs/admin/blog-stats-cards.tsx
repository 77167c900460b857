import { Archive, FilePen, FileText, Globe, Star, type LucideIcon } from 'lucide-react';
import type { BlogStats } from '@clinic/shared';
import { cn } from '@/lib/cn';

const CARDS: ReadonlyArray<{ key: keyof BlogStats; label: string; icon: LucideIcon; tone: string }> = [
  { key: 'total', label: 'Tổng số bài viết', icon: FileText, tone: 'bg-brand-50 text-brand-700' },
  { key: 'published', label: 'Đã xuất bản', icon: Globe, tone: 'bg-emerald-50 text-emerald-700' },
  { key: 'draft', label: 'Bản nháp', icon: FilePen, tone: 'bg-amber-50 text-amber-700' },
  { key: 'archived', label: 'Đã lưu trữ', icon: Archive, tone: 'bg-slate-100 text-slate-700' },
  { key: 'featured', label: 'Nổi bật', icon: Star, tone: 'bg-accent-50 text-accent-700' },
];

/** The stats cards: counts of every post, whatever the filters, as the server reports them. */
export function BlogStatsCards({ stats }: { stats: BlogStats | undefined }) {
  return (
    <ul aria-label="Thống kê bài viết" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <li key={key} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-xs leading-tight font-medium text-slate-600 sm:text-sm">{label}</p>
            <p className="text-xl font-bold text-slate-900 tabular-nums">{stats ? stats[key] : '–'}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

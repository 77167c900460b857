import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Không tìm thấy trang');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-slate-900">404 — Không tìm thấy trang</h1>
      <p className="mt-3 text-slate-600">Trang bạn tìm không tồn tại hoặc đã được chuyển đi nơi khác.</p>
      <Link to={paths.home} className={buttonClasses({ className: 'mt-8' })}>
        Về trang chủ
      </Link>
    </div>
  );
}

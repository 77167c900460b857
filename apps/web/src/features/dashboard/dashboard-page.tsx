import { LayoutDashboard } from 'lucide-react';
import { ROLE_LABELS } from '@clinic/shared';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { Badge } from '@/components/ui/badge';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useCurrentUser();
  return (
    <div className="space-y-6">
      <div className="rounded-2xl bg-gradient-to-r from-brand-800 to-brand-700 p-6 text-white shadow-sm sm:p-8">
        <p className="text-sm text-brand-100">Trang quản trị</p>
        <p className="mt-1 text-2xl font-bold">Xin chào, {user.fullName || user.username}!</p>
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-brand-50">
          Vai trò:
          <Badge tone="brand">{ROLE_LABELS[user.role]}</Badge>
        </p>
      </div>
      <PlaceholderPanel
        title="Dashboard"
        subtitle="Tổng quan"
        icon={LayoutDashboard}
        description="Bảng tổng quan với số liệu lịch hẹn, doanh thu và thanh toán chờ xử lý sẽ sớm có mặt tại đây."
      />
    </div>
  );
}

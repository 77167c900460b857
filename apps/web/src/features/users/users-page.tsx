import { Users } from 'lucide-react';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function UsersPage() {
  usePageTitle('User Management');
  return (
    <PlaceholderPanel
      title="User Management"
      subtitle="Quản lý người dùng"
      icon={Users}
      description="Search, filter, create, edit and import user accounts from Excel — coming soon."
    />
  );
}

import { ClipboardClock } from 'lucide-react';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function PendingApprovalsPage() {
  usePageTitle('Pending Approvals');
  return (
    <PlaceholderPanel
      title="Appointments Pending Your Approval"
      subtitle="Lịch hẹn chờ phê duyệt"
      icon={ClipboardClock}
      description="Appointments assigned to you will appear here, to view, accept or decline."
    />
  );
}

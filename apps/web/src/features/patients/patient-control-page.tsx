import { Stethoscope } from 'lucide-react';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { usePageTitle } from '@/hooks/use-page-title';

export default function PatientControlPage() {
  usePageTitle('Patient Control');
  return (
    <PlaceholderPanel
      title="Patient Control"
      subtitle="Quản lý bệnh nhân"
      icon={Stethoscope}
      description="Patients, their contact details, appointments and examination notes will be managed here."
    />
  );
}

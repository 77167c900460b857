import { lazy, Suspense } from 'react';
import { patientVisitOf } from '@clinic/shared';
import type { DoctorVisitWindows } from '@/features/dashboard/components/doctor-days-panel';
import DashboardPage from '@/features/dashboard/dashboard-page';

// Features never import each other; the app gives the doctor's today the windows of Pending
// Approvals and Patient Control, each loaded when he first opens it.
const AcceptAssignmentModal = lazy(() =>
  import('@/features/approvals/components/accept-assignment-modal').then((m) => ({ default: m.AcceptAssignmentModal })),
);
const ExaminationNotesModal = lazy(() =>
  import('@/features/patients/components/examination-notes-modal').then((m) => ({
    default: m.ExaminationNotesModal,
  })),
);
const NoShowDialog = lazy(() =>
  import('@/features/patients/components/no-show-dialog').then((m) => ({ default: m.NoShowDialog })),
);

const VISIT_WINDOWS: DoctorVisitWindows = {
  accept: (appointment, onClose) => (
    <Suspense fallback={null}>
      <AcceptAssignmentModal appointment={appointment} onClose={onClose} />
    </Suspense>
  ),
  notes: (appointment, onClose) => (
    <Suspense fallback={null}>
      <ExaminationNotesModal
        patientName={appointment.fullName}
        visits={[patientVisitOf(appointment)]}
        onClose={onClose}
      />
    </Suspense>
  ),
  noShow: (appointment, onClose) => (
    <Suspense fallback={null}>
      <NoShowDialog patientName={appointment.fullName} visits={[patientVisitOf(appointment)]} onClose={onClose} />
    </Suspense>
  ),
};

export default function DashboardRoute() {
  return <DashboardPage visitWindows={VISIT_WINDOWS} />;
}

import { lazy, Suspense } from 'react';
import { can, patientVisitOf } from '@clinic/shared';
import type { DoctorVisitWindows } from '@/features/dashboard/components/doctor-days-panel';
import DashboardPage from '@/features/dashboard/dashboard-page';
import { useCurrentUser } from '@/hooks/use-current-user';

// Features never import each other; the app gives the doctor's today the windows of Pending
// Approvals, Patient Control and the care plans' start, each loaded when he first opens it.
const AcceptAssignmentModal = lazy(() =>
  import('@/features/approvals/components/accept-assignment-modal').then((m) => ({ default: m.AcceptAssignmentModal })),
);
const ExaminationNotesModal = lazy(() =>
  import('@/features/patients/components/examination-notes-modal').then((m) => ({
    default: m.ExaminationNotesModal,
  })),
);
const StartCarePlanModal = lazy(() =>
  import('@/features/care-plans/components/start-care-plan-modal').then((m) => ({ default: m.StartCarePlanModal })),
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

/** After a visit, a plan for her (issue 37): the start window with her name, phone and e-mail in it. */
const START_PLAN: NonNullable<DoctorVisitWindows['startPlan']> = (appointment, onClose) => (
  <Suspense fallback={null}>
    <StartCarePlanModal
      prefill={{ fullName: appointment.fullName, phone: appointment.phone, email: appointment.email }}
      onClose={onClose}
    />
  </Suspense>
);

export default function DashboardRoute() {
  const user = useCurrentUser();
  const windows = can(user.role, 'startCarePlans') ? { ...VISIT_WINDOWS, startPlan: START_PLAN } : VISIT_WINDOWS;
  return <DashboardPage visitWindows={windows} />;
}

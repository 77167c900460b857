import { lazy, Suspense } from 'react';
import { can } from '@clinic/shared';
import BookingManagerPage from '@/features/bookings/booking-manager-page';
import { useCurrentUser } from '@/hooks/use-current-user';

// Features never import each other; the app gives the Booking Manager's appointment the care plans'
// start window (issue 37), loaded when it is first opened.
const StartCarePlanModal = lazy(() =>
  import('@/features/care-plans/components/start-care-plan-modal').then((m) => ({ default: m.StartCarePlanModal })),
);

export default function BookingManagerRoute() {
  const user = useCurrentUser();
  return (
    <BookingManagerPage
      windows={{
        startCarePlan: {
          allowed: can(user.role, 'startCarePlans'),
          open: (appointment, onClose) => (
            <Suspense fallback={null}>
              <StartCarePlanModal
                prefill={{ fullName: appointment.fullName, phone: appointment.phone, email: appointment.email }}
                onClose={onClose}
              />
            </Suspense>
          ),
        },
      }}
    />
  );
}

import { useState } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { Spinner } from '@/components/ui/spinner';
import { useBookingIdentity } from '../hooks/use-booking-identity';
import { BookingForm } from './booking-form';
import { BookingSuccess, type BookedAppointment } from './booking-success';
import { WaitingListJoined, type JoinedWaitingList } from './waiting-list-joined';

/**
 * The form, or the confirmation once booked (or once on a full slot's waiting list). "Book another" brings back a fresh form: the
 * signed-in patient's identity stays, everything else is empty again.
 */
export function BookingPanel({ now }: { now: Date }) {
  const { status, identity } = useBookingIdentity();
  const [booked, setBooked] = useState<BookedAppointment | null>(null);
  const [waiting, setWaiting] = useState<JoinedWaitingList | null>(null);
  const [bookedBefore, setBookedBefore] = useState(false);

  if (status === 'loading') {
    return (
      <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <Spinner size="lg" label="Đang tải thông tin tài khoản..." />
        <p aria-hidden="true" className="text-sm text-slate-600">
          Đang tải thông tin tài khoản...
        </p>
      </div>
    );
  }

  if (waiting) {
    return (
      <WaitingListJoined
        joined={waiting}
        onBookAnother={() => {
          setWaiting(null);
          setBookedBefore(true);
        }}
      />
    );
  }

  if (booked) {
    return (
      <BookingSuccess
        booked={booked}
        showMyAppointments={status === 'patient'}
        onBookAnother={() => {
          setBooked(null);
          setBookedBefore(true);
        }}
      />
    );
  }

  return (
    <ErrorBoundary>
      <BookingForm
        now={now}
        identity={identity}
        onBooked={setBooked}
        onWaiting={setWaiting}
        focusOnMount={bookedBefore}
      />
    </ErrorBoundary>
  );
}

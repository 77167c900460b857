import { useState } from 'react';
import { screen } from '@testing-library/react';
import { APPOINTMENT_MSG, DEPARTMENTS, type AvailabilityResponse, type User } from '@clinic/shared';
import { errorBody, mockFetch, pickDate } from '@/testing/render-app';
import { BookingForm } from './components/booking-form';
import type { BookedAppointment } from './components/booking-success';

/** Tuesday 10 March 2026, 09:15 in Ho Chi Minh City (02:15 UTC). */
export const TUESDAY_0915 = new Date('2026-03-10T02:15:00Z');
export const TODAY = '2026-03-10';
export const NEXT_FRIDAY = '2026-03-13';
export const NEXT_SUNDAY = '2026-03-15';

export const SERVER_DEPARTMENTS = DEPARTMENTS.map((d) => ({ ...d, slotCapacity: 3, depositAmount: null }));

export const AVAILABLE: AvailabilityResponse = {
  available: true,
  message: APPOINTMENT_MSG.slotAvailable,
  code: 'AVAILABLE',
  remaining: 3,
};
export const FULL: AvailabilityResponse = {
  available: false,
  message: APPOINTMENT_MSG.slotFull,
  code: 'SLOT_FULL',
  remaining: 0,
};

type Reply = { status?: number; body?: unknown };
type ServerOptions = {
  departments?: Reply;
  /** One answer, or one per call in order (the last one repeats). */
  availability?: Reply | Reply[];
  booking?: Reply;
  /** POST /appointments/waiting-list. */
  waiting?: Reply;
  profile?: Reply;
  /** GET /appointments/public/slots: the places left per time (by default the call is not answered). */
  slots?: Record<string, number>;
};

export const WAITING_TOKEN = 'W'.repeat(43);

/** A fake of the booking calls; returns the fetch mock to inspect what was sent. */
export function fakeBookingServer(options: ServerOptions = {}) {
  const availability = Array.isArray(options.availability)
    ? [...options.availability]
    : [options.availability ?? { body: AVAILABLE }];
  return mockFetch((url, init) => {
    if (url.startsWith('/api/appointments/public/departments'))
      return options.departments ?? { body: SERVER_DEPARTMENTS };
    if (url.startsWith('/api/appointments/public/slots') && options.slots) {
      const query = new URL(url, 'http://localhost').searchParams;
      const slots = Object.entries(options.slots).map(([time, remaining]) => ({ time, capacity: 3, remaining }));
      return { body: { date: query.get('date'), department: query.get('department'), slots } };
    }
    if (url.startsWith('/api/appointments/public/availability'))
      return availability.length > 1 ? availability.shift()! : availability[0]!;
    if (url === '/api/appointments/public' && init.method === 'POST')
      return options.booking ?? { status: 201, body: { message: APPOINTMENT_MSG.bookingReceived, appointmentId: 123 } };
    if (url === '/api/appointments/waiting-list' && init.method === 'POST')
      return (
        options.waiting ?? {
          status: 201,
          body: { message: APPOINTMENT_MSG.waitingJoined, position: 2, token: WAITING_TOKEN },
        }
      );
    if (url === '/api/users/profile') return options.profile ?? { status: 401, body: errorBody(401, 'Unauthorized') };
    return { status: 404, body: errorBody(404, 'Not found') };
  });
}

export function bookingCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url, init]) => url === '/api/appointments/public' && init?.method === 'POST');
}

export function waitingListCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => url === '/api/appointments/waiting-list' && init?.method === 'POST',
  );
}

export function availabilityCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/appointments/public/availability'));
}

/** Native date inputs take a typed value through a change event. */
export function chooseDate(date: string) {
  pickDate(screen.getByLabelText('Ngày khám'), date);
}

export function patientUser(overrides: Partial<User> = {}): User {
  return {
    id: 21,
    username: 'patient',
    email: 'mai.nguyen@example.vn',
    fullName: 'Nguyễn Thị Mai',
    birth: null,
    gender: 'FEMALE',
    role: 'PATIENT',
    specialty: null,
    active: true,
    phone: '0912345678',
    createdAt: '2026-01-01T00:00:00.000Z',
    mustChangePassword: false,
    mfaEnabled: false,
    ...overrides,
  };
}

/** The form with a clock the test moves on by pressing "16 phút sau". */
export function FormWithClock({
  start,
  onBooked = () => {},
}: {
  start: Date;
  onBooked?: (booked: BookedAppointment) => void;
}) {
  const [now, setNow] = useState(start);
  return (
    <>
      <button type="button" onClick={() => setNow((n) => new Date(n.getTime() + 16 * 60_000))}>
        16 phút sau
      </button>
      <BookingForm now={now} identity={null} onBooked={onBooked} onWaiting={() => {}} />
    </>
  );
}

import { CLINIC } from '@clinic/shared';
import { PageContainer } from '@/components/page-container';
import { usePageTitle } from '@/hooks/use-page-title';
import { BookingPanel } from './booking/components/booking-panel';
import { BookingSidePanel } from './booking/components/booking-side-panel';
import { useClinicNow } from './shared/use-clinic-now';

/** /appointment: the public booking form (specification sections 2, 4 and 5). */
export default function AppointmentPage() {
  usePageTitle('Đặt lịch khám', `Đặt lịch khám trực tuyến tại ${CLINIC.name}, không cần tài khoản.`);
  const now = useClinicNow();

  return (
    <PageContainer>
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Đặt lịch hẹn trực tuyến</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Đặt lịch khám</h1>
        <p className="mt-3 text-base leading-relaxed text-slate-600 sm:text-lg">
          Chọn khoa, ngày và giờ phù hợp. Không cần tài khoản; phòng khám sẽ liên hệ để xác nhận lịch hẹn của bạn.
        </p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <BookingPanel now={now} />
        </div>
        <BookingSidePanel />
      </div>
    </PageContainer>
  );
}

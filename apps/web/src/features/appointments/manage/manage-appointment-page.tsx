import { Link, useParams } from 'react-router';
import { CalendarPlus, LinkIcon, Phone } from 'lucide-react';
import { CLINIC } from '@clinic/shared';
import { PageContainer } from '@/components/page-container';
import { buttonClasses } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useNoIndex } from '@/hooks/use-no-index';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useManagedAppointment } from '../api/get-managed-appointment';
import { telHref } from '../shared/clinic-contact';
import { ManagedAppointmentPanel } from './components/managed-appointment-panel';

export const MANAGE_TITLE = 'Quản lý lịch hẹn';
const LOAD_FAILED = 'Không thể tải lịch hẹn';

/** The panel's place while the appointment loads: the same height, so nothing jumps when it arrives. */
function ManageSkeleton() {
  return (
    <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8">
      <div aria-hidden="true" className="animate-pulse space-y-5">
        <div className="flex items-start justify-between gap-3">
          <div className="h-7 w-44 rounded bg-slate-200" />
          <div className="h-6 w-20 rounded-full bg-slate-200" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="space-y-2">
              <div className="h-3 w-20 rounded bg-slate-100" />
              <div className="h-5 w-40 rounded bg-slate-200" />
            </div>
          ))}
        </div>
        <div className="h-10 w-full rounded bg-slate-100" />
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="h-10 rounded-lg bg-slate-200 sm:w-36" />
          <div className="h-10 rounded-lg bg-slate-100 sm:w-36" />
        </div>
      </div>
      <div className="absolute inset-0 flex items-center justify-center">
        <Spinner size="lg" label="Đang tải lịch hẹn..." />
      </div>
    </div>
  );
}

/** A link that is wrong, replaced or past its last day: the server's words, and the two ways on. */
function InvalidLink({ message }: { message: string }) {
  return (
    <section aria-labelledby="manage-invalid-title" className="rounded-2xl border border-amber-200 bg-white px-5 py-8 text-center shadow-sm sm:px-8">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <LinkIcon aria-hidden="true" className="size-7" />
      </span>
      <h2 id="manage-invalid-title" className="mt-4 text-xl font-bold text-slate-900">
        Không mở được lịch hẹn
      </h2>
      <p role="alert" className="mx-auto mt-2 max-w-lg text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.appointment} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Đặt lịch hẹn mới
        </Link>
        <a href={telHref(CLINIC.phone)} className={buttonClasses({ variant: 'secondary', className: 'w-full sm:w-auto' })}>
          <Phone aria-hidden="true" className="size-4" />
          Gọi hotline {CLINIC.phone}
        </a>
      </div>
    </section>
  );
}

/**
 * /appointment/manage/:token (PRODUCT.md section 10): a visitor who booked without an account sees,
 * moves or cancels her booking through the private link she was sent. Never indexed.
 */
export default function ManageAppointmentPage() {
  usePageTitle(MANAGE_TITLE);
  useNoIndex();
  const { token = '' } = useParams();
  const query = useManagedAppointment(token);
  const linkRefused = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl">
        <header>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Lịch hẹn của bạn</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{MANAGE_TITLE}</h1>
          <p className="mt-3 text-base leading-relaxed text-slate-600">Xem lịch hẹn, đổi sang ngày giờ khác hoặc hủy lịch khi cần, không cần tài khoản.</p>
        </header>

        <div className="mt-8">
          {query.isPending ? (
            <ManageSkeleton />
          ) : query.isError ? (
            linkRefused ? (
              <InvalidLink message={query.error.message} />
            ) : (
              <LoadErrorAlert title={LOAD_FAILED} message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />
            )
          ) : (
            <ManagedAppointmentPanel token={token} managed={query.data} />
          )}
        </div>
      </div>
    </PageContainer>
  );
}

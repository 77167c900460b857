import { useParams } from 'react-router';
import { MyDataPanel } from '@/components/my-data-panel';
import { Spinner } from '@/components/ui/spinner';
import { useManagedAppointment } from '../api/get-managed-appointment';
import { PrivateLinkPage } from '../shared/private-link-page';
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

/**
 * /appointment/manage/:token (docs/PRODUCT.md §10): a visitor who booked without an account sees,
 * moves or cancels her booking through the private link she was sent. Never indexed.
 */
export default function ManageAppointmentPage() {
  const { token = '' } = useParams();
  return (
    <PrivateLinkPage
      title={MANAGE_TITLE}
      intro="Xem lịch hẹn, đổi sang ngày giờ khác hoặc hủy lịch khi cần, không cần tài khoản."
      query={useManagedAppointment(token)}
      invalidTitle="Không mở được lịch hẹn"
      loadFailed={LOAD_FAILED}
      loading={<ManageSkeleton />}
    >
      {(managed) => (
        <div className="space-y-6">
          <ManagedAppointmentPanel token={token} managed={managed} />
          <MyDataPanel subject={{ kind: 'link', token }} />
        </div>
      )}
    </PrivateLinkPage>
  );
}

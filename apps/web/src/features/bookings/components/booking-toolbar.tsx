import { X } from 'lucide-react';
import { APPOINTMENT_LIMITS, type AppointmentStatus } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { SearchField } from '@/components/ui/search-field';
import type { AppointmentListParams } from '../api/get-appointments';
import { STATUS_FILTER_OPTIONS } from '../booking-labels';
import { DEFAULT_BOOKING_LIST } from '../hooks/use-booking-list-state';

/** Search (name, phone, e-mail or id, accents optional) and the status filter; today's list shows as a removable chip. */
export function BookingToolbar({
  params,
  onChange,
}: {
  params: AppointmentListParams;
  onChange: (patch: Partial<AppointmentListParams>) => void;
}) {
  const filtered = params.q !== '' || params.status !== '' || params.today;
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      role="search"
      aria-label="Tìm kiếm và lọc lịch hẹn"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SearchField
          id="booking-search"
          label="Tìm kiếm"
          value={params.q}
          onSearch={(q) => onChange({ q })}
          maxLength={APPOINTMENT_LIMITS.searchQuery}
          placeholder="Tên, số điện thoại, email hoặc mã lịch hẹn"
        />
        <FilterSelect
          id="booking-filter-status"
          label="Trạng thái"
          value={params.status}
          onChange={(status) => onChange({ status: status as AppointmentStatus | '' })}
          options={STATUS_FILTER_OPTIONS}
        />
      </div>
      {filtered && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {params.today && (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-3 py-1 text-sm font-medium text-accent-700">
              Chỉ lịch hẹn hôm nay
              <button
                type="button"
                onClick={() => onChange({ today: false })}
                className="rounded-full p-0.5 hover:bg-accent-100"
                aria-label="Bỏ lọc lịch hẹn hôm nay"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={() => onChange({ ...DEFAULT_BOOKING_LIST, sort: params.sort })}
          >
            <X aria-hidden="true" className="size-4" />
            Xóa bộ lọc
          </Button>
        </div>
      )}
    </div>
  );
}

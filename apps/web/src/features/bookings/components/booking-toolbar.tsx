import { X } from 'lucide-react';
import {
  APPOINTMENT_LIMITS,
  clinicMoment,
  daySheetDate,
  isDateString,
  type AppointmentSort,
  type AppointmentStatus,
} from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { inputClasses } from '@/components/ui/form-field';
import { SearchField } from '@/components/ui/search-field';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { cn } from '@/lib/cn';
import type { AppointmentListParams } from '../api/get-appointments';
import { STATUS_FILTER_OPTIONS } from '../booking-labels';
import { DAY_SHEET_SORT, DEFAULT_BOOKING_LIST } from '../hooks/use-booking-list-state';

/** The orders the desk works in; a column header can still choose any other. */
const SORT_OPTIONS: ReadonlyArray<{ value: AppointmentSort; label: string }> = [
  { value: 'createdAt:desc', label: 'Mới đặt nhất trước' },
  { value: 'createdAt:asc', label: 'Chờ lâu nhất trước' },
  { value: 'appointmentDate:asc', label: 'Giờ khám, sớm trước' },
  { value: 'appointmentDate:desc', label: 'Giờ khám, muộn trước' },
];

/**
 * Search (name, phone, e-mail or id, accents optional), the status filter, the order, and the day
 * sheet: the list of one day (Hôm nay, Ngày mai or a date) in time order, the finished visits hidden
 * unless asked for. Today's list from the card shows as a removable chip.
 */
export function BookingToolbar({
  params,
  onChange,
}: {
  params: AppointmentListParams;
  onChange: (patch: Partial<AppointmentListParams>) => void;
}) {
  const filtered = params.q !== '' || params.status !== '' || params.today || params.day !== '';
  const zone = clinicTimeZone();
  const now = new Date();
  const sheetDate = params.day ? daySheetDate(params.day, now, zone) : '';
  // A day opens in time order; an order she chose on another day's sheet stays (issue 35).
  const openDay = (day: AppointmentListParams['day']) =>
    onChange({
      day,
      today: false,
      sort: !day ? DEFAULT_BOOKING_LIST.sort : params.day ? params.sort : DAY_SHEET_SORT,
    });
  const sortOptions = SORT_OPTIONS.some((o) => o.value === params.sort)
    ? SORT_OPTIONS
    : [...SORT_OPTIONS, { value: params.sort, label: 'Theo cột đã chọn' }];
  const dayButton = (day: 'today' | 'tomorrow', label: string) => (
    <button
      type="button"
      aria-pressed={params.day === day}
      onClick={() => openDay(params.day === day ? '' : day)}
      className={cn(
        'min-h-10 rounded-lg border px-3 text-sm font-medium transition-colors',
        params.day === day
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:bg-brand-50',
      )}
    >
      {label}
    </button>
  );
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      role="search"
      aria-label="Tìm kiếm và lọc lịch hẹn"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
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
        <FilterSelect
          id="booking-sort"
          label="Sắp xếp"
          value={params.sort}
          onChange={(sort) => onChange({ sort: sort as AppointmentSort })}
          options={sortOptions}
        />
      </div>
      <fieldset className="mt-3 flex flex-wrap items-center gap-2">
        <legend className="sr-only">Lịch theo ngày</legend>
        <span aria-hidden="true" className="text-sm font-medium text-slate-800">
          Lịch theo ngày:
        </span>
        {dayButton('today', 'Hôm nay')}
        {dayButton('tomorrow', 'Ngày mai')}
        <label className="sr-only" htmlFor="booking-day">
          Chọn ngày
        </label>
        <div className="w-44">
          <input
            id="booking-day"
            type="date"
            value={sheetDate}
            onChange={(event) => {
              const value = event.target.value;
              if (!value) return openDay('');
              if (!isDateString(value)) return;
              const today = clinicMoment(new Date(), zone).date;
              openDay(value === today ? 'today' : value);
            }}
            className={inputClasses}
          />
        </div>
        {params.day && (
          <label className="ml-1 inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={params.finished}
              onChange={(event) => onChange({ finished: event.target.checked })}
              className="size-4 rounded border-slate-300 accent-brand-700"
            />
            Hiện cả lịch đã xong
            <span className="sr-only"> (hoàn thành, đã hủy, không đến)</span>
          </label>
        )}
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={() =>
              onChange({ ...DEFAULT_BOOKING_LIST, sort: params.day ? DEFAULT_BOOKING_LIST.sort : params.sort })
            }
          >
            <X aria-hidden="true" className="size-4" />
            Xóa bộ lọc
          </Button>
        )}
      </fieldset>
      {params.today && !params.day && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
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
        </div>
      )}
    </div>
  );
}

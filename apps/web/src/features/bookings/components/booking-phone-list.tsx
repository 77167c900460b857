import type { AppointmentSort } from '@clinic/shared';
import { FilterSelect } from '@/components/ui/filter-select';
import { SelectAllCheckbox } from '@/components/ui/select-all-checkbox';
import { SelectableCard } from '@/components/ui/selectable-card';
import { SORT_OPTIONS } from '../booking-labels';
import { DoctorCell, RowActions, RowCheckbox, StatusCell, VisitWhen } from './booking-row-parts';
import { OverdueMark } from './day-sheet-parts';
import type { BookingTableProps } from './booking-table';

/** The page as cards: every field a row shows, the sort as a select (there are no column headers). */
export function BookingPhoneList({
  items,
  role,
  sort,
  onSortChange,
  selected,
  onToggle,
  onToggleAll,
  onAction,
}: BookingTableProps) {
  const count = items.filter((a) => selected.has(a.id)).length;
  const now = new Date();
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <label className="flex items-center gap-3 py-2 text-sm font-medium text-slate-700">
          <SelectAllCheckbox
            count={items.length}
            selected={count}
            onToggleAll={onToggleAll}
            label="Chọn tất cả lịch hẹn trên trang này"
          />
          <span aria-hidden="true">Chọn tất cả</span>
        </label>
        <FilterSelect
          id="booking-sort-phone"
          label="Sắp xếp"
          value={sort}
          onChange={(value) => onSortChange(value as AppointmentSort)}
          options={
            SORT_OPTIONS.some((o) => o.value === sort)
              ? SORT_OPTIONS
              : [...SORT_OPTIONS, { value: sort, label: 'Theo cột đang chọn' }]
          }
          className="ml-auto min-w-44"
        />
      </div>
      <ul className="space-y-3" aria-label="Danh sách lịch hẹn">
        {items.map((a) => {
          const isSelected = selected.has(a.id);
          return (
            <SelectableCard
              key={a.id}
              selected={isSelected}
              checkbox={<RowCheckbox appointment={a} checked={isSelected} onToggle={onToggle} />}
              className="space-y-1.5"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <button
                  type="button"
                  onClick={() => onAction('detail', a)}
                  className="text-left font-semibold break-words text-slate-900 hover:underline"
                >
                  {a.fullName}
                </button>
              </div>
              <p className="text-sm text-slate-600">
                <span className="font-mono">#{a.id}</span> · <span className="tabular-nums">{a.phone}</span>
                {a.email && <span className="block truncate">{a.email}</span>}
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">Ngày khám</dt>
                <dd className="text-slate-800">
                  <VisitWhen appointment={a} />
                  <OverdueMark appointment={a} now={now} />
                </dd>
                <dt className="text-slate-500">Khoa</dt>
                <dd className="text-slate-800">{a.departmentName ?? a.department}</dd>
                <dt className="text-slate-500">Bác sĩ</dt>
                <dd className="text-slate-800">
                  <DoctorCell appointment={a} />
                </dd>
              </dl>
              <div className="flex items-end justify-between gap-2 border-t border-slate-100 pt-2">
                <StatusCell appointment={a} role={role} onAction={onAction} />
                <RowActions appointment={a} role={role} onAction={onAction} />
              </div>
            </SelectableCard>
          );
        })}
      </ul>
    </div>
  );
}

import type { AppointmentSort } from '@clinic/shared';
import { SelectAllCheckbox } from '@/components/ui/select-all-checkbox';
import { SortableHeader } from '@/components/ui/sortable-header';
import { cn } from '@/lib/cn';
import { DoctorColumn, RowActions, RowCheckbox, StatusCell, VisitCell } from './booking-row-parts';
import type { BookingTableProps } from './booking-table';
import { BookedOnCell, OverdueMark } from './day-sheet-parts';

type SortField = AppointmentSort extends `${infer F}:${string}` ? F : never;

export function SortHeader({
  label,
  field,
  sort,
  onSortChange,
  className,
}: {
  label: string;
  field: SortField;
  sort: AppointmentSort;
  onSortChange: (sort: AppointmentSort) => void;
  className?: string;
}) {
  const [current, dir] = sort.split(':') as [SortField, 'asc' | 'desc'];
  const direction = current === field ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
  // A new column starts with what people look for first: the newest, or A to Z for a name.
  const first: 'asc' | 'desc' = field === 'fullName' || field === 'department' || field === 'status' ? 'asc' : 'desc';
  const next = `${field}:${direction === undefined ? first : dir === 'asc' ? 'desc' : 'asc'}` as AppointmentSort;
  return (
    <SortableHeader
      label={label}
      direction={direction}
      onSort={() => onSortChange(next)}
      className={className}
      buttonClassName="uppercase"
    />
  );
}

export function BookingDesktopTable({
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
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[880px] text-left text-sm">
        <caption className="sr-only">Danh sách lịch hẹn</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide whitespace-nowrap text-slate-700">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <SelectAllCheckbox
                count={items.length}
                selected={count}
                onToggleAll={onToggleAll}
                label="Chọn tất cả lịch hẹn trên trang này"
              />
            </th>
            <SortHeader label="Mã" field="id" sort={sort} onSortChange={onSortChange} className="w-16 px-2 py-3" />
            <SortHeader
              label="Bệnh nhân"
              field="fullName"
              sort={sort}
              onSortChange={onSortChange}
              className="px-2 py-3"
            />
            <SortHeader
              label="Lịch khám"
              field="appointmentDate"
              sort={sort}
              onSortChange={onSortChange}
              className="px-2 py-3"
            />
            <SortHeader
              label="Ngày đặt"
              field="createdAt"
              sort={sort}
              onSortChange={onSortChange}
              className="px-2 py-3"
            />
            <th scope="col" className="px-2 py-3 font-semibold uppercase">
              Bác sĩ
            </th>
            <SortHeader
              label="Trạng thái"
              field="status"
              sort={sort}
              onSortChange={onSortChange}
              className="px-2 py-3"
            />
            <th scope="col" className="px-3 py-3 text-right font-semibold uppercase">
              <span className="sr-only">Thao tác</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((a) => {
            const isSelected = selected.has(a.id);
            return (
              <tr key={a.id} className={cn('align-top', isSelected ? 'bg-brand-50/60' : 'hover:bg-slate-50')}>
                <td className="px-3 py-3">
                  <RowCheckbox appointment={a} checked={isSelected} onToggle={onToggle} />
                </td>
                <td className="px-2 py-3 font-mono text-slate-600 tabular-nums">#{a.id}</td>
                <td className="min-w-52 px-2 py-3">
                  <button
                    type="button"
                    onClick={() => onAction('detail', a)}
                    className="text-left font-semibold break-words text-slate-900 hover:text-brand-800 hover:underline"
                  >
                    {a.fullName}
                  </button>
                  <p className="text-slate-600 tabular-nums">{a.phone}</p>
                  {a.email && <p className="max-w-60 truncate text-slate-600">{a.email}</p>}
                </td>
                <VisitCell appointment={a}>
                  <OverdueMark appointment={a} now={now} />
                </VisitCell>
                <BookedOnCell appointment={a} />
                <DoctorColumn appointment={a} />
                <td className="min-w-40 px-2 py-3">
                  <StatusCell appointment={a} role={role} onAction={onAction} />
                </td>
                <td className="px-3 py-2.5 text-right">
                  <RowActions appointment={a} role={role} onAction={onAction} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

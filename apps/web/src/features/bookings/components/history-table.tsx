import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import type { Appointment, AppointmentSort } from '@clinic/shared';
import { useMediaQuery } from '@/hooks/use-media-query';
import { DoctorCell, DoctorColumn, PaymentCell, VisitCell, VisitWhen } from './booking-row-parts';
import { SortHeader } from './booking-desktop-table';

type HistoryTableProps = {
  items: Appointment[];
  sort: AppointmentSort;
  onSortChange: (sort: AppointmentSort) => void;
  onOpen: (a: Appointment) => void;
};

/** Closed appointments: opening one shows its detail and trail. A table from laptop width, cards below. */
export function HistoryTable({ items, sort, onSortChange, onOpen }: HistoryTableProps) {
  const wide = useMediaQuery('(min-width: 1024px)');
  if (!wide) {
    return (
      <ul className="space-y-3" aria-label="Lịch sử đặt lịch">
        {items.map((a) => (
          <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <button
                type="button"
                onClick={() => onOpen(a)}
                className="text-left font-semibold text-slate-900 hover:underline"
              >
                {a.fullName}
              </button>
              <AppointmentStatusBadge status={a.status} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              <span className="font-mono">#{a.id}</span> · <VisitWhen appointment={a} />
            </p>
            <p className="text-sm text-slate-600">{a.departmentName ?? a.department}</p>
            <p className="text-sm text-slate-600">
              <DoctorCell appointment={a} />
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[820px] text-left text-sm">
        <caption className="sr-only">Lịch sử đặt lịch</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase">
          <tr>
            <SortHeader label="Mã" field="id" sort={sort} onSortChange={onSortChange} className="w-16 px-3 py-3" />
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
            <th scope="col" className="px-2 py-3">
              Bác sĩ
            </th>
            <SortHeader
              label="Trạng thái"
              field="status"
              sort={sort}
              onSortChange={onSortChange}
              className="px-2 py-3"
            />
            <th scope="col" className="px-3 py-3">
              Lý do
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((a) => (
            <tr key={a.id} className="align-top hover:bg-slate-50">
              <td className="px-3 py-3 font-mono text-slate-600">#{a.id}</td>
              <td className="min-w-48 px-2 py-3">
                <button
                  type="button"
                  onClick={() => onOpen(a)}
                  className="text-left font-semibold text-slate-900 hover:text-brand-800 hover:underline"
                >
                  {a.fullName}
                </button>
                <p className="text-slate-600 tabular-nums">{a.phone}</p>
              </td>
              <VisitCell appointment={a} />
              <DoctorColumn appointment={a} />
              <td className="px-2 py-3">
                <AppointmentStatusBadge status={a.status} />
                <p className="mt-1 text-xs">
                  <PaymentCell appointment={a} />
                </p>
              </td>
              <td className="max-w-64 px-3 py-3 text-slate-600">
                <span className="line-clamp-2">
                  {a.status === 'CANCELLED' ? (a.cancelReason ?? a.reason) : a.reason}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { formatVnd, type DashboardMonth } from '@clinic/shared';

/** "11/2026" from "2026-11". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${m}/${year}`;
}

/**
 * The last six months as bars of appointments (completed darker), each with its figure written
 * above it; a screen reader reads the same figures as a table.
 */
export function MonthChart({ months }: { months: DashboardMonth[] }) {
  const max = Math.max(1, ...months.map((m) => m.appointments));
  return (
    <figure className="space-y-4">
      <div aria-hidden="true" className="flex h-48 items-end gap-2 border-b border-slate-200 sm:gap-4">
        {months.map((m) => {
          const height = (m.appointments / max) * 100;
          const completed = m.appointments ? (m.completed / m.appointments) * 100 : 0;
          return (
            <div key={m.month} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs font-semibold text-slate-900 tabular-nums">{m.appointments}</span>
              <div
                className="flex w-full max-w-14 flex-col justify-end overflow-hidden rounded-t-md bg-brand-200"
                style={{ height: `${Math.max(height, m.appointments ? 4 : 1)}%` }}
              >
                <div className="w-full bg-brand-700" style={{ height: `${completed}%` }} />
              </div>
            </div>
          );
        })}
      </div>
      <div aria-hidden="true" className="flex gap-2 sm:gap-4">
        {months.map((m) => (
          <span key={m.month} className="min-w-0 flex-1 text-center text-xs text-slate-600">
            <span className="sm:hidden">{monthLabel(m.month).replace(/\/\d\d(\d\d)$/, '/$1')}</span>
            <span className="hidden sm:inline">{monthLabel(m.month)}</span>
          </span>
        ))}
      </div>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-brand-200" />
          Lịch hẹn
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-brand-700" />
          Đã khám xong
        </span>
      </figcaption>
      {/* A table ignores sr-only's size; the wrapper hides it without widening the page. */}
      <div className="sr-only">
        <table>
          <caption>Lịch hẹn và doanh thu 6 tháng gần nhất</caption>
          <thead>
            <tr>
              <th scope="col">Tháng</th>
              <th scope="col">Lịch hẹn</th>
              <th scope="col">Đã khám xong</th>
              <th scope="col">Doanh thu</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{m.appointments}</td>
                <td>{m.completed}</td>
                <td>{formatVnd(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

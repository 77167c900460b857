import { Check, Eye, X } from 'lucide-react';
import { URGENT_WITHIN_HOURS, type Appointment } from '@clinic/shared';
import { OutsideSpecialtyBadge } from '@/components/outside-specialty-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { assignedAt, isPast, isUrgent, PAST_VISIT_TEXT, visitWhen, type ApprovalAction } from './approval-parts';

type Props = {
  items: Appointment[];
  now: Date;
  onAction: (action: ApprovalAction, appointment: Appointment) => void;
};

/** A finger's height on a phone's cards, and on any touch screen wide enough for the table. */
const touchHeight = (compact?: boolean) => (compact ? 'h-11' : 'pointer-coarse:h-11');

/** The row actions, in the specification's words: View, Accept, Decline (section 2). */
function Actions({ a, onAction, compact }: { a: Appointment; onAction: Props['onAction']; compact?: boolean }) {
  return (
    <div className={compact ? 'grid grid-cols-3 gap-2' : 'flex flex-col items-stretch gap-1.5'}>
      <Button
        size="sm"
        className={touchHeight(compact)}
        variant="secondary"
        onClick={() => onAction('view', a)}
        aria-label={`View appointment of ${a.fullName}`}
      >
        <Eye aria-hidden="true" className="size-4" />
        View
      </Button>
      <Button
        size="sm"
        className={touchHeight(compact)}
        onClick={() => onAction('accept', a)}
        aria-label={`Accept appointment of ${a.fullName}`}
      >
        <Check aria-hidden="true" className="size-4" />
        Accept
      </Button>
      <Button
        size="sm"
        className={touchHeight(compact)}
        variant="danger"
        onClick={() => onAction('decline', a)}
        aria-label={`Decline appointment of ${a.fullName}`}
      >
        <X aria-hidden="true" className="size-4" />
        Decline
      </Button>
    </div>
  );
}

function PastBadge() {
  return <Badge tone="warning">{PAST_VISIT_TEXT}</Badge>;
}

function UrgentBadge() {
  return <Badge tone="danger">{`Gấp · trong ${URGENT_WITHIN_HOURS} giờ`}</Badge>;
}

/** The doctor's assignments: a table on a desk, one card per appointment on a phone. */
export function PendingTable({ items, now, onAction }: Props) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm xl:block">
        <table className="w-full table-fixed divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Lịch hẹn chờ bạn phê duyệt, sớm nhất trước</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-[18%] px-4 py-3">
                Bệnh nhân
              </th>
              <th scope="col" className="w-[24%] px-4 py-3">
                Liên hệ
              </th>
              <th scope="col" className="w-[15%] px-4 py-3">
                Ngày & giờ khám
              </th>
              <th scope="col" className="w-[16%] px-4 py-3">
                Khoa
              </th>
              <th scope="col" className="w-[13%] px-4 py-3">
                Assigned At
              </th>
              <th scope="col" className="w-[14%] px-4 py-3 text-right">
                <span className="sr-only">Thao tác</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((a) => {
              const when = visitWhen(a);
              return (
                <tr key={a.id} className="align-top">
                  <td className="px-4 py-3 break-words">
                    <p className="font-semibold text-slate-900">{a.fullName}</p>
                    <p className="text-xs text-slate-600">ID: #{a.id}</p>
                  </td>
                  <td className="px-4 py-3">
                    <p className="text-slate-900">{a.phone}</p>
                    <p className="truncate text-xs text-slate-600" title={a.email ?? undefined}>
                      {a.email ?? '—'}
                    </p>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <p className="text-slate-900">{when.date}</p>
                    <p className="text-xs text-slate-600">{when.time}</p>
                    {isUrgent(a, now) && (
                      <p className="mt-1">
                        <UrgentBadge />
                      </p>
                    )}
                    {isPast(a, now) && (
                      <p className="mt-1">
                        <PastBadge />
                      </p>
                    )}
                  </td>
                  <td className="px-4 py-3 text-slate-900">
                    <p>{a.departmentName ?? a.department}</p>
                    <OutsideSpecialtyBadge specialty={a.doctor?.specialty} department={a.department} who="you" />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{assignedAt(a)}</td>
                  <td className="px-4 py-3">
                    <Actions a={a} onAction={onAction} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 xl:hidden" aria-label="Lịch hẹn chờ bạn phê duyệt">
        {items.map((a) => {
          const when = visitWhen(a);
          return (
            <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <article aria-label={a.fullName} className="space-y-3">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{a.fullName}</p>
                    <p className="text-xs text-slate-600">ID: #{a.id}</p>
                  </div>
                  {isUrgent(a, now) && <UrgentBadge />}
                  {isPast(a, now) && <PastBadge />}
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500">Ngày & giờ</dt>
                    <dd className="text-slate-900">
                      {when.date} · {when.time}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Khoa</dt>
                    <dd className="text-slate-900">
                      <span className="block">{a.departmentName ?? a.department}</span>
                      <OutsideSpecialtyBadge specialty={a.doctor?.specialty} department={a.department} who="you" />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Điện thoại</dt>
                    <dd>
                      <a className="text-brand-700" href={`tel:${a.phone}`}>
                        {a.phone}
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Assigned At</dt>
                    <dd className="text-slate-900">{assignedAt(a)}</dd>
                  </div>
                </dl>
                <Actions a={a} onAction={onAction} compact />
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}

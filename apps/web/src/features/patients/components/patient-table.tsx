import { useId } from 'react';
import { ClipboardPen, Eye, UserX } from 'lucide-react';
import type { PatientSummary } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { accountLine, LastVisit, NextAppointment, type PatientAction } from './patient-parts';
import { useBackOfficeText } from '@/hooks/use-back-office-text';

type Props = {
  items: PatientSummary[];
  showActions: boolean;
  onAction: (action: PatientAction, patient: PatientSummary) => void;
};

/** Why 'Ghi chú' and 'Vắng' cannot be pressed (issue 25): said next to them, and read with them. */
export const NOT_EXAMINABLE_REASON =
  'Ghi chú và Vắng dùng cho lượt khám hôm nay hoặc đã qua; bệnh nhân chưa có lượt khám nào như vậy.';

/**
 * The doctor's three actions; notes and no-show act on a visit he chooses among those that have come
 * (a visit of a later day cannot take them yet).
 */
function Actions({ p, onAction, compact }: { p: PatientSummary; onAction: Props['onAction']; compact?: boolean }) {
  const examinable = p.actionableAppointments.length > 0;
  const reasonId = useId();
  const why = examinable ? undefined : reasonId;
  return (
    <div className={compact ? 'grid grid-cols-3 gap-2' : 'flex flex-col items-stretch gap-1.5'}>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onAction('detail', p)}
        aria-label={`Xem chi tiết bệnh nhân ${p.fullName}`}
      >
        <Eye aria-hidden="true" className="size-4" />
        Chi tiết
      </Button>
      <Button
        size="sm"
        onClick={() => onAction('notes', p)}
        disabled={!examinable}
        aria-label={`Ghi chú khám cho ${p.fullName}`}
        aria-describedby={why}
        title={examinable ? undefined : NOT_EXAMINABLE_REASON}
      >
        <ClipboardPen aria-hidden="true" className="size-4" />
        Ghi chú
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onAction('no-show', p)}
        disabled={!examinable}
        aria-label={`Đánh dấu ${p.fullName} không đến khám`}
        aria-describedby={why}
        title={examinable ? undefined : NOT_EXAMINABLE_REASON}
      >
        <UserX aria-hidden="true" className="size-4" />
        Vắng
      </Button>
      {!examinable && (
        <p id={reasonId} className={compact ? 'col-span-3 text-xs text-slate-600' : 'text-xs text-slate-600'}>
          {NOT_EXAMINABLE_REASON}
        </p>
      )}
    </div>
  );
}

/** Patient Control's table on a desk; one card per patient on a phone. Only a doctor has row actions (specification section 4). */
export function PatientTable({ items, showActions, onAction }: Props) {
  const t = useBackOfficeText();
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm xl:block">
        <table className="w-full table-fixed divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Danh sách bệnh nhân</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-[19%] px-4 py-3">
                {t('Patient Info')}
              </th>
              <th scope="col" className="w-[24%] px-4 py-3">
                {t('Contact')}
              </th>
              <th scope="col" className="w-[14%] px-4 py-3">
                {t('Appointments')}
              </th>
              <th scope="col" className="w-[14%] px-4 py-3">
                {t('Last Visit')}
              </th>
              <th scope="col" className="w-[16%] px-4 py-3">
                {t('Next Appointment')}
              </th>
              {showActions && (
                <th scope="col" className="w-[13%] px-4 py-3 text-right">
                  {t('Actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((p) => (
              <tr key={p.email} className="align-top">
                <th scope="row" className="px-4 py-3 text-left font-normal break-words">
                  <p className="font-semibold text-slate-900">{p.fullName}</p>
                  {accountLine(p) && <p className="text-xs text-slate-600">{accountLine(p)}</p>}
                </th>
                <td className="px-4 py-3">
                  <p className="truncate text-slate-900" title={p.email}>
                    {p.email}
                  </p>
                  <p className="text-xs text-slate-600">{p.phone}</p>
                </td>
                <td className="px-4 py-3">
                  <p className="text-slate-900">{p.totalAppointments} lịch hẹn</p>
                  <p className="text-xs text-slate-600">{p.confirmedAppointments} đã xác nhận</p>
                </td>
                <td className="px-4 py-3">
                  <LastVisit visit={p.lastAppointment} />
                </td>
                <td className="px-4 py-3">
                  <NextAppointment visit={p.nextAppointment} />
                </td>
                {showActions && (
                  <td className="px-4 py-3">
                    <Actions p={p} onAction={onAction} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 xl:hidden" aria-label="Danh sách bệnh nhân">
        {items.map((p) => (
          <li key={p.email} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <article aria-label={p.fullName} className="space-y-3">
              <div>
                <p className="font-semibold text-slate-900">{p.fullName}</p>
                {accountLine(p) && <p className="text-xs text-slate-600">{accountLine(p)}</p>}
                <p className="mt-1 truncate text-sm text-slate-700">{p.email}</p>
                <p className="text-sm text-slate-700">{p.phone}</p>
              </div>
              <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                <div>
                  <dt className="text-xs text-slate-500">Appointments</dt>
                  <dd className="text-slate-900">
                    {p.totalAppointments} · {p.confirmedAppointments} đã xác nhận
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Last Visit</dt>
                  <dd>
                    <LastVisit visit={p.lastAppointment} />
                  </dd>
                </div>
                <div className="col-span-2">
                  <dt className="text-xs text-slate-500">Next Appointment</dt>
                  <dd>
                    <NextAppointment visit={p.nextAppointment} />
                  </dd>
                </div>
              </dl>
              {showActions && <Actions p={p} onAction={onAction} compact />}
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

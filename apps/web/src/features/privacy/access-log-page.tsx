import { useState } from 'react';
import {
  ACCESS_OUTCOME_LABELS,
  ACCESS_TARGET_LABELS,
  FHIR_CLIENT_ACTOR,
  PRIVACY_TEXT,
  ROLE_LABELS,
  formatDateTime,
  type Role,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { usePageTitle } from '@/hooks/use-page-title';
import { saveFile } from '@/lib/save-file';
import { downloadAccessLog, useAccessLog, type AccessLogFilter } from './api/get-access-log';
import { useVerifyAccessLog } from './api/verify-access-log';

/** Who read, in words: a role's name, or an outside system reading through FHIR (issue 38). */
function readerKind(role: Role | typeof FHIR_CLIENT_ACTOR): string {
  return role === FHIR_CLIENT_ACTOR ? 'ứng dụng kết nối FHIR' : ROLE_LABELS[role];
}

/** Who read whose health data (ADMIN, issue 26): a person's log by her e-mail or one appointment, and its CSV. */
export default function AccessLogPage() {
  usePageTitle(PRIVACY_TEXT.accessLogTitle);
  const [draft, setDraft] = useState({ email: '', appointmentId: '' });
  const [filter, setFilter] = useState<AccessLogFilter>({ email: '', appointmentId: '', page: 1 });
  const log = useAccessLog(filter);
  const [exporting, setExporting] = useState(false);
  const verification = useVerifyAccessLog();
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await downloadAccessLog(filter);
      saveFile(blob, fileName ?? 'nhat-ky-truy-cap.csv');
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{PRIVACY_TEXT.accessLogTitle}</h1>
        <p className="mt-1 text-slate-600">
          Mỗi lần nhân viên mở dữ liệu sức khỏe của một người (và mỗi lần bị từ chối). Không ai sửa hay xóa được.
        </p>
      </div>
      <div className="space-y-3">
        <Button
          type="button"
          variant="secondary"
          onClick={() => verification.mutate()}
          loading={verification.isPending}
        >
          {PRIVACY_TEXT.accessLogVerify}
        </Button>
        {verification.isError && <Alert>Không kiểm tra được nhật ký truy cập.</Alert>}
        {verification.data && (
          <Alert tone={verification.data.intact ? 'success' : 'error'}>
            <p>{verification.data.message}</p>
            {verification.data.broken?.accessedAt && (
              <p>Thời điểm ghi của bản ghi: {formatDateTime(verification.data.broken.accessedAt)}</p>
            )}
            <p className="break-all text-xs opacity-80">Mã băm mới nhất: {verification.data.head}</p>
          </Alert>
        )}
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ ...draft, page: 1 });
        }}
      >
        <div className="space-y-1">
          <label htmlFor="access-email" className="block text-sm font-medium text-slate-800">
            Email của người bệnh
          </label>
          <input
            id="access-email"
            type="email"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            className="h-10 w-72 rounded-lg border border-slate-300 px-3"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="access-appointment" className="block text-sm font-medium text-slate-800">
            Mã lịch hẹn
          </label>
          <input
            id="access-appointment"
            inputMode="numeric"
            value={draft.appointmentId}
            onChange={(e) => setDraft({ ...draft, appointmentId: e.target.value })}
            className="h-10 w-32 rounded-lg border border-slate-300 px-3"
          />
        </div>
        <Button type="submit">Xem nhật ký</Button>
        <Button type="button" variant="secondary" onClick={() => void exportCsv()} loading={exporting}>
          Xuất CSV
        </Button>
      </form>
      {log.isError && <Alert>Không tải được nhật ký truy cập.</Alert>}
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{PRIVACY_TEXT.accessLogTitle}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">
                Thời điểm
              </th>
              <th scope="col" className="px-4 py-3">
                Người xem
              </th>
              <th scope="col" className="px-4 py-3">
                Nội dung
              </th>
              <th scope="col" className="px-4 py-3">
                Người bệnh
              </th>
              <th scope="col" className="px-4 py-3">
                Kết quả
              </th>
              <th scope="col" className="px-4 py-3">
                Địa chỉ IP
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {log.data?.items.map((r) => (
              <tr key={r.id}>
                <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(r.accessedAt)}</td>
                <td className="px-4 py-3">
                  {r.actorName}
                  {r.actorRole && <span className="text-slate-600"> ({readerKind(r.actorRole)})</span>}
                </td>
                <td className="px-4 py-3">
                  {ACCESS_TARGET_LABELS[r.target]}
                  {r.appointmentId ? ` #${r.appointmentId}` : ''}
                </td>
                <td className="px-4 py-3">
                  {r.subjectName ?? '—'}
                  {r.subjectEmail ? <span className="block text-slate-500">{r.subjectEmail}</span> : null}
                </td>
                <td className={r.outcome === 'REFUSED' ? 'px-4 py-3 font-medium text-red-700' : 'px-4 py-3'}>
                  {ACCESS_OUTCOME_LABELS[r.outcome]}
                </td>
                <td className="px-4 py-3">{r.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {log.data?.items.length === 0 && <p className="p-4 text-slate-600">Không có bản ghi nào.</p>}
      </div>
      {log.data && log.data.total > log.data.size && (
        <Pagination
          page={filter.page}
          pageSize={log.data.size}
          total={log.data.total}
          onPageChange={(page) => setFilter({ ...filter, page })}
        />
      )}
    </div>
  );
}

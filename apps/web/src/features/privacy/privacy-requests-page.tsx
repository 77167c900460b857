import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_SCOPE_LABELS,
  DATA_REQUEST_STATUS_LABELS,
  PRIVACY_TEXT,
  formatDateTime,
  type AdminDataRequest,
  type DataRequestStatus,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { usePageTitle } from '@/hooks/use-page-title';
import { serverErrorText } from '@/lib/error-message';
import { useAnswerDataRequest } from './api/answer-data-request';
import { useDataRequestQueue } from './api/get-data-requests';

const FILTERS: (DataRequestStatus | 'ALL')[] = ['OPEN', 'DONE', 'REFUSED', 'ALL'];

/**
 * 'Yêu cầu về dữ liệu cá nhân' (ADMIN, issue 26): the people's requests, the nearest deadline first,
 * the overdue ones flagged; each is answered here (a deletion answered "Đã thực hiện" is carried out),
 * on what the request covers (its scope), and the person is told by e-mail, else by Zalo or SMS.
 */
export default function PrivacyRequestsPage() {
  usePageTitle(PRIVACY_TEXT.queueTitle);
  const [status, setStatus] = useState<DataRequestStatus | 'ALL'>('OPEN');
  const [page, setPage] = useState(1);
  const queue = useDataRequestQueue({ status, page });
  const data = queue.data;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{PRIVACY_TEXT.queueTitle}</h1>
        <p className="mt-1 text-slate-600">
          Mỗi yêu cầu phải được trả lời trước hạn. Người yêu cầu nhận câu trả lời qua email, hoặc qua Zalo/SMS khi không
          có email.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="privacy-status" className="text-sm font-medium text-slate-800">
          Trạng thái
        </label>
        <select
          id="privacy-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DataRequestStatus | 'ALL');
            setPage(1);
          }}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3"
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'ALL' ? 'Tất cả' : DATA_REQUEST_STATUS_LABELS[f]}
            </option>
          ))}
        </select>
        {data && data.overdue > 0 && <Badge tone="danger">{`${data.overdue} yêu cầu quá hạn`}</Badge>}
      </div>
      {queue.isError && <Alert>Không tải được danh sách yêu cầu.</Alert>}
      {data && data.items.length === 0 && <p className="text-slate-600">Không có yêu cầu nào.</p>}
      <ul className="space-y-4">
        {data?.items.map((r) => (
          <RequestCard key={r.id} request={r} />
        ))}
      </ul>
      {data && data.total > data.size && (
        <Pagination page={page} pageSize={data.size} total={data.total} onPageChange={setPage} />
      )}
    </div>
  );
}

function RequestCard({ request: r }: { request: AdminDataRequest }) {
  const [answer, setAnswer] = useState('');
  const mutation = useAnswerDataRequest();
  const send = (outcome: 'DONE' | 'REFUSED') =>
    mutation.mutate({ id: r.id, body: { outcome, answer } }, { onSuccess: (res) => toast.success(res.message) });
  const answerId = `privacy-answer-${r.id}`;
  return (
    <li aria-label={`Yêu cầu #${r.id}`} className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-slate-900">
          #{r.id} · {DATA_REQUEST_KIND_LABELS[r.kind]}
          {r.purpose ? ` (${r.purpose === 'MARKETING' ? 'bản tin' : 'dữ liệu sức khỏe'})` : ''}
        </p>
        <Badge tone={r.status === 'OPEN' ? 'warning' : r.status === 'DONE' ? 'success' : 'neutral'}>
          {DATA_REQUEST_STATUS_LABELS[r.status]}
        </Badge>
        {r.overdue && <Badge tone="danger">{PRIVACY_TEXT.overdue}</Badge>}
      </div>
      <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Người yêu cầu: </dt>
          <dd className="inline">
            {r.fullName ?? '—'} · {r.email ?? '—'} · {r.phone ?? '—'}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Kênh: </dt>
          <dd className="inline">{r.channel === 'LINK' ? 'Liên kết quản lý lịch hẹn' : 'Tài khoản'}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Phạm vi: </dt>
          <dd className="inline">{DATA_REQUEST_SCOPE_LABELS[r.scope]}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Trả lời qua: </dt>
          <dd className="inline">{replyText(r)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Nhận lúc: </dt>
          <dd className="inline">{formatDateTime(r.createdAt)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Hạn trả lời: </dt>
          <dd className={r.overdue ? 'inline font-semibold text-red-700' : 'inline'}>{formatDateTime(r.dueAt)}</dd>
        </div>
      </dl>
      {r.details && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-800">{r.details}</p>
      )}
      {r.status === 'OPEN' ? (
        <div className="space-y-2">
          <label htmlFor={answerId} className="block text-sm font-medium text-slate-800">
            Câu trả lời cho người yêu cầu
          </label>
          <textarea
            id={answerId}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            rows={3}
            maxLength={2000}
            className="w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          {mutation.isError && (
            <Alert>{serverErrorText(mutation.error, 'message') ?? 'Không gửi được câu trả lời.'}</Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => send('DONE')} loading={mutation.isPending}>
              {r.kind === 'DELETION' ? 'Xóa dữ liệu và trả lời' : 'Đã thực hiện'}
            </Button>
            <Button variant="secondary" onClick={() => send('REFUSED')} disabled={mutation.isPending}>
              Từ chối
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm whitespace-pre-line text-slate-700">
          <span className="font-medium">
            Trả lời {r.answeredAt ? formatDateTime(r.answeredAt) : ''} {r.answeredBy ? `(${r.answeredBy})` : ''}:{' '}
          </span>
          {r.answer}
        </p>
      )}
    </li>
  );
}

/** How she will be told: her e-mail, or Zalo (else SMS) to her masked mobile; or that neither is possible. */
function replyText(r: AdminDataRequest): string {
  if (r.replyBy === 'EMAIL') return `Email ${r.replyTo ?? ''}`;
  if (r.replyBy === 'PHONE') return `Zalo hoặc SMS đến ${r.replyTo ?? ''}`;
  return 'Không có email hay số di động: hãy gọi điện cho người yêu cầu';
}

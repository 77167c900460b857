import { useId, useState } from 'react';
import { Download, Eye, ShieldCheck } from 'lucide-react';
import {
  APPOINTMENT_STATUS_LABELS,
  CONSENT_PURPOSE_LABELS,
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_SCOPE_LABELS,
  DATA_REQUEST_STATUS_LABELS,
  PRIVACY_NOTICE,
  PRIVACY_TEXT,
  formatDate,
  formatDateTime,
  type ConsentPurpose,
  type DataRequestKind,
  type PersonalData,
} from '@clinic/shared';
import {
  getPersonalData,
  useCreateDataRequest,
  useDataRequests,
  useSendProofCode,
  useVerifyProof,
  type DataSubject,
} from '@/api/personal-data';
import { ConsentRenewalCard } from '@/components/consent-renewal-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { serverErrorText } from '@/lib/error-message';
import { saveFile } from '@/lib/save-file';

/**
 * A person's rights over her data (issue 26), from Settings (signed in) or her booking's private
 * link: download everything as JSON or read it here, ask for a correction, withdraw a consent, ask
 * for deletion, and follow her requests' answers. A private link speaks for its own booking; with a
 * code sent to the booking's e-mail or phone it covers everything under that contact for a while (issue 34).
 */
export function MyDataPanel({ subject }: { subject: DataSubject }) {
  const id = useId();
  const [data, setData] = useState<PersonalData | null>(null);
  const [loading, setLoading] = useState<'json' | 'view' | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [provenUntil, setProvenUntil] = useState<string | null>(null);

  async function load(kind: 'json' | 'view') {
    setLoading(kind);
    setLoadError(null);
    try {
      const fresh = await getPersonalData(subject);
      if (kind === 'json')
        saveFile(
          new Blob([JSON.stringify(fresh, null, 2)], { type: 'application/json' }),
          `du-lieu-ca-nhan-${fresh.generatedAt.slice(0, 10)}.json`,
        );
      else setData(fresh);
    } catch (error) {
      setLoadError(serverErrorText(error, 'message') ?? 'Không tải được dữ liệu. Vui lòng thử lại.');
    } finally {
      setLoading(null);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-700" />
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {PRIVACY_TEXT.myData}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {PRIVACY_TEXT.myDataIntro}{' '}
            <a href={PRIVACY_NOTICE.path} className="font-medium text-brand-800 underline underline-offset-2">
              {PRIVACY_TEXT.readNotice}
            </a>
          </p>
        </div>
      </div>
      <ConsentRenewalCard subject={subject} />
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void load('json')} loading={loading === 'json'}>
          <Download aria-hidden="true" className="size-4" />
          {PRIVACY_TEXT.downloadJson}
        </Button>
        <Button variant="secondary" onClick={() => void load('view')} loading={loading === 'view'}>
          <Eye aria-hidden="true" className="size-4" />
          {PRIVACY_TEXT.viewData}
        </Button>
      </div>
      {subject.kind === 'link' && (
        <p className="text-sm text-slate-600">
          {provenUntil
            ? `Liên kết này đang cho xem mọi dữ liệu theo email hoặc số điện thoại đã xác nhận, đến ${formatDateTime(provenUntil)}.`
            : 'Liên kết này cho xem dữ liệu của lịch hẹn này.'}
        </p>
      )}
      {loadError && <Alert>{loadError}</Alert>}
      {data && <PersonalDataView data={data} />}
      {subject.kind === 'link' && !provenUntil && (
        <ContactProof
          token={subject.token}
          onProven={(until) => {
            setProvenUntil(until);
            if (data) void load('view');
          }}
        />
      )}
      <DataRequestForm subject={subject} proven={provenUntil != null} />
      <DataRequestList subject={subject} />
    </section>
  );
}

function Block({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <div className="space-y-2">
      <h4 className="font-medium text-slate-900">{title}</h4>
      {empty ? <p className="text-sm text-slate-500">Không có.</p> : children}
    </div>
  );
}

/** Her data as a readable page: the same content as the JSON download. */
function PersonalDataView({ data }: { data: PersonalData }) {
  return (
    <div
      aria-label="Dữ liệu của tôi"
      role="region"
      className="space-y-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-700"
    >
      <h3 className="text-base font-semibold text-slate-900">Dữ liệu phòng khám đang lưu về bạn</h3>
      <p>
        Lập lúc {formatDateTime(data.generatedAt)}, theo {scopeText(data.identity)}.
      </p>
      {data.account && (
        <Block title="Tài khoản" empty={false}>
          <p>
            {data.account.fullName ?? data.account.username} · {data.account.email} · {data.account.phone ?? '—'}
          </p>
        </Block>
      )}
      <Block title={`Lịch hẹn (${data.appointments.length})`} empty={data.appointments.length === 0}>
        <ul className="space-y-1">
          {data.appointments.map((a) => (
            <li key={a.id}>
              #{a.id} · {formatDate(a.appointmentDate)} {a.appointmentTime} · {a.departmentName ?? a.department} ·{' '}
              {APPOINTMENT_STATUS_LABELS[a.status]} · {a.fullName} · {a.phone}
              {a.reason ? ` · Lý do: ${a.reason}` : ''}
            </li>
          ))}
        </ul>
      </Block>
      <Block title="Sự đồng ý" empty={data.consents.length === 0}>
        <ul className="space-y-1">
          {data.consents.map((c) => (
            <li key={c.id}>
              {CONSENT_PURPOSE_LABELS[c.purpose]} · {PRIVACY_TEXT.consentChannels[c.channel]} · phiên bản{' '}
              {c.noticeVersion} · {formatDateTime(c.givenAt)}
              {c.withdrawnAt ? ` · đã rút lại ${formatDateTime(c.withdrawnAt)}` : ''}
            </li>
          ))}
        </ul>
      </Block>
      <Block title="Tin nhắn đã gửi cho bạn" empty={data.messages.length === 0}>
        <ul className="space-y-1">
          {data.messages.map((m, i) => (
            <li key={i}>
              {formatDateTime(m.sentAt ?? m.createdAt)} · {m.subject}
            </li>
          ))}
        </ul>
      </Block>
      <Block title="Danh sách chờ" empty={data.waitingList.length === 0}>
        <ul className="space-y-1">
          {data.waitingList.map((w, i) => (
            <li key={i}>
              {formatDate(w.appointmentDate)} {w.appointmentTime} · {w.department}
            </li>
          ))}
        </ul>
      </Block>
      <Block title="Bình luận" empty={data.comments.length === 0}>
        <ul className="space-y-1">
          {data.comments.map((c) => (
            <li key={c.id}>
              {c.authorName}: {c.content}
            </li>
          ))}
        </ul>
      </Block>
      <Block title="Bản tin" empty={data.newsletter.length === 0}>
        <p>{data.newsletter.map((n) => n.email).join(', ')}</p>
      </Block>
    </div>
  );
}

/** Whose data the page shows: the link's booking, the proven e-mail or phone, or the account. */
function scopeText(identity: PersonalData['identity']): string {
  if (identity.scope === 'BOOKING') return `lịch hẹn #${identity.appointmentId} của liên kết này`;
  const contacts = [...identity.emails, ...identity.phones].join(', ');
  if (identity.scope === 'CONTACT')
    return `${contacts}, đã xác nhận bằng mã${identity.provenUntil ? ` (đến ${formatDateTime(identity.provenUntil)})` : ''}`;
  return `tài khoản của bạn${contacts ? ` (${contacts})` : ''}`;
}

/**
 * 'Xem mọi dữ liệu theo email / số điện thoại của tôi': a code to the booking's e-mail or, by Zalo or
 * SMS, to its phone; typed here, the link covers everything under that contact for a while.
 */
function ContactProof({ token, onProven }: { token: string; onProven: (until: string) => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const send = useSendProofCode(token);
  const verify = useVerifyProof(token);
  const verifyError = serverErrorText(verify.error, 'message') ?? 'Không xác nhận được mã. Vui lòng thử lại.';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    verify.mutate(code.trim(), { onSuccess: (res) => onProven(res.provenUntil) });
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Xem mọi dữ liệu theo email hoặc số điện thoại của tôi
      </h3>
      <p className="text-sm text-slate-600">
        Liên kết này chỉ mở lịch hẹn này. Để xem và gửi yêu cầu cho mọi lịch hẹn đã đặt bằng cùng email hoặc số điện
        thoại, hãy nhận mã xác nhận gửi đến email hoặc số điện thoại của lịch hẹn này.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => send.mutate({ via: 'EMAIL' })}
          loading={send.isPending && send.variables?.via === 'EMAIL'}
          disabled={send.isPending}
        >
          Nhận mã qua email
        </Button>
        <Button
          variant="secondary"
          onClick={() => send.mutate({ via: 'PHONE' })}
          loading={send.isPending && send.variables?.via === 'PHONE'}
          disabled={send.isPending}
        >
          Nhận mã qua Zalo hoặc SMS
        </Button>
      </div>
      {send.isError && (
        <Alert>{serverErrorText(send.error, 'message') ?? 'Không gửi được mã. Vui lòng thử lại.'}</Alert>
      )}
      {send.isSuccess && (
        <form onSubmit={submit} className="space-y-2">
          <p className="text-sm text-slate-700">
            {send.data.message} ({send.data.sentTo}, hiệu lực {send.data.expiresInMinutes} phút)
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <FormField label="Mã xác nhận (6 chữ số)" error={verify.isError ? verifyError : undefined} required>
              {(control) => (
                <Input
                  {...control}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  className="w-40 font-mono tracking-widest"
                />
              )}
            </FormField>
            <Button type="submit" loading={verify.isPending}>
              Xác nhận mã
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

const KINDS: DataRequestKind[] = ['CORRECTION', 'WITHDRAWAL', 'DELETION'];

function DataRequestForm({ subject, proven }: { subject: DataSubject; proven: boolean }) {
  const id = useId();
  const [kind, setKind] = useState<DataRequestKind>('CORRECTION');
  const [purpose, setPurpose] = useState<ConsentPurpose>('HEALTH_DATA');
  const [details, setDetails] = useState('');
  const mutation = useCreateDataRequest(subject);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { kind, details: details.trim() || null, ...(kind === 'WITHDRAWAL' ? { purpose } : {}) },
      { onSuccess: () => setDetails('') },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-3 border-t border-slate-100 pt-5">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Gửi yêu cầu
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-800">
            Loại yêu cầu
          </label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => setKind(e.target.value as DataRequestKind)}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {k === 'CORRECTION'
                  ? PRIVACY_TEXT.askCorrection
                  : k === 'WITHDRAWAL'
                    ? PRIVACY_TEXT.askWithdrawal
                    : PRIVACY_TEXT.askDeletion}
              </option>
            ))}
          </select>
        </div>
        {kind === 'WITHDRAWAL' && (
          <div className="space-y-1">
            <label htmlFor={`${id}-purpose`} className="block text-sm font-medium text-slate-800">
              Sự đồng ý cần rút lại
            </label>
            <select
              id={`${id}-purpose`}
              value={purpose}
              onChange={(e) => setPurpose(e.target.value as ConsentPurpose)}
              className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
            >
              <option value="HEALTH_DATA">{CONSENT_PURPOSE_LABELS.HEALTH_DATA}</option>
              <option value="MARKETING">{CONSENT_PURPOSE_LABELS.MARKETING}</option>
            </select>
          </div>
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-details`} className="block text-sm font-medium text-slate-800">
          {kind === 'CORRECTION' ? 'Thông tin cần sửa' : 'Ghi chú (không bắt buộc)'}
        </label>
        <textarea
          id={`${id}-details`}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          rows={3}
          maxLength={2000}
          className="w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </div>
      {kind === 'DELETION' && (
        <Alert tone="warning">
          {subject.kind === 'link' &&
            (proven
              ? 'Yêu cầu áp dụng cho mọi dữ liệu theo email hoặc số điện thoại đã xác nhận. '
              : 'Yêu cầu chỉ áp dụng cho lịch hẹn này. ')}
          Lịch hẹn chưa khám sẽ bị hủy và thông tin của bạn bị xóa. Các lần khám đã hoàn tất có ghi chú của bác sĩ được
          giữ theo thời hạn lưu hồ sơ bệnh án, chỉ bác sĩ điều trị và quản trị viên được mở.
        </Alert>
      )}
      {mutation.isSuccess && <Alert tone="success">{mutation.data.message}</Alert>}
      {mutation.isError && <Alert>{serverErrorText(mutation.error, 'message') ?? 'Không gửi được yêu cầu.'}</Alert>}
      <Button type="submit" variant={kind === 'DELETION' ? 'danger' : 'primary'} loading={mutation.isPending}>
        Gửi yêu cầu
      </Button>
    </form>
  );
}

function DataRequestList({ subject }: { subject: DataSubject }) {
  const requests = useDataRequests(subject);
  if (!requests.data?.length) return null;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-5">
      <h3 className="font-semibold text-slate-900">{PRIVACY_TEXT.requestsTitle}</h3>
      <ul className="space-y-2 text-sm">
        {requests.data.map((r) => (
          <li key={r.id} className="rounded-lg bg-slate-50 p-3">
            <p className="font-medium text-slate-900">
              {DATA_REQUEST_KIND_LABELS[r.kind]} · {DATA_REQUEST_STATUS_LABELS[r.status]}
            </p>
            <p className="text-slate-600">Phạm vi: {DATA_REQUEST_SCOPE_LABELS[r.scope]}</p>
            <p className="text-slate-600">
              Gửi {formatDateTime(r.createdAt)} · hạn trả lời {formatDateTime(r.dueAt)}
            </p>
            {r.answer && <p className="mt-1 whitespace-pre-line text-slate-800">{r.answer}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

import toast from 'react-hot-toast';
import { MESSAGING_TEXT as T, formatDateTime, type MessageView } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useResendMessage } from './api/resend-message';

export const RESEND_FAILED = 'Không thể gửi lại tin nhắn';

const FAILED = new Set(['failed', 'undelivered', 'fallback']);

/** What was sent to whom, by which channel, and whether it arrived; never the message's text. */
export function MessagesTable({ messages, caption }: { messages: MessageView[]; caption: string }) {
  const resend = useResendMessage();
  if (messages.length === 0) return <p className="p-4 text-slate-600">{T.noMessages}</p>;
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3">
              Thời điểm
            </th>
            <th scope="col" className="px-4 py-3">
              Kênh
            </th>
            <th scope="col" className="px-4 py-3">
              Sự kiện
            </th>
            <th scope="col" className="px-4 py-3">
              Người nhận
            </th>
            <th scope="col" className="px-4 py-3">
              Lịch hẹn
            </th>
            <th scope="col" className="px-4 py-3">
              Trạng thái
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Thao tác</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {messages.map((m) => (
            <tr key={m.id}>
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
              <td className="px-4 py-3">{T.channel[m.channel]}</td>
              <td className="px-4 py-3">
                {T.event[m.template] ?? m.template}
                <span className="block font-mono text-xs text-slate-500">{m.template}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{m.recipient}</td>
              <td className="px-4 py-3">{m.appointmentId ? `#${m.appointmentId}` : '—'}</td>
              <td className={FAILED.has(m.status) ? 'px-4 py-3 font-medium text-red-700' : 'px-4 py-3'}>
                {T.status[m.status]}
                {m.attempts > 1 ? <span className="block text-xs text-slate-500">{m.attempts} lần thử</span> : null}
                {m.lastError ? <span className="block text-xs text-slate-500">{m.lastError}</span> : null}
              </td>
              <td className="px-4 py-3">
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  loading={resend.isPending && resend.variables === m.id}
                  onClick={() =>
                    resend.mutate(m.id, {
                      // What became of the new message: sent at once, or handed to SMS, or failed.
                      onSuccess: (result) =>
                        toast.success(
                          `${result.message}: ${T.channel[result.sent.channel]} · ${T.status[result.sent.status]}`,
                        ),
                      onError: (error) => toast.error(errorMessage(error, RESEND_FAILED)),
                    })
                  }
                >
                  {T.resend}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

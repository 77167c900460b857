import toast from 'react-hot-toast';
import { MESSAGING_TEXT as T, formatDateTime, type MessageView } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { useResendMessage } from './api/resend-message';

export const RESEND_FAILED = 'Không thể gửi lại tin nhắn';

const FAILED = new Set(['failed', 'undelivered', 'fallback']);

/** Sends a message again and says what became of it (the new message's channel and status), or why not. */
function ResendButton({ message }: { message: MessageView }) {
  const resend = useResendMessage();
  return (
    <Button
      type="button"
      size="sm"
      variant="secondary"
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(message.id, {
          onSuccess: (result) =>
            toast.success(`${result.message}: ${T.channel[result.sent.channel]} · ${T.status[result.sent.status]}`),
          onError: (error) => toast.error(errorMessage(error, RESEND_FAILED)),
        })
      }
    >
      {T.resend}
    </Button>
  );
}

/** Its status, in red when it did not reach her, with the tries and the provider's reason. */
function Status({ message: m, className }: { message: MessageView; className?: string }) {
  return (
    <div className={cn(className, FAILED.has(m.status) && 'font-medium text-red-700')}>
      {T.status[m.status]}
      {m.attempts > 1 ? <span className="block text-xs font-normal text-slate-500">{m.attempts} lần thử</span> : null}
      {m.lastError ? <span className="block text-xs font-normal break-words text-slate-500">{m.lastError}</span> : null}
    </div>
  );
}

/**
 * What was sent to whom, by which channel, and whether it arrived; never the message's text. A table
 * from a tablet's width; on a phone, one card a message, status and resend in sight without scrolling.
 */
export function MessagesTable({ messages, caption }: { messages: MessageView[]; caption: string }) {
  if (messages.length === 0) return <p className="p-4 text-slate-600">{T.noMessages}</p>;
  return (
    <>
      <ul aria-label={caption} className="space-y-3 md:hidden">
        {messages.map((m) => (
          <li key={m.id} className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p className="font-medium text-slate-900">
              {T.channel[m.channel]}: {T.event[m.template] ?? m.template}
            </p>
            <Status message={m} className="text-sm" />
            <p className="text-sm text-slate-600">
              {formatDateTime(m.createdAt)} · {m.recipient}
              {m.appointmentId ? ` · lịch hẹn #${m.appointmentId}` : ''}
            </p>
            <ResendButton message={m} />
          </li>
        ))}
      </ul>
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block"
      >
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
                <td className="px-4 py-3">
                  <Status message={m} />
                </td>
                <td className="px-4 py-3">
                  <ResendButton message={m} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

import { MESSAGING_TEXT as T, formatDateTime } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { useAppointmentMessages } from '../api/get-appointment-messages';

const FAILED = new Set(['failed', 'undelivered', 'fallback']);

/**
 * The booking detail's 'Tin nhắn' (issue 27): what went to her phone, to which number, by which
 * channel, and whether it arrived; never the text. Resend is on the 'Tin nhắn' screen.
 */
export function AppointmentMessages({ appointmentId }: { appointmentId: number }) {
  const list = useAppointmentMessages(appointmentId);
  return (
    <section aria-labelledby="detail-messages">
      <h3 id="detail-messages" className="mb-3 text-sm font-semibold tracking-wide text-brand-800 uppercase">
        {T.title}
      </h3>
      {list.isError && <Alert tone="error">Không tải được tin nhắn.</Alert>}
      {list.data?.messages.length === 0 && <p className="text-sm text-slate-600">{T.noMessages}</p>}
      <ul className="space-y-1 text-sm">
        {list.data?.messages.map((m) => (
          <li key={m.id} className="flex flex-wrap gap-x-3">
            <span className="text-slate-500">{formatDateTime(m.createdAt)}</span>
            <span className="font-medium">{T.channel[m.channel]}</span>
            <span className="font-mono text-xs leading-5">{m.template}</span>
            <span>{m.recipient}</span>
            <span className={FAILED.has(m.status) ? 'font-medium text-red-700' : ''}>{T.status[m.status]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

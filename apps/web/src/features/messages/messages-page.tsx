import { useState } from 'react';
import { MESSAGING_TEXT as T } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMessages, type MessageFilter } from './api/get-messages';
import { MessagesTable } from './messages-table';

const CHANNELS: { value: MessageFilter['channel']; label: string }[] = [
  { value: '', label: 'Tất cả' },
  { value: 'zalo', label: 'Zalo' },
  { value: 'sms', label: 'SMS' },
];

const hoursOf = (urgent: boolean) => (urgent ? 'Bất kỳ lúc nào' : 'Trong giờ (07:00–21:00)');

/**
 * 'Tin nhắn' (ADMIN, STAFF; issue 27): the recent Zalo and SMS messages with their status and
 * failures, and each event's template as registered with Zalo and the SMS provider.
 */
export default function MessagesPage() {
  usePageTitle(T.title);
  const [channel, setChannel] = useState<MessageFilter['channel']>('');
  const list = useMessages({ channel });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{T.title}</h1>
        <p className="mt-1 text-slate-600">
          Tin nhắn Zalo và SMS gửi cho người bệnh: gửi Zalo trước, chuyển sang SMS khi Zalo không gửi được. Nội dung tin
          nhắn không hiển thị ở đây.
        </p>
      </div>
      <div role="group" aria-label="Kênh" className="flex gap-2">
        {CHANNELS.map((c) => (
          <button
            key={c.value}
            type="button"
            aria-pressed={channel === c.value}
            onClick={() => setChannel(c.value)}
            className={
              channel === c.value
                ? 'h-10 rounded-lg bg-teal-700 px-4 text-sm font-medium text-white'
                : 'h-10 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300'
            }
          >
            {c.label}
          </button>
        ))}
      </div>
      {list.isError && <Alert>Không tải được danh sách tin nhắn.</Alert>}
      {list.data && <MessagesTable messages={list.data.messages} caption={T.title} />}
      {list.data && (
        <section aria-labelledby="message-templates" className="space-y-3">
          <h2 id="message-templates" className="text-lg font-semibold text-slate-900">
            {T.templates}
          </h2>
          {/* On a phone, one card a template: three columns of long texts do not fit its width. */}
          <ul aria-label={T.templates} className="space-y-3 md:hidden">
            {list.data.templates.map((t) => (
              <li key={t.name} className="space-y-1 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
                <p className="font-medium text-slate-900">{T.event[t.name] ?? t.name}</p>
                <p className="text-xs text-slate-500">
                  {t.name} · Mẫu ZNS #{t.znsTemplateId} · {hoursOf(t.urgent)}
                </p>
                <p>{t.zns}</p>
                <p className="font-mono text-xs break-words text-slate-700">{t.sms}</p>
              </li>
            ))}
          </ul>
          <div
            role="region"
            aria-label={T.templates}
            tabIndex={0}
            className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{T.templates}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Sự kiện
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Mẫu ZNS
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Nội dung SMS
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Giờ gửi
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.templates.map((t) => (
                  <tr key={t.name}>
                    <td className="px-4 py-3">
                      {T.event[t.name] ?? t.name}
                      <span className="block font-mono text-xs text-slate-500">{t.name}</span>
                    </td>
                    <td className="px-4 py-3">
                      <span className="block text-xs text-slate-500">#{t.znsTemplateId}</span>
                      {t.zns}
                    </td>
                    <td className="px-4 py-3 font-mono text-xs">{t.sms}</td>
                    <td className="px-4 py-3">{hoursOf(t.urgent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGING_TEXT, type MessageList, type MessageView } from '@clinic/shared';
import { errorBody, mockFetch, renderWithProviders } from '@/testing/render-app';
import MessagesPage from './messages-page';

const message = (over: Partial<MessageView>): MessageView => ({
  id: 1,
  channel: 'zalo',
  template: 'BOOKING_RECEIVED',
  recipient: '0912***111',
  appointmentId: 41,
  status: 'delivered',
  attempts: 1,
  provider: 'zns',
  lastError: null,
  // 09:00 on 10 March 2026 in Ho Chi Minh City.
  createdAt: '2026-03-10T02:00:00.000Z',
  sentAt: '2026-03-10T02:00:00.000Z',
  deliveredAt: '2026-03-10T02:00:03.000Z',
  ...over,
});

const LIST: MessageList = {
  messages: [
    message({ id: 3, channel: 'sms', template: 'REMINDER', status: 'sent', provider: 'esms' }),
    message({
      id: 2,
      template: 'REMINDER',
      status: 'fallback',
      attempts: 2,
      lastError: 'ZNS -118: Zalo account not existed',
      deliveredAt: null,
    }),
    message({ id: 1 }),
  ],
  templates: [
    {
      name: 'REMINDER',
      urgent: false,
      znsTemplateId: '300108',
      zns: 'Xin chào <customer_name>, phòng khám nhắc quý khách có lịch khám lúc <time> ngày <date>.',
      sms: '{clinic}: Nhac lich kham cua {customer_name} luc {time} ngay {date}.',
    },
  ],
};

type Sent = { url: string; method: string };

function server(resend: (id: number) => { status?: number; body?: unknown }) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    sent.push({ url, method: init.method ?? 'GET' });
    const resendOf = /^\/api\/messages\/(\d+)\/resend$/.exec(url);
    if (resendOf && init.method === 'POST') return resend(Number(resendOf[1]));
    if (url.startsWith('/api/messages')) return { body: LIST };
    return { status: 404, body: errorBody(404, 'Không tìm thấy') };
  });
  return sent;
}

describe("'Tin nhắn' (issue 27)", () => {
  it('lists each message with its channel, event, masked recipient and status; a failure says why, in red', async () => {
    server(() => ({ status: 500 }));
    renderWithProviders(<MessagesPage />);
    const table = await screen.findByRole('table', { name: MESSAGING_TEXT.title });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('SMS');
    expect(rows[0]).toHaveTextContent('Nhắc lịch khám');
    expect(rows[0]).toHaveTextContent('0912***111');
    expect(rows[0]).toHaveTextContent('#41');
    expect(within(rows[0]!).getByText('Đã gửi')).toBeInTheDocument();

    const failed = within(rows[1]!).getByText('Chuyển sang SMS').closest('div')!;
    expect(failed).toHaveClass('text-red-700');
    expect(failed).toHaveTextContent('2 lần thử');
    expect(failed).toHaveTextContent('ZNS -118: Zalo account not existed');
    expect(within(rows[2]!).getByText('Đã nhận').closest('div')).not.toHaveClass('text-red-700');
    // On a phone, one card a message: what, to whom, its status and the resend, without scrolling sideways.
    const cards = within(screen.getByRole('list', { name: MESSAGING_TEXT.title })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[1]).toHaveTextContent('Zalo: Nhắc lịch khám');
    expect(cards[1]).toHaveTextContent('0912***111 · lịch hẹn #41');
    expect(within(cards[1]!).getByText('Chuyển sang SMS').closest('div')).toHaveClass('text-red-700');
    expect(within(cards[1]!).getByRole('button', { name: MESSAGING_TEXT.resend })).toBeInTheDocument();
    // Never what the message said.
    expect(table).not.toHaveTextContent(/Nhac lich kham cua|customer_name/);

    const templates = screen.getByRole('table', { name: MESSAGING_TEXT.templates });
    expect(templates).toHaveTextContent('Nhắc lịch khám');
    expect(templates).toHaveTextContent('#300108');
    expect(templates).toHaveTextContent('Trong giờ (07:00–21:00)');
  });

  it('asks the server for one channel when it is chosen', async () => {
    const sent = server(() => ({ status: 500 }));
    const { user } = renderWithProviders(<MessagesPage />);
    await screen.findByRole('table', { name: MESSAGING_TEXT.title });
    await user.click(screen.getByRole('button', { name: 'SMS' }));
    expect(screen.getByRole('button', { name: 'SMS' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(sent.map((r) => r.url)).toContain('/api/messages?channel=sms'));
  });

  it('resends a message through the API and says what became of it, then shows the list again', async () => {
    const sent = server((id) => ({
      body: {
        message: MESSAGING_TEXT.resent,
        sent: message({ id: 10 + id, template: 'REMINDER', status: 'sent', deliveredAt: null }),
      },
    }));
    const { user } = renderWithProviders(<MessagesPage />);
    const table = await screen.findByRole('table', { name: MESSAGING_TEXT.title });
    const failedRow = within(table).getAllByRole('row')[2]!;
    await user.click(within(failedRow).getByRole('button', { name: MESSAGING_TEXT.resend }));
    expect(await screen.findByText(`${MESSAGING_TEXT.resent}: Zalo · Đã gửi`)).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/messages/2/resend']);
    await waitFor(() =>
      expect(sent.filter((r) => r.url.startsWith('/api/messages?') || r.url === '/api/messages')).toHaveLength(2),
    );
  });

  it('says why the server refused a resend, in its words', async () => {
    server(() => ({ status: 409, body: errorBody(409, MESSAGING_TEXT.resendDataCleared, 'MESSAGE_DATA_CLEARED') }));
    const { user } = renderWithProviders(<MessagesPage />);
    const table = await screen.findByRole('table', { name: MESSAGING_TEXT.title });
    await user.click(
      within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: MESSAGING_TEXT.resend }),
    );
    expect(await screen.findByText(MESSAGING_TEXT.resendDataCleared)).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MSG, type CalendarFeedStatus, type Role, type User } from '@clinic/shared';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const FEED = '/api/appointments/calendar-feed';
const doctor = makeUser();
const FIRST_URL =
  'https://clinic.example.vn/api/appointments/calendar-feed/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const SECOND_URL =
  'https://clinic.example.vn/api/appointments/calendar-feed/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

type Answer = { status?: number; body?: unknown };

/**
 * The server: the profile, and the doctor's link as the server keeps it. POST makes a new link
 * (the addresses in turn), DELETE ends it; `fail` answers a method with an error instead.
 */
function serveFeed(
  user: User,
  initial: CalendarFeedStatus,
  fail: Partial<Record<'GET' | 'POST' | 'DELETE', Answer>> = {},
) {
  let feed = initial;
  const urls = [FIRST_URL, SECOND_URL];
  const fetchMock = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/users/profile') return { body: user };
    if (url !== FEED) return { status: 404, body: errorBody(404, 'Not found') };
    const failure = fail[method as 'GET' | 'POST' | 'DELETE'];
    if (failure) return failure;
    if (method === 'POST') {
      feed = { active: true, createdAt: '2026-03-05T03:00:00.000Z' };
      return { body: { message: APPOINTMENT_MSG.calendarFeedCreated, url: urls.shift(), createdAt: feed.createdAt } };
    }
    if (method === 'DELETE') {
      feed = { active: false, createdAt: null };
      return { body: { message: APPOINTMENT_MSG.calendarFeedRevoked } };
    }
    return { body: feed };
  });
  const callsOf = (method: string) =>
    fetchMock.mock.calls.filter(([url, init]) => url === FEED && (init?.method ?? 'GET') === method);
  return { fetchMock, callsOf, fail };
}

function openProfile(user: User = doctor) {
  storeSession(storedInfoOf(user));
  return renderRoutes(routes, '/profile');
}

const card = () => screen.findByRole('region', { name: 'Lịch khám trên điện thoại' });

describe('Calendar link on the profile', () => {
  it('lets a doctor make a link: the address once, the server message, copying and how to add it', async () => {
    const { callsOf } = serveFeed(doctor, { active: false, createdAt: null });
    const { user } = openProfile();
    const region = await card();
    expect(within(region).getByText(/đã xác nhận và đã thanh toán/)).toBeInTheDocument();
    expect(within(region).getByText(/không kèm số điện thoại hay email của bệnh nhân/)).toBeInTheDocument();
    expect(within(region).getByText('Hãy giữ liên kết cho riêng bạn.')).toBeInTheDocument();

    await user.click(await within(region).findByRole('button', { name: 'Tạo liên kết lịch' }));

    const field = await within(region).findByRole('textbox', { name: 'Liên kết lịch của bạn' });
    expect(field).toHaveValue(FIRST_URL);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect(within(region).getByText(APPOINTMENT_MSG.calendarFeedCreated)).toBeInTheDocument();
    expect(within(region).getByText(/Từ URL/)).toBeInTheDocument();
    expect(within(region).getByText(/Thêm lịch đăng ký/)).toBeInTheDocument();
    expect(within(region).getByText('Đã tạo ngày 05/03/2026')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Tạo liên kết lịch' })).not.toBeInTheDocument();

    const [post] = callsOf('POST');
    expect((post![1]!.headers as Record<string, string>).Authorization).toBe('Bearer test-token');

    await user.click(within(region).getByRole('button', { name: 'Sao chép' }));
    expect(await navigator.clipboard.readText()).toBe(FIRST_URL);
    expect(within(region).getByRole('button', { name: 'Đã sao chép' })).toBeInTheDocument();
  });

  it('selects the address for copying by hand when the clipboard refuses', async () => {
    serveFeed(doctor, { active: false, createdAt: null });
    const { user } = openProfile();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Tạo liên kết lịch' }));
    const field = await within(region).findByRole<HTMLInputElement>('textbox', { name: 'Liên kết lịch của bạn' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    field.blur();

    await user.click(within(region).getByRole('button', { name: 'Sao chép' }));
    expect(await within(region).findByText(/Không sao chép tự động được/)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, FIRST_URL.length]);
    expect(within(region).getByRole('button', { name: 'Sao chép' })).toBeInTheDocument();
  });

  it('shows since when a link exists, never its address, and revokes it after a confirmation', async () => {
    const { callsOf } = serveFeed(doctor, { active: true, createdAt: '2026-02-10T09:30:00.000Z' });
    const { user } = openProfile();
    const region = await card();
    expect(await within(region).findByText('Đã tạo ngày 10/02/2026')).toBeInTheDocument();
    expect(within(region).queryByRole('textbox')).not.toBeInTheDocument();

    // Cancelling changes nothing.
    await user.click(within(region).getByRole('button', { name: 'Thu hồi liên kết' }));
    let dialog = await screen.findByRole('dialog', { name: 'Thu hồi liên kết lịch' });
    expect(within(dialog).getByRole('button', { name: 'Hủy' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsOf('DELETE')).toHaveLength(0);

    await user.click(within(region).getByRole('button', { name: 'Thu hồi liên kết' }));
    dialog = await screen.findByRole('dialog', { name: 'Thu hồi liên kết lịch' });
    expect(within(dialog).getByText(/ngừng hoạt động ngay/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Thu hồi liên kết' }));

    expect(await within(region).findByText(APPOINTMENT_MSG.calendarFeedRevoked)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('DELETE')).toHaveLength(1);
    expect(within(region).queryByText(/Đã tạo ngày/)).not.toBeInTheDocument();
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Tạo liên kết lịch' })).toHaveFocus());
  });

  it('warns that a new link ends the old one before making it', async () => {
    const { callsOf } = serveFeed(doctor, { active: true, createdAt: '2026-02-10T09:30:00.000Z' });
    const { user } = openProfile();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Tạo liên kết mới' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tạo liên kết mới' });
    expect(within(dialog).getByText(/Liên kết cũ sẽ ngừng hoạt động/)).toBeInTheDocument();
    expect(callsOf('POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Tạo liên kết mới' }));

    expect(await within(region).findByRole('textbox', { name: 'Liên kết lịch của bạn' })).toHaveValue(FIRST_URL);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(region).getByText('Đã tạo ngày 05/03/2026')).toBeInTheDocument();
    expect(callsOf('POST')).toHaveLength(1);
  });

  it("keeps the revoke dialog open with the server's reason when revoking fails", async () => {
    serveFeed(
      doctor,
      { active: true, createdAt: '2026-02-10T09:30:00.000Z' },
      { DELETE: { status: 500, body: errorBody(500, 'Hệ thống đang gặp sự cố. Vui lòng thử lại sau.') } },
    );
    const { user } = openProfile();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Thu hồi liên kết' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thu hồi liên kết lịch' });
    await user.click(within(dialog).getByRole('button', { name: 'Thu hồi liên kết' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Hệ thống đang gặp sự cố. Vui lòng thử lại sau.',
    );
    expect(within(region).getByText('Đã tạo ngày 10/02/2026')).toBeInTheDocument();
  });

  it("says the server's reason when the link state cannot load, and 'Thử lại' loads it", async () => {
    const { fail } = serveFeed(
      doctor,
      { active: false, createdAt: null },
      { GET: { status: 500, body: errorBody(500, 'Hệ thống đang gặp sự cố. Vui lòng thử lại sau.') } },
    );
    const { user } = openProfile();
    const region = await card();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Không tải được liên kết lịch');
    expect(alert).toHaveTextContent('Hệ thống đang gặp sự cố. Vui lòng thử lại sau.');
    delete fail.GET;
    await user.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await within(region).findByRole('button', { name: 'Tạo liên kết lịch' })).toBeInTheDocument();
  });

  it.each<Role>(['PATIENT', 'STAFF', 'ADMIN'])(
    'is not offered to a %s, who never asks the server for it',
    async (role) => {
      const other = makeUser({
        id: 12,
        username: role.toLowerCase(),
        role,
        specialty: null,
        fullName: 'Trần Thị Bình',
      });
      const { callsOf } = serveFeed(other, { active: false, createdAt: null });
      openProfile(other);
      expect(await screen.findByRole('region', { name: 'Thông tin cá nhân' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Lịch khám trên điện thoại' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Tạo liên kết lịch' })).not.toBeInTheDocument();
      expect(callsOf('GET')).toHaveLength(0);
    },
  );
});

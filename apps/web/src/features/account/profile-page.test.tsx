import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type User } from '@clinic/shared';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const patient = makeUser({
  id: 12,
  username: 'patient',
  email: 'patient@example.vn',
  role: 'PATIENT',
  fullName: 'Trần Thị Bình',
  specialty: null,
});

type PutHandler = (body: Record<string, unknown>) => { status?: number; body?: unknown };

/** The server: GET answers the profile; PUT answers what the handler says (by default the merged user). */
function serveProfile(user: User, onPut: PutHandler = (body) => ({ body: { ...user, ...body } })) {
  return mockFetch((url, init) => {
    if (url === '/api/users/profile' && init.method === 'PUT') return onPut(JSON.parse(init.body as string));
    if (url === '/api/users/profile') return { body: user };
    return { status: 404, body: errorBody(404, 'Not found') };
  });
}

const putCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/users/profile' && init?.method === 'PUT');

describe('ProfilePage', () => {
  it("shows the name, e-mail and role, and 'Chưa cập nhật' for what is missing", async () => {
    storeSession(storedInfoOf(patient));
    serveProfile(patient);
    renderRoutes(routes, '/profile');
    const section = await screen.findByRole('region', { name: 'Thông tin cá nhân' });
    expect(within(section).getByRole('heading', { name: 'Trần Thị Bình' })).toBeInTheDocument();
    expect(within(section).getAllByText('patient@example.vn').length).toBeGreaterThan(0);
    expect(within(section).getByText('Bệnh nhân')).toBeInTheDocument();
    // Birth date, gender, phone and citizen identification number are not set.
    expect(within(section).getAllByText('Chưa cập nhật')).toHaveLength(4);
    expect(within(section).getByRole('button', { name: 'Chỉnh sửa' })).toBeInTheDocument();
  });

  it('shows the username when there is no full name, and the values that are set', async () => {
    const user = { ...patient, fullName: null, birth: '1995-04-09', gender: 'FEMALE' as const, phone: '0912345678' };
    storeSession(storedInfoOf(user));
    serveProfile(user);
    renderRoutes(routes, '/profile');
    expect(await screen.findByRole('heading', { name: 'patient' })).toBeInTheDocument();
    expect(screen.getByText('09/04/1995')).toBeInTheDocument();
    expect(screen.getByText('Nữ')).toBeInTheDocument();
    expect(screen.getByText('0912345678')).toBeInTheDocument();
    expect(screen.getAllByText('Chưa cập nhật')).toHaveLength(2);
  });

  it('saves the new name with birth and gender left out and an empty phone sent as empty, and the header shows it', async () => {
    const user = { ...patient, phone: '0912345678' };
    storeSession(storedInfoOf(user));
    const fetchMock = serveProfile(user);
    const { user: person } = renderRoutes(routes, '/profile');

    await person.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    expect(screen.getByLabelText('Email (Không thể thay đổi)')).toHaveValue('patient@example.vn');
    expect(screen.getByLabelText('Email (Không thể thay đổi)')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Giới tính')).toHaveDisplayValue('Chọn giới tính');
    await person.clear(screen.getByLabelText('Họ và tên'));
    await person.type(screen.getByLabelText('Họ và tên'), 'Trần Thị Bình An');
    await person.clear(screen.getByLabelText('Số điện thoại'));
    await person.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));

    expect(await screen.findByText('Cập nhật thông tin thành công!')).toBeInTheDocument();
    const [call] = putCalls(fetchMock);
    expect(JSON.parse(call![1]!.body as string)).toEqual({ fullName: 'Trần Thị Bình An', phone: '', citizenId: '' });
    // Back to view mode with the answer.
    expect(await screen.findByRole('heading', { name: 'Trần Thị Bình An' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lưu thay đổi' })).not.toBeInTheDocument();
    // The stored userInfo took the new name and phone; the header's name button shows it.
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!);
    expect(stored).toMatchObject({ id: 12, username: 'patient', fullName: 'Trần Thị Bình An', phone: '' });
    expect(screen.getByRole('button', { name: /Trần Thị Bình An/ })).toBeInTheDocument();
  });

  it('sends birth date and gender when they are chosen', async () => {
    storeSession(storedInfoOf(patient));
    const fetchMock = serveProfile(patient);
    const { user: person } = renderRoutes(routes, '/profile');
    await person.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    await person.type(screen.getByLabelText('Ngày sinh'), '1990-02-03');
    await person.selectOptions(screen.getByLabelText('Giới tính'), 'Nữ');
    await person.type(screen.getByLabelText('Số điện thoại'), '0987 654 321');
    await person.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(putCalls(fetchMock)).toHaveLength(1));
    expect(JSON.parse(putCalls(fetchMock)[0]![1]!.body as string)).toEqual({
      fullName: 'Trần Thị Bình',
      birth: '1990-02-03',
      gender: 'FEMALE',
      phone: '0987 654 321',
      citizenId: '',
    });
  });

  it('shows her citizen identification number, refuses one that is not 12 digits next to the field, and saves a right one without keeping it in the browser', async () => {
    const user = { ...patient, citizenId: '079190001234' };
    storeSession(storedInfoOf(user));
    const fetchMock = serveProfile(user);
    const { user: person } = renderRoutes(routes, '/profile');
    expect(await screen.findByText('079190001234')).toBeInTheDocument();
    expect(screen.getByText('Số định danh cá nhân (CCCD)')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Chỉnh sửa' }));
    const field = screen.getByLabelText('Số định danh cá nhân (CCCD)');
    expect(field).toHaveValue('079190001234');
    expect(field).toHaveAccessibleDescription('12 chữ số trên thẻ căn cước công dân (không bắt buộc)');
    await person.clear(field);
    await person.type(field, '07919000');
    await person.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByText('Số định danh cá nhân (CCCD) phải gồm đúng 12 chữ số')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(putCalls(fetchMock)).toHaveLength(0);

    await person.clear(field);
    await person.type(field, '001099000777');
    await person.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(putCalls(fetchMock)).toHaveLength(1));
    expect(JSON.parse(putCalls(fetchMock)[0]![1]!.body as string)).toMatchObject({ citizenId: '001099000777' });
    expect(await screen.findByText('001099000777')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).not.toContain('001099000777');
  });

  it('refuses an empty name and a wrong phone next to the fields, without calling the server', async () => {
    storeSession(storedInfoOf(patient));
    const fetchMock = serveProfile(patient);
    const { user: person } = renderRoutes(routes, '/profile');
    await person.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    await person.clear(screen.getByLabelText('Họ và tên'));
    await person.type(screen.getByLabelText('Số điện thoại'), 'abc');
    await person.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByText('Vui lòng nhập họ và tên')).toBeInTheDocument();
    expect(screen.getByText('Số điện thoại không hợp lệ')).toBeInTheDocument();
    expect(screen.getByLabelText('Họ và tên')).toHaveAttribute('aria-invalid', 'true');
    expect(putCalls(fetchMock)).toHaveLength(0);
  });

  it("says the server's reason when saving fails, else 'Có lỗi khi cập nhật thông tin', and stays in edit mode", async () => {
    storeSession(storedInfoOf(patient));
    let answer: { status: number; body: unknown } = { status: 409, body: errorBody(409, 'Số điện thoại đã được dùng') };
    serveProfile(patient, () => answer);
    const { user: person } = renderRoutes(routes, '/profile');
    await person.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    await person.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByText('Số điện thoại đã được dùng')).toBeInTheDocument();

    answer = { status: 500, body: {} };
    await person.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByText('Có lỗi khi cập nhật thông tin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lưu thay đổi' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!).fullName).toBe('Trần Thị Bình');
  });

  it("leaves edit mode with 'Hủy' without saving", async () => {
    storeSession(storedInfoOf(patient));
    const fetchMock = serveProfile(patient);
    const { user: person } = renderRoutes(routes, '/profile');
    await person.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    await person.type(screen.getByLabelText('Họ và tên'), ' Khác');
    await person.click(screen.getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByLabelText('Họ và tên')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Trần Thị Bình' })).toBeInTheDocument();
    expect(putCalls(fetchMock)).toHaveLength(0);
  });

  it("says 'Không thể tải thông tin người dùng' when the profile cannot load, and 'Thử lại' loads it", async () => {
    storeSession(storedInfoOf(patient));
    let fail = true;
    mockFetch((url) => {
      if (url !== '/api/users/profile') return { status: 404, body: {} };
      return fail
        ? { status: 500, body: errorBody(500, 'Hệ thống đang gặp sự cố. Vui lòng thử lại sau.') }
        : { body: patient };
    });
    const { user: person } = renderRoutes(routes, '/profile');
    expect(await screen.findByText('Không thể tải thông tin người dùng')).toBeInTheDocument();
    fail = false;
    await person.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { name: 'Trần Thị Bình' })).toBeInTheDocument();
    expect(screen.queryByText('Không thể tải thông tin người dùng')).not.toBeInTheDocument();
  });

  it('sends a visitor to the login page and back to the profile after signing in', async () => {
    mockFetch((url) => {
      if (url === '/api/auth/login')
        return {
          body: {
            token: 't',
            userId: 12,
            username: 'patient',
            email: patient.email,
            fullName: patient.fullName,
            role: 'PATIENT',
            mustChangePassword: false,
          },
        };
      if (url === '/api/users/profile') return { body: patient };
      return { status: 404, body: {} };
    });
    const { user: person, router } = renderRoutes(routes, '/profile');
    await person.type(await screen.findByLabelText('Username hoặc Email'), 'patient');
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await person.type(screen.getByLabelText('Mật khẩu'), 'Patient@123');
    await person.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByRole('heading', { name: 'Trần Thị Bình' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});

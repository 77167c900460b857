import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BOOKING_UI_MSG,
  USER_MSG,
  type ImportResult,
  type PatientPage,
  type PatientSummary,
  type PatientVisit,
  type User,
} from '@clinic/shared';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const DOCTOR = makeUser({ id: 7, role: 'DOCTOR', fullName: 'BS. Nguyễn Văn An' });

/** The server keeps her language with her account; `refuse` makes the save fail. */
function server(kept: { backOfficeLanguage: 'en' | 'vi'; refuse?: boolean } = { backOfficeLanguage: 'en' }) {
  const saved: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile')
      return { body: { ...DOCTOR, mfaEnrolmentRequired: false, backOfficeLanguage: kept.backOfficeLanguage } };
    if (url === '/api/users/profile/preferences' && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { backOfficeLanguage: 'en' | 'vi' };
      saved.push(body);
      if (kept.refuse) return { status: 503, body: errorBody(503, 'Không thể lưu lúc này', 'UNAVAILABLE') };
      kept.backOfficeLanguage = body.backOfficeLanguage;
      return { body };
    }
    if (url.startsWith('/api/privacy/me')) return { body: [] };
    return { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
  });
  return saved;
}

const menu = () => screen.findByRole('navigation', { name: 'Menu quản trị' }, { timeout: 5000 });

describe('the back-office language (issue 25)', () => {
  it("keeps the specification's English by default", async () => {
    storeSession(storedInfoOf(DOCTOR));
    server();
    renderRoutes(routes, '/admin');
    const nav = await menu();
    expect(within(nav).getByRole('link', { name: 'Patient Control' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Pending Approvals' })).toBeInTheDocument();
  });

  it("reads in Vietnamese once she chooses 'Tiếng Việt' in /settings, and back in English when she chooses again", async () => {
    storeSession(storedInfoOf(DOCTOR));
    server();
    const { user, router } = renderRoutes(routes, '/settings');
    const english = await screen.findByRole('radio', { name: /Tiếng Anh/ }, { timeout: 5000 });
    expect(english).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Tiếng Việt' }));

    await router.navigate('/admin');
    let nav = await menu();
    expect(within(nav).getByRole('link', { name: 'Quản lý bệnh nhân' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Chờ phê duyệt' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Patient Control' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Quản lý bệnh nhân' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quản lý bệnh nhân' }, { timeout: 5000 }),
    ).toBeInTheDocument();

    await router.navigate('/settings');
    await user.click(await screen.findByRole('radio', { name: /Tiếng Anh/ }, { timeout: 5000 }));
    await router.navigate('/admin');
    nav = await menu();
    expect(within(nav).getByRole('link', { name: 'Patient Control' })).toBeInTheDocument();
  });

  it('saves her choice with her account, so another device reads the back-office in Vietnamese too', async () => {
    const kept = { backOfficeLanguage: 'en' as 'en' | 'vi' };
    storeSession(storedInfoOf(DOCTOR));
    const saved = server(kept);
    const { user, unmount } = renderRoutes(routes, '/settings');
    await user.click(await screen.findByRole('radio', { name: 'Tiếng Việt' }, { timeout: 5000 }));
    expect(await screen.findByText('Đã lưu cho tài khoản của bạn trên mọi thiết bị.')).toBeInTheDocument();
    expect(saved).toEqual([{ backOfficeLanguage: 'vi' }]);
    unmount();

    // Another device: nothing kept in this browser, the server's answer decides.
    localStorage.clear();
    storeSession(storedInfoOf(DOCTOR));
    server(kept);
    renderRoutes(routes, '/admin');
    const nav = await menu();
    expect(within(nav).getByRole('link', { name: 'Quản lý bệnh nhân' })).toBeInTheDocument();
  });

  it('puts the previous choice back and says so when the save fails', async () => {
    storeSession(storedInfoOf(DOCTOR));
    server({ backOfficeLanguage: 'en', refuse: true });
    const { user } = renderRoutes(routes, '/settings');
    await user.click(await screen.findByRole('radio', { name: 'Tiếng Việt' }, { timeout: 5000 }));
    expect(await screen.findByText('Không thể lưu lúc này')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Tiếng Anh/ })).toBeChecked();
  });

  it('reads the Dashboard and the user form window in Vietnamese, its messages included, once she chose it', async () => {
    const ADMIN = makeUser({ id: 1, role: 'ADMIN', username: 'admin', fullName: 'Quản trị viên', specialty: null });
    storeSession(storedInfoOf(ADMIN));
    mockFetch((url, init) => {
      if (url === '/api/auth/validate') return { body: { valid: true } };
      if (url === '/api/users/profile')
        return { body: { ...ADMIN, mfaEnrolmentRequired: false, backOfficeLanguage: 'vi' } };
      if (url === '/api/users/specialties') return { body: [{ code: 'GYNECOLOGY', displayName: 'Phụ khoa' }] };
      if (url.startsWith('/api/users?'))
        return { body: { items: [ADMIN], total: 1, page: 1, size: 10, totalPages: 1 } };
      if (url === '/api/users' && init.method === 'POST')
        return { status: 409, body: errorBody(409, USER_MSG.emailTaken, 'CONFLICT') };
      return { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
    });
    const { user, router } = renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tổng quan' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
    const quick = screen.getByRole('region', { name: 'Truy cập nhanh' });
    expect(within(quick).getByRole('link', { name: /Người dùng/ })).toBeInTheDocument();
    expect(within(quick).queryByText('Users')).not.toBeInTheDocument();

    await router.navigate('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Thêm người dùng' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm người dùng' });
    await user.click(within(dialog).getByRole('button', { name: 'Tạo người dùng' }));
    expect(await within(dialog).findByText('Vui lòng nhập họ và tên')).toBeInTheDocument();
    expect(within(dialog).queryByText(USER_MSG.fullNameRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Họ và tên')).toHaveFocus();
    expect(within(dialog).getByRole('combobox', { name: 'Vai trò' })).toHaveTextContent('Bệnh nhânNhân viênBác sĩ');

    await user.type(within(dialog).getByLabelText('Họ và tên'), 'BS. Phạm Minh Châu');
    await user.type(within(dialog).getByLabelText('Tên đăng nhập'), 'chau.pham');
    await user.type(within(dialog).getByLabelText('Email'), 'chau@antamclinic.vn');
    await user.type(within(dialog).getByLabelText('Mật khẩu'), 'hoa sen 2026 nở');
    await user.click(within(dialog).getByRole('button', { name: 'Tạo người dùng' }));
    // The server's English answer about a field reads in Vietnamese at that field.
    expect(await within(dialog).findByText('Email này đã được tài khoản khác sử dụng')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Hủy' })).toBeInTheDocument();
  });

  describe("the screens' windows, once she chose Tiếng Việt", () => {
    /** A back-office server that keeps `language` for `me`; `answer` answers the screen's own calls. */
    function serve(
      me: User,
      language: 'en' | 'vi',
      answer: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined,
    ) {
      storeSession(storedInfoOf(me));
      mockFetch((url, init) => {
        if (url === '/api/auth/validate') return { body: { valid: true } };
        if (url === '/api/users/profile')
          return { body: { ...me, mfaEnrolmentRequired: false, backOfficeLanguage: language } };
        return answer(url, init) ?? { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
      });
    }

    it("reads Patient Control's notes and no-show windows in Vietnamese, and a failed save's English fallback too", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const visit: PatientVisit = {
        id: 41,
        appointmentDate: today,
        appointmentTime: '08:00',
        department: 'GYNECOLOGY',
        departmentName: 'Khoa Phụ khoa',
        status: 'CONFIRMED',
        paymentAmount: null,
        reason: null,
        notes: null,
        doctorId: 7,
        doctorName: DOCTOR.fullName,
      };
      const patient = (n: number, visits: PatientVisit[]): PatientSummary => ({
        email: `bn${n}@example.com`,
        fullName: `Bệnh nhân ${n}`,
        phone: '0912000000',
        user: null,
        totalAppointments: 1,
        confirmedAppointments: 1,
        lastAppointment: null,
        nextAppointment: null,
        actionableAppointment: visits[0] ?? null,
        actionableAppointments: visits,
      });
      const page: PatientPage = {
        items: [patient(1, [visit]), patient(2, [])],
        total: 12,
        page: 1,
        size: 10,
        totalPages: 2,
        cards: { totalPatients: 12, withUpcoming: 4, totalConfirmed: 15 },
      };
      serve(DOCTOR, 'vi', (url, init) => {
        // The server answers without a message: the call's English fallback is what the screen has.
        if (url === '/api/appointments/41' && init.method === 'PUT') return { status: 500, body: {} };
        if (url.startsWith('/api/patients')) return { body: page };
        return undefined;
      });
      const { user } = renderRoutes(routes, '/admin/patients');
      const row = (await screen.findByRole('rowheader', { name: /Bệnh nhân 1/ }, { timeout: 5000 })).closest('tr')!;
      expect(screen.getByText('Tổng số bệnh nhân')).toBeInTheDocument();
      expect(screen.getByText('Hiển thị 1 đến 10 trong 12 kết quả')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Sau/ })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Lọc' })).toHaveTextContent('Tất cả bệnh nhân');
      expect(screen.getAllByText('Chưa có lịch hẹn').length).toBeGreaterThan(0);
      expect(screen.queryByText('None scheduled')).not.toBeInTheDocument();

      await user.click(within(row).getByRole('button', { name: /Ghi chú khám/ }));
      const notes = await screen.findByRole('dialog', { name: 'Ghi chú khám bệnh' });
      expect(within(notes).getByText('Không ghi')).toBeInTheDocument();
      expect(within(notes).getByRole('button', { name: 'Hủy' })).toBeInTheDocument();
      await user.click(within(notes).getByRole('checkbox', { name: 'Lên lịch tái khám cho bệnh nhân' }));
      expect(within(notes).getByRole('button', { name: 'Lưu ghi chú và hẹn tái khám' })).toBeDisabled();
      await user.click(within(notes).getByRole('checkbox', { name: 'Lên lịch tái khám cho bệnh nhân' }));
      await user.click(within(notes).getByRole('button', { name: 'Lưu ghi chú' }));
      expect(await within(notes).findByText('Không thể lưu ghi chú')).toBeInTheDocument();
      expect(screen.queryByText(BOOKING_UI_MSG.notesApiFailed)).not.toBeInTheDocument();
      expect(within(notes).queryByRole('button', { name: /Save Notes/ })).not.toBeInTheDocument();
      await user.click(within(notes).getByRole('button', { name: 'Hủy' }));

      await user.click(within(row).getByRole('button', { name: /không đến khám/ }));
      const noShow = await screen.findByRole('dialog', { name: 'Đánh dấu không đến khám' });
      expect(within(noShow).getByRole('button', { name: 'Hủy' })).toBeInTheDocument();
      expect(within(noShow).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    });

    it("reads the Users screen's import and its results in Vietnamese, the server's row problems included", async () => {
      const ADMIN = makeUser({ id: 1, role: 'ADMIN', username: 'admin', fullName: 'Quản trị viên', specialty: null });
      const result: ImportResult = {
        successCount: 2,
        failedCount: 2,
        errors: [
          { row: 3, message: `${USER_MSG.fullNameRequired}; ${USER_MSG.genderInvalid}` },
          { row: 4, message: USER_MSG.importDuplicateInFile('Username', 2) },
        ],
        created: [],
        message: USER_MSG.importSummary(2, 2),
      };
      serve(ADMIN, 'vi', (url) => {
        if (url === '/api/users/import') return { body: result };
        if (url.startsWith('/api/users?'))
          return { body: { items: [ADMIN], total: 23, page: 1, size: 10, totalPages: 3 } };
        return undefined;
      });
      const { user } = renderRoutes(routes, '/admin/users');
      await user.click(await screen.findByRole('button', { name: 'Nhập từ Excel' }, { timeout: 5000 }));
      expect(await screen.findByText('Hiển thị 1 đến 10 trong 23 người dùng')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Trước/ })).toBeDisabled();
      const dialog = await screen.findByRole('dialog', { name: 'Nhập người dùng từ Excel' });
      expect(within(dialog).getByRole('button', { name: /Tải tệp mẫu/ })).toBeInTheDocument();
      expect(within(dialog).getByText('Tối đa 2 MB và 1.000 dòng.')).toBeInTheDocument();
      // The column names are the workbook's own: they stay as the file must spell them.
      expect(within(dialog).getByText(/Full Name, Username, Email là bắt buộc/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Tải lên và nhập' }));
      expect(within(dialog).getByText('Vui lòng chọn tệp Excel hợp lệ (.xlsx)')).toBeInTheDocument();

      fireEvent.change(within(dialog).getByLabelText('Tệp Excel (.xlsx)'), {
        target: { files: [new File(['PK'], 'users.xlsx')] },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Tải lên và nhập' }));
      const report = await screen.findByRole('dialog', { name: 'Kết quả nhập' });
      const summary = within(report).getByRole('list', { name: 'Tóm tắt' });
      expect(within(summary).getByText('Đã nhập').parentElement).toHaveTextContent('2');
      expect(within(summary).getByText('Thất bại').parentElement).toHaveTextContent('2');
      expect(within(report).getByRole('status')).toHaveTextContent('Đã nhập: 2, thất bại: 2');
      const rows = within(within(report).getByRole('table')).getAllByRole('row');
      expect(rows[0]).toHaveTextContent('DòngLỗi');
      expect(rows[1]).toHaveTextContent('3Vui lòng nhập họ và tên; Giới tính phải là Nam, Nữ hoặc Khác');
      expect(rows[2]).toHaveTextContent('4Tên đăng nhập trùng với dòng 2 của tệp');
      expect(within(report).getAllByRole('button', { name: 'Đóng' }).length).toBeGreaterThan(0);
    });

    it.each([
      ['en', 'Booking Manager', BOOKING_UI_MSG.statsFailed],
      ['vi', null, 'Không thể tải thống kê lịch hẹn'],
    ] as const)(
      "Booking Manager in '%s': its English name and a call's English fallback only in English",
      async (language, eyebrow, statsFailed) => {
        const STAFF = makeUser({ id: 2, role: 'STAFF', username: 'staff', fullName: 'Lê Thị Thu Hà', specialty: null });
        serve(STAFF, language, (url) => {
          if (url.startsWith('/api/appointments/stats')) return { status: 500, body: {} };
          if (url.startsWith('/api/appointments?'))
            return { body: { items: [], total: 0, page: 1, size: 20, totalPages: 0, totalCapped: false } };
          return undefined;
        });
        renderRoutes(routes, '/admin/bookings');
        expect(
          await screen.findByRole('heading', { level: 1, name: 'Quản lý Lịch hẹn' }, { timeout: 5000 }),
        ).toBeInTheDocument();
        expect(await screen.findByText(statsFailed, {}, { timeout: 5000 })).toBeInTheDocument();
        await waitFor(() =>
          expect(screen.queryAllByText('Booking Manager', { selector: 'main p' }).length).toBe(
            eyebrow === null ? 0 : 1,
          ),
        );
      },
    );
  });
});

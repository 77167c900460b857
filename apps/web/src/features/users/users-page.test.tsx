import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MFA_MSG, USER_MSG, type ImportResult, type User, type UserBulkResult, type UserPage } from '@clinic/shared';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const ADMIN = makeUser({
  id: 1,
  username: 'admin',
  email: 'admin@antamclinic.vn',
  fullName: 'Quản trị viên',
  role: 'ADMIN',
  specialty: null,
});
const DOCTOR = makeUser({
  id: 7,
  username: 'doctor',
  fullName: 'BS. Nguyễn Văn An',
  role: 'DOCTOR',
  specialty: 'GYNECOLOGY',
  phone: '0901234567',
  gender: 'FEMALE',
});
const STAFF = makeUser({
  id: 8,
  username: 'tam.le',
  email: 'tam@antamclinic.vn',
  fullName: 'Lê Văn Tâm',
  role: 'STAFF',
  specialty: null,
  active: false,
});
const PATIENT = makeUser({
  id: 9,
  username: 'patient',
  email: 'patient@example.com',
  fullName: 'Trần Thị Bình',
  role: 'PATIENT',
  specialty: null,
});
const USERS = [ADMIN, DOCTOR, STAFF, PATIENT];
const SPECIALTIES = [
  { code: 'GYNECOLOGY', displayName: 'Phụ khoa' },
  { code: 'FERTILITY', displayName: 'Điều trị hiếm muộn' },
];

const page = (items: User[], total = items.length): UserPage => ({
  items,
  total,
  page: 1,
  size: 10,
  totalPages: Math.ceil(total / 10),
});

type Sent = { url: string; method: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

function server(overrides: (url: string, init: RequestInit) => Answer = () => undefined) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, method: init.method ?? 'GET', body });
    const answer = overrides(url, init);
    if (answer) return answer;
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: ADMIN };
    if (url === '/api/users/specialties') return { body: SPECIALTIES };
    if (url.startsWith('/api/users?')) return { body: page(USERS) };
    return { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
  });
  const lists = () =>
    sent
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/users?'))
      .map((r) => new URL(r.url, 'http://x').searchParams);
  return { sent, lists };
}

function open(path = '/admin/users') {
  storeSession(storedInfoOf(ADMIN));
  return renderRoutes(routes, path);
}

/** The first answer waits for the lazy admin chunks too. */
const firstLoad = { timeout: 5000 };
/** A row of the table (the signed-in administrator's name is in the sidebar too). */
const rowOf = async (name: string) =>
  (await within(await screen.findByRole('table', {}, firstLoad)).findByText(name)).closest('tr')!;

describe('UsersPage', () => {
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });

  it('lists the users the server sends, ten a page, and sends the role and status filters in the query', async () => {
    const { lists } = server();
    const { user, router } = open();
    expect(await screen.findByRole('heading', { name: 'User Management' }, firstLoad)).toBeInTheDocument();
    const doctor = await rowOf('BS. Nguyễn Văn An');
    expect(within(doctor).getByText('@doctor')).toBeInTheDocument();
    expect(within(doctor).getByText('Doctor')).toBeInTheDocument();
    expect(within(doctor).getByText('Phụ khoa')).toBeInTheDocument();
    expect(within(doctor).getByText('0901234567')).toBeInTheDocument();
    expect(within(doctor).getByText('Active')).toBeInTheDocument();
    expect(within(await rowOf('Lê Văn Tâm')).getByText('Inactive')).toBeInTheDocument();
    expect(lists()[0]!.get('size')).toBe('10');
    expect(lists()[0]!.get('sort')).toBe('createdAt:desc');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Doctor');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name A–Z');
    await waitFor(() => {
      const last = lists().at(-1)!;
      expect([last.get('role'), last.get('status'), last.get('sort'), last.get('page')]).toEqual([
        'DOCTOR',
        'inactive',
        'fullName:asc',
        '1',
      ]);
    });
    // Kept in the address, so a reload or the back button shows the same list.
    expect(new URLSearchParams(router.state.location.search).get('role')).toBe('DOCTOR');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('inactive');
  });

  it("keeps what was searched for out of the address: a person's name never lands in the browser's history", async () => {
    const { lists } = server();
    const { user, router } = open();
    await rowOf('BS. Nguyễn Văn An');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'tran thi lan');
    await waitFor(() => expect(lists().at(-1)!.get('q')).toBe('tran thi lan'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Doctor');
    await waitFor(() => expect(lists().at(-1)!.get('role')).toBe('DOCTOR'));
    // The search goes on with the new filter, held by this history entry (a reload keeps it), not the address.
    expect(lists().at(-1)!.get('q')).toBe('tran thi lan');
    expect(router.state.location.search).not.toMatch(/tran|lan/);
    expect(new URLSearchParams(router.state.location.search).get('role')).toBe('DOCTOR');
    expect(router.state.location.state).toEqual({ listState: { q: 'tran thi lan' } });
  });

  it('reads the filters and the search from the address, and offers to clear them when nothing matches', async () => {
    const { lists } = server((url) => (url.startsWith('/api/users?') ? { body: page([]) } : undefined));
    const { user } = open('/admin/users?q=nobody&role=STAFF');
    expect(await screen.findByText('No users match these filters', {}, firstLoad)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nobody');
    expect(lists()[0]!.get('q')).toBe('nobody');
    expect(lists()[0]!.get('role')).toBe('STAFF');
    await user.click(
      within(screen.getByText('No users match these filters').parentElement!).getByRole('button', {
        name: 'Clear filters',
      }),
    );
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
    const last = lists().at(-1)!;
    expect([last.get('q'), last.get('role')]).toEqual([null, null]);
  });

  it('shows at most five page buttons and asks the server for the page chosen', async () => {
    const { lists } = server((url) => {
      if (!url.startsWith('/api/users?')) return undefined;
      const current = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
      return { body: { ...page(USERS, 73), page: current } };
    });
    const { user, router } = open();
    const pages = await screen.findByRole('navigation', { name: 'Pagination' }, firstLoad);
    expect(within(pages).getByText('Showing 1 to 10 of 73 users')).toBeInTheDocument();
    expect(
      within(pages)
        .getAllByRole('button', { name: /^\d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lists().at(-1)!.get('page')).toBe('2'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    await user.click(await within(pages).findByRole('button', { name: '5' }));
    await waitFor(() =>
      expect(
        within(pages)
          .getAllByRole('button', { name: /^\d+$/ })
          .map((b) => b.textContent),
      ).toEqual(['3', '4', '5', '6', '7']),
    );
    expect(within(pages).getByRole('button', { name: '5' })).toHaveAttribute('aria-current', 'page');
  });

  it('never lets an administrator row be selected or changed', async () => {
    server();
    const { user } = open();
    const admin = await rowOf('Quản trị viên');
    const box = within(admin).getByRole('checkbox', { name: 'Select Quản trị viên' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(USER_MSG.adminProtected);
    expect(within(admin).queryByRole('button', { name: /Edit|Delete|Reset password/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('3 users selected'),
    ).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('deletes the selected users only after a confirmation naming how many, and reports the result', async () => {
    const result: UserBulkResult = {
      success: 2,
      skipped: 0,
      failed: 0,
      results: [
        { id: 8, outcome: 'success', code: null, reason: null },
        { id: 9, outcome: 'success', code: null, reason: null },
      ],
      message: USER_MSG.bulkSummary(2, 0, 0),
    };
    const { sent } = server((url) => (url === '/api/users/bulk/delete' ? { body: result } : undefined));
    const { user } = open();
    await user.click(within(await rowOf('Lê Văn Tâm')).getByRole('checkbox', { name: 'Select Lê Văn Tâm' }));
    await user.click(within(await rowOf('Trần Thị Bình')).getByRole('checkbox', { name: 'Select Trần Thị Bình' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete users' });
    expect(within(dialog).getByText('Delete 2 selected users? This cannot be undone.')).toBeInTheDocument();
    expect(sent.some((r) => r.url.startsWith('/api/users/bulk'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 users' }));
    await waitFor(() => expect(sent.find((r) => r.url === '/api/users/bulk/delete')?.body).toEqual({ ids: [8, 9] }));
    expect(await screen.findByText(result.message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('activates in bulk, passing over users already active, and explains the ones it could not change', async () => {
    const result: UserBulkResult = {
      success: 1,
      skipped: 1,
      failed: 1,
      results: [
        { id: 7, outcome: 'skipped', code: 'ALREADY_ACTIVE', reason: 'The user is already active' },
        { id: 8, outcome: 'success', code: null, reason: null },
        { id: 9, outcome: 'failed', code: 'NOT_FOUND', reason: USER_MSG.userNotFound },
      ],
      message: USER_MSG.bulkSummary(1, 1, 1),
    };
    const { sent } = server((url) => (url === '/api/users/bulk/activate' ? { body: result } : undefined));
    const { user } = open();
    await user.click(
      within(await rowOf('BS. Nguyễn Văn An')).getByRole('checkbox', { name: 'Select BS. Nguyễn Văn An' }),
    );
    await user.click(within(await rowOf('Lê Văn Tâm')).getByRole('checkbox', { name: 'Select Lê Văn Tâm' }));
    await user.click(within(await rowOf('Trần Thị Bình')).getByRole('checkbox', { name: 'Select Trần Thị Bình' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Activate' }),
    );
    const report = await screen.findByRole('dialog', { name: 'Activate: results' });
    expect(sent.find((r) => r.url === '/api/users/bulk/activate')?.body).toEqual({ ids: [7, 8, 9] });
    const notChanged = within(report).getByRole('list', { name: 'Users not changed' });
    expect(within(notChanged).getByText('Trần Thị Bình').parentElement).toHaveTextContent(USER_MSG.userNotFound);
    expect(await screen.findByText(`${USER_MSG.activateManyFailed}. ${result.message}`)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it("says a bulk change failed with the specification's words", async () => {
    server((url) => (url === '/api/users/bulk/deactivate' ? { status: 500, body: {} } : undefined));
    const { user } = open();
    await user.click(within(await rowOf('Trần Thị Bình')).getByRole('checkbox', { name: 'Select Trần Thị Bình' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await screen.findByText(USER_MSG.deactivateManyFailed)).toBeInTheDocument();
  });

  it("checks a new user with the shared rules, asks a doctor for a specialty, and shows the server's refusal", async () => {
    const { sent } = server((url, init) =>
      url === '/api/users' && init.method === 'POST'
        ? { status: 409, body: errorBody(409, USER_MSG.emailTaken, 'CONFLICT') }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add user' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText(USER_MSG.fullNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_MSG.usernameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_MSG.emailRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_MSG.passwordRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Full name')).toHaveFocus();
    // No administrator can be made here.
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('PatientStaffDoctor');
    expect(within(dialog).getByRole('combobox', { name: 'Gender' })).toHaveValue('MALE');
    expect(within(dialog).queryByRole('combobox', { name: 'Specialty' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Full name'), 'BS. Phạm Minh Châu');
    await user.type(within(dialog).getByLabelText('Username'), 'chau.pham');
    await user.type(within(dialog).getByLabelText('Email'), 'Chau@AnTamClinic.vn');
    await user.type(within(dialog).getByLabelText('Password'), 'password123');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Doctor');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText(USER_MSG.passwordTooCommon)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_MSG.specialtyRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'hoa sen 2026 nở');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Specialty' }), 'Phụ khoa');
    await user.type(within(dialog).getByLabelText('Phone'), '0912 345 678');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    // The server's answer about a field is shown at that field.
    expect(await within(dialog).findByText(USER_MSG.emailTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.find((r) => r.url === '/api/users' && r.method === 'POST')?.body).toMatchObject({
      fullName: 'BS. Phạm Minh Châu',
      username: 'chau.pham',
      email: 'chau@antamclinic.vn',
      password: 'hoa sen 2026 nở',
      role: 'DOCTOR',
      specialty: 'GYNECOLOGY',
      gender: 'MALE',
      birth: null,
      phone: '0912345678',
    });
  });

  it('clears the specialty when the role is no longer Doctor, creates the user and refreshes the list', async () => {
    const created = makeUser({ id: 20, username: 'lan', fullName: 'Ngô Thị Lan', role: 'STAFF', specialty: null });
    const { sent, lists } = server((url, init) =>
      url === '/api/users' && init.method === 'POST'
        ? { status: 201, body: { message: USER_MSG.created, user: created } }
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add user' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Ngô Thị Lan');
    await user.type(within(dialog).getByLabelText('Username'), 'lan');
    await user.type(within(dialog).getByLabelText('Email'), 'lan@antamclinic.vn');
    await user.type(within(dialog).getByLabelText('Password'), 'xanh la cay 7');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Doctor');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Specialty' }), 'Điều trị hiếm muộn');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Staff');
    expect(within(dialog).queryByRole('combobox', { name: 'Specialty' })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Doctor');
    expect(within(dialog).getByRole('combobox', { name: 'Specialty' })).toHaveValue('');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Staff');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'Female');
    const listsBefore = lists().length;
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((r) => r.url === '/api/users' && r.method === 'POST')?.body).toMatchObject({
      role: 'STAFF',
      specialty: null,
      gender: 'FEMALE',
    });
    expect(await screen.findByText(USER_MSG.created)).toBeInTheDocument();
    await waitFor(() => expect(lists().length).toBeGreaterThan(listsBefore));
  });

  it('edits a user without a password, with the active flag, and drops the specialty of a former doctor', async () => {
    let answer: Answer = { status: 400, body: {} };
    const { sent } = server((url, init) => (url === '/api/users/7' && init.method === 'PUT' ? answer : undefined));
    const { user } = open();
    await user.click(within(await rowOf('BS. Nguyễn Văn An')).getByRole('button', { name: 'Edit BS. Nguyễn Văn An' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit user/ });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('BS. Nguyễn Văn An');
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Gender' })).toHaveValue('FEMALE');
    expect(await within(dialog).findByRole('option', { name: 'Phụ khoa', selected: true })).toBeInTheDocument();

    // A doctor without a specialty is refused.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Specialty' }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(USER_MSG.specialtyRequired)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Patient');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    // No message from the server: the specification's fallback.
    expect(await within(dialog).findByText(USER_MSG.updateFailed)).toBeInTheDocument();
    const body = sent.find((r) => r.url === '/api/users/7' && r.method === 'PUT')?.body;
    expect(body).toMatchObject({
      role: 'PATIENT',
      specialty: null,
      active: false,
      username: 'doctor',
      gender: 'FEMALE',
      phone: '0901234567',
    });
    expect(body).not.toHaveProperty('password');

    answer = {
      body: { message: USER_MSG.updated, user: { ...DOCTOR, role: 'PATIENT', specialty: null, active: false } },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(USER_MSG.updated)).toBeInTheDocument();
  });

  it('resets a password after a confirmation and shows the temporary one once, with a copy button', async () => {
    const { sent } = server((url) =>
      url === '/api/users/8/reset-password'
        ? { body: { message: USER_MSG.passwordReset, temporaryPassword: 'Tam-7421-xyz' } }
        : undefined,
    );
    const { user } = open();
    await user.click(within(await rowOf('Lê Văn Tâm')).getByRole('button', { name: 'Reset password for Lê Văn Tâm' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(sent.some((r) => r.url.endsWith('/reset-password'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary password' });
    expect(within(shown).getByText('Tam-7421-xyz')).toBeInTheDocument();
    expect(within(shown).getByText(/must change it at next sign-in/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('Tam-7421-xyz');
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('resets the two-factor sign-in of another account, an administrator’s too, but offers none for one’s own or an account without it', async () => {
    const OTHER_ADMIN = makeUser({
      id: 2,
      username: 'chief',
      fullName: 'Trưởng Phòng',
      role: 'ADMIN',
      mfaEnabled: true,
    });
    const withMfa = [{ ...ADMIN, mfaEnabled: true }, OTHER_ADMIN, { ...DOCTOR, mfaEnabled: true }, STAFF, PATIENT];
    const { sent } = server((url) => {
      if (url.startsWith('/api/users?')) return { body: page(withMfa) };
      if (url === '/api/users/2/reset-mfa') return { body: { message: MFA_MSG.resetDone } };
      return undefined;
    });
    const { user } = open();
    const doctor = await rowOf('BS. Nguyễn Văn An');
    expect(within(doctor).getByText('2FA')).toBeInTheDocument();
    expect(
      within(doctor).getByRole('button', { name: 'Reset two-factor sign-in for BS. Nguyễn Văn An' }),
    ).toBeInTheDocument();
    expect(within(await rowOf('Trần Thị Bình')).queryByRole('button', { name: /two-factor/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Quản trị viên')).queryByRole('button', { name: /two-factor/ })).not.toBeInTheDocument();

    await user.click(
      within(await rowOf('Trưởng Phòng')).getByRole('button', { name: 'Reset two-factor sign-in for Trưởng Phòng' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    expect(sent.some((r) => r.url.endsWith('/reset-mfa'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(await screen.findByText(MFA_MSG.resetDone)).toBeInTheDocument();
    expect(sent.some((r) => r.url === '/api/users/2/reset-mfa' && r.method === 'POST')).toBe(true);
  });

  it('deactivates one user from its row', async () => {
    const { sent } = server((url) =>
      url === '/api/users/9/deactivate' ? { body: { message: USER_MSG.deactivated } } : undefined,
    );
    const { user } = open();
    const row = await rowOf('Trần Thị Bình');
    expect(within(row).queryByRole('button', { name: 'Activate Trần Thị Bình' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Deactivate Trần Thị Bình' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(sent.some((r) => r.url === '/api/users/9/deactivate')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(sent.some((r) => r.url === '/api/users/9/deactivate' && r.method === 'PUT')).toBe(true));
    expect(await screen.findByText(`${USER_MSG.deactivated}: Trần Thị Bình`)).toBeInTheDocument();
  });

  it('asks before deactivating a doctor, lists his upcoming visits, then gives them to another doctor', async () => {
    const visit = appointment(41, 'CONFIRMED', { fullName: 'Phạm Thị Hoa', doctorId: 7 });
    const other = makeUser({ id: 12, username: 'doctor3', fullName: 'BS. Lê Minh', role: 'DOCTOR' });
    const { sent } = server((url) => {
      if (url === '/api/appointments/owed-by-doctor/7') return { body: { doctorId: 7, active: true, items: [visit] } };
      if (url === '/api/users/7/deactivate') return { body: { message: USER_MSG.deactivated } };
      if (url === '/api/users/role/DOCTOR') return { body: [other] };
      if (url === '/api/appointments/bulk/assign-doctor')
        return {
          body: {
            success: 1,
            skipped: 0,
            failed: 0,
            results: [{ id: 41, outcome: 'success', code: null, reason: null }],
            message: 'Thành công: 1',
          },
        };
      return undefined;
    });
    const { user } = open();
    await user.click(
      within(await rowOf('BS. Nguyễn Văn An')).getByRole('button', { name: 'Deactivate BS. Nguyễn Văn An' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate BS. Nguyễn Văn An?' });
    expect(await within(dialog).findByText(/Phạm Thị Hoa/)).toBeInTheDocument();
    expect(sent.some((r) => r.url === '/api/users/7/deactivate')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const move = await screen.findByRole('dialog', { name: 'Chuyển lịch hẹn của BS. Nguyễn Văn An' });
    await user.selectOptions(await within(move).findByRole('combobox', { name: /Bác sĩ nhận lịch hẹn/ }), '12');
    await user.click(within(move).getByRole('button', { name: 'Chuyển 1 lịch hẹn' }));
    await waitFor(() =>
      expect(sent.find((r) => r.url === '/api/appointments/bulk/assign-doctor')?.body).toEqual({
        ids: [41],
        doctorId: 12,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('imports only an .xlsx file and shows the results with the rows that failed', async () => {
    const result: ImportResult = {
      successCount: 2,
      failedCount: 1,
      errors: [{ row: 4, message: USER_MSG.specialtyRequired }],
      created: [],
      message: USER_MSG.importSummary(2, 1),
    };
    const { sent, lists } = server((url) => (url === '/api/users/import' ? { body: result } : undefined));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Import from Excel' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Import users from Excel' });
    expect(within(dialog).getByRole('button', { name: /Download template/ })).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Excel file (.xlsx)');

    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    expect(within(dialog).getByText(USER_MSG.invalidExcel)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['a,b'], 'users.csv', { type: 'text/csv' })] } });
    expect(within(dialog).getByText(USER_MSG.invalidExcel)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    expect(sent.some((r) => r.url === '/api/users/import')).toBe(false);

    const workbook = new File(['PK'], 'users.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(input, { target: { files: [workbook] } });
    expect(within(dialog).queryByText(USER_MSG.invalidExcel)).not.toBeInTheDocument();
    const listsBefore = lists().length;
    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    const report = await screen.findByRole('dialog', { name: 'Import results' });
    expect((sent.find((r) => r.url === '/api/users/import')?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(
      within(within(report).getByRole('list', { name: 'Summary' })).getByText('Imported').parentElement,
    ).toHaveTextContent('2');
    expect(
      within(within(report).getByRole('list', { name: 'Summary' })).getByText('Failed').parentElement,
    ).toHaveTextContent('1');
    const rows = within(within(report).getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(`4${USER_MSG.specialtyRequired}`);
    await waitFor(() => expect(lists().length).toBeGreaterThan(listsBefore));
  });

  it("shows the import's refusal from the server", async () => {
    server((url) =>
      url === '/api/users/import' ? { status: 413, body: errorBody(413, USER_MSG.importTooLarge) } : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Import from Excel' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Import users from Excel' });
    fireEvent.change(within(dialog).getByLabelText('Excel file (.xlsx)'), {
      target: { files: [new File(['PK'], 'USERS.XLSX')] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    expect(await within(dialog).findByText(USER_MSG.importTooLarge)).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, with a retry', async () => {
    server((url) => (url.startsWith('/api/users?') ? { status: 500, body: {} } : undefined));
    open();
    expect(await screen.findByText(USER_MSG.loadFailed, {}, firstLoad)).toBeInTheDocument();
    expect(screen.getByText(USER_MSG.fetchFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows cards on a phone, with the same named actions', async () => {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
    server();
    open();
    const list = await screen.findByRole('list', { name: 'Users' }, firstLoad);
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByRole('button', { name: 'Edit Lê Văn Tâm' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Activate Lê Văn Tâm' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

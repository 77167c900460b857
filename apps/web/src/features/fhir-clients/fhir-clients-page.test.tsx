import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FHIR_MSG, type FhirClient } from '@clinic/shared';
import { errorBody, mockFetch, renderWithProviders } from '@/testing/render-app';
import FhirClientsPage from './fhir-clients-page';

const SCOPES = ['system/Patient.read', 'system/Patient.rs', 'system/Appointment.read', 'system/*.read'];
const JWKS = {
  keys: [{ kty: 'RSA', kid: 'k1', alg: 'RS384', n: 'sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri', e: 'AQAB' }],
};

const client = (id: number, overrides: Partial<FhirClient> = {}): FhirClient => ({
  id,
  name: `Bệnh viện ${id}`,
  clientId: `emr${id}.benhvien.vn`,
  jwks: JWKS,
  scopes: ['system/Patient.read', 'system/Appointment.read'],
  createdById: 1,
  createdAt: '2027-03-01T02:00:00.000Z',
  revokedAt: null,
  ...overrides,
});

type Sent = { url: string; method: string; body: unknown };

function serve(
  list: FhirClient[],
  answers: { register?: { status: number; body: unknown }; listStatus?: number } = {},
) {
  const sent: Sent[] = [];
  let current = [...list];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/fhir/.well-known/smart-configuration') return { body: { scopes_supported: SCOPES } };
    if (url === '/api/fhir-clients' && method === 'GET')
      return answers.listStatus
        ? { status: answers.listStatus, body: errorBody(answers.listStatus, 'Lỗi máy chủ') }
        : { body: current };
    if (url === '/api/fhir-clients' && method === 'POST') {
      const body = JSON.parse(String(init.body));
      sent.push({ url, method, body });
      if (answers.register) return answers.register;
      const made = client(99, { ...body, createdAt: '2027-03-02T02:00:00.000Z' });
      current = [...current, made];
      return { status: 201, body: made };
    }
    const revoke = /^\/api\/fhir-clients\/(\d+)\/revoke$/.exec(url);
    if (revoke && method === 'POST') {
      sent.push({ url, method, body: null });
      current = current.map((c) => (c.id === Number(revoke[1]) ? { ...c, revokedAt: '2027-03-03T02:00:00.000Z' } : c));
      return { body: current.find((c) => c.id === Number(revoke[1])) };
    }
    return { status: 404, body: errorBody(404, 'x') };
  });
  return sent;
}

describe("'Ứng dụng kết nối (FHIR)' (ADMIN, issue 38)", () => {
  it('lists the clients with their client_id, scopes, date and whether revoked', async () => {
    serve([client(1), client(2, { revokedAt: '2027-03-02T03:00:00.000Z' })]);
    renderWithProviders(<FhirClientsPage />);
    const table = await screen.findByRole('table', { name: 'Các ứng dụng kết nối đã đăng ký' });
    const first = within(table).getByRole('row', { name: /Bệnh viện 1/ });
    expect(within(first).getByText('emr1.benhvien.vn')).toBeInTheDocument();
    expect(within(first).getByText('system/Patient.read')).toBeInTheDocument();
    expect(within(first).getByText('Đang hoạt động')).toBeInTheDocument();
    expect(within(first).getByText(/01\/03\/2027/)).toBeInTheDocument();
    const second = within(table).getByRole('row', { name: /Bệnh viện 2/ });
    expect(within(second).getByText(/^Đã thu hồi/)).toBeInTheDocument();
    expect(within(second).queryByRole('button')).toBeNull();
  });

  it('says when none is registered, and when the list cannot load, with a retry', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<FhirClientsPage />);
    expect(await screen.findByText('Chưa có ứng dụng nào được đăng ký')).toBeInTheDocument();
    unmount();
    serve([], { listStatus: 500 });
    renderWithProviders(<FhirClientsPage />);
    expect(await screen.findByText('Không tải được danh sách ứng dụng kết nối')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it('registers a client with scopes chosen from those the server accepts, and refuses a key set that is not JSON without sending it', async () => {
    const sent = serve([]);
    const { user } = renderWithProviders(<FhirClientsPage />);
    await user.click(await screen.findByRole('button', { name: 'Đăng ký ứng dụng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đăng ký ứng dụng kết nối' });
    await user.click(within(dialog).getByRole('button', { name: 'Đăng ký' }));
    expect(await within(dialog).findByText(FHIR_MSG.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(FHIR_MSG.scopesRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Tên hệ thống/), 'Bệnh viện Tham chiếu');
    await user.type(within(dialog).getByLabelText(/Mã client/), 'emr.benhvien.vn');
    const jwks = within(dialog).getByLabelText(/Bộ khóa công khai/);
    await user.click(jwks);
    await user.paste('{ "keys": [');
    const scopes = within(dialog).getByRole('group', { name: /Quyền được cấp/ });
    expect(
      within(scopes)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(SCOPES);
    await user.click(within(scopes).getByRole('checkbox', { name: 'system/Patient.read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Đăng ký' }));
    expect(await within(dialog).findByText('Bộ khóa công khai không phải JSON hợp lệ')).toBeInTheDocument();
    expect(jwks).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await user.clear(jwks);
    await user.click(jwks);
    await user.paste(JSON.stringify(JWKS));
    await user.click(within(dialog).getByRole('button', { name: 'Đăng ký' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        url: '/api/fhir-clients',
        method: 'POST',
        body: {
          name: 'Bệnh viện Tham chiếu',
          clientId: 'emr.benhvien.vn',
          jwks: JWKS,
          scopes: ['system/Patient.read'],
        },
      },
    ]);
    expect(await screen.findByRole('row', { name: /Bệnh viện Tham chiếu/ })).toBeInTheDocument();
  });

  it("shows the server's refusal next to its field", async () => {
    serve([], { register: { status: 409, body: errorBody(409, FHIR_MSG.clientIdTaken, 'FHIR_CLIENT_EXISTS') } });
    const { user } = renderWithProviders(<FhirClientsPage />);
    await user.click(await screen.findByRole('button', { name: 'Đăng ký ứng dụng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đăng ký ứng dụng kết nối' });
    await user.type(within(dialog).getByLabelText(/Tên hệ thống/), 'Trùng');
    await user.type(within(dialog).getByLabelText(/Mã client/), 'emr1.benhvien.vn');
    await user.click(within(dialog).getByLabelText(/Bộ khóa công khai/));
    await user.paste(JSON.stringify(JWKS));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'system/*.read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Đăng ký' }));
    expect(await within(dialog).findByText(FHIR_MSG.clientIdTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Mã client/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a client only after the confirmation, and cancelling sends nothing', async () => {
    const sent = serve([client(1)]);
    const { user } = renderWithProviders(<FhirClientsPage />);
    await user.click(await screen.findByRole('button', { name: 'Thu hồi Bệnh viện 1' }));
    let confirm = await screen.findByRole('dialog', { name: 'Thu hồi ứng dụng kết nối?' });
    expect(within(confirm).getByText(/Bệnh viện 1 sẽ không dùng được/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Thu hồi Bệnh viện 1' }));
    confirm = await screen.findByRole('dialog', { name: 'Thu hồi ứng dụng kết nối?' });
    await user.click(within(confirm).getByRole('button', { name: 'Thu hồi' }));
    await waitFor(() => expect(sent).toEqual([{ url: '/api/fhir-clients/1/revoke', method: 'POST', body: null }]));
    const row = await screen.findByRole('row', { name: /Bệnh viện 1/ });
    expect(await within(row).findByText(/^Đã thu hồi/)).toBeInTheDocument();
  });
});

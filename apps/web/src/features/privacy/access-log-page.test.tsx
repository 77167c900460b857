import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRIVACY_TEXT, type AccessLogVerification, type AccessRecord } from '@clinic/shared';
import { routes } from '@/app/router';
import { makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const ADMIN = makeUser({ id: 1, username: 'admin', role: 'ADMIN', specialty: null });
const EMPTY_PAGE = { items: [], total: 0, page: 1, size: 50, totalPages: 0 };

function openAccessLog(verification: AccessLogVerification, page: unknown = EMPTY_PAGE) {
  const fetchMock = mockFetch((url) => {
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: ADMIN };
    if (url === '/api/privacy/access-log/verify') return { body: verification };
    return { body: page };
  });
  storeSession(storedInfoOf(ADMIN));
  const rendered = renderRoutes(routes, '/admin/access-log');
  const verifyCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/privacy/access-log/verify');
  return { ...rendered, verifyCalls };
}

describe('Access log: the integrity check (issue 34)', () => {
  it('asks the server only when clicked and says the log is intact', async () => {
    const { user, verifyCalls } = openAccessLog({
      intact: true,
      checked: 12,
      head: 'a'.repeat(64),
      broken: null,
      message: PRIVACY_TEXT.accessLogIntact(12),
    });
    const button = await screen.findByRole('button', { name: PRIVACY_TEXT.accessLogVerify });
    expect(verifyCalls()).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText(PRIVACY_TEXT.accessLogIntact(12))).toBeInTheDocument();
    expect(screen.getByText(/a{64}/)).toBeInTheDocument();
    expect(verifyCalls()).toHaveLength(1);
  });

  it('names the first broken record as an alert', async () => {
    const { user } = openAccessLog({
      intact: false,
      checked: 3,
      head: 'b'.repeat(64),
      broken: { id: 42, accessedAt: '2027-03-01T02:00:00.000Z', reason: 'CHANGED' },
      message: PRIVACY_TEXT.accessLogBroken.CHANGED(42),
    });
    await user.click(await screen.findByRole('button', { name: PRIVACY_TEXT.accessLogVerify }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bản ghi #42 đã bị sửa sau khi ghi.');
  });
});

describe('Access log: who read (issue 38)', () => {
  const record = (id: number, actorName: string, actorRole: AccessRecord['actorRole']): AccessRecord => ({
    id,
    accessedAt: '2027-03-01T02:00:00.000Z',
    actorId: actorRole === 'FHIR_CLIENT' ? null : id,
    actorName,
    actorRole,
    target: 'APPOINTMENT_DETAIL',
    outcome: 'READ',
    appointmentId: 41,
    subjectEmail: 'binh@example.com',
    subjectName: 'Trần Thị Bình',
    address: '10.0.0.2',
  });

  it('names a staff reader by her role and an outside system as a FHIR connected app, in Vietnamese', async () => {
    openAccessLog(
      { intact: true, checked: 0, head: 'c'.repeat(64), broken: null, message: PRIVACY_TEXT.accessLogIntact(0) },
      {
        items: [record(1, 'Lê Thị Thu Hà', 'STAFF'), record(2, 'Bệnh viện Từ Dũ', 'FHIR_CLIENT')],
        total: 2,
        page: 1,
        size: 50,
        totalPages: 1,
      },
    );
    expect(await screen.findByText('(Nhân viên)', { exact: false })).toBeInTheDocument();
    const fhirRow = screen.getByText('Bệnh viện Từ Dũ', { exact: false }).closest('tr')!;
    expect(fhirRow).toHaveTextContent('Bệnh viện Từ Dũ (ứng dụng kết nối FHIR)');
    expect(screen.queryByText(/FHIR_CLIENT|\(STAFF\)/)).toBeNull();
  });
});

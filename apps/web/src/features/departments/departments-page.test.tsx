import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, PAYMENT_MSG, type Department } from '@clinic/shared';
import { errorBody, mockFetch, renderWithProviders } from '@/testing/render-app';
import DepartmentsPage from './departments-page';

const departments: Department[] = DEPARTMENTS.slice(0, 2).map((d, i) => ({
  ...d,
  slotCapacity: 3,
  depositAmount: i === 1 ? 150000 : null,
}));

function serve() {
  const sent: { url: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    if (url.startsWith('/api/appointments/public/departments')) return { body: departments };
    if (url.startsWith('/api/departments/') && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { depositAmount: number | null };
      sent.push({ url, body });
      const code = url.split('/')[3]!;
      return { body: { ...departments.find((d) => d.code === code)!, ...body } };
    }
    return { status: 404, body: errorBody(404, 'x') };
  });
  return sent;
}

describe("'Khoa khám' (ADMIN, issue 28)", () => {
  it('shows each department’s deposit, empty when none, and saves a new one in VNĐ', async () => {
    const sent = serve();
    const { user } = renderWithProviders(<DepartmentsPage />);
    const first = await screen.findByLabelText(`Tiền đặt cọc (VNĐ) – ${DEPARTMENTS[0]!.departmentName}`);
    expect(first).toHaveValue('');
    expect(screen.getByLabelText(`Tiền đặt cọc (VNĐ) – ${DEPARTMENTS[1]!.departmentName}`)).toHaveValue('150000');
    await user.type(first, '200.000');
    await user.click(within(first.closest('form')!).getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { url: `/api/departments/${DEPARTMENTS[0]!.code}/deposit`, body: { depositAmount: 200000 } },
      ]),
    );
  });

  it('turns it off when emptied, and says why an amount is refused without sending it', async () => {
    const sent = serve();
    const { user } = renderWithProviders(<DepartmentsPage />);
    const second = await screen.findByLabelText(`Tiền đặt cọc (VNĐ) – ${DEPARTMENTS[1]!.departmentName}`);
    const save = within(second.closest('form')!).getByRole('button', { name: 'Lưu' });
    await user.clear(second);
    await user.type(second, '12,5');
    await user.click(save);
    expect(await screen.findByText(PAYMENT_MSG.depositInvalid)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(second);
    await user.click(save);
    await waitFor(() => expect(sent.map((s) => s.body)).toEqual([{ depositAmount: null }]));
  });
});

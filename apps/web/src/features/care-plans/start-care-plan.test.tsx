import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARE_PLAN_MSG, CARE_PLAN_TEXT, PRIVACY_MSG, PRIVACY_TEXT } from '@clinic/shared';
import { routes } from '@/app/router';
import { errorBody, pickDate, renderRoutes } from '@/testing/render-app';
import { carePlanServer, firstLoad, NOW, PLAN, PROPOSAL } from './testing/care-plan-server';

type StartAnswer = { status: number; body: unknown };

function serve(startAnswers: StartAnswer[]) {
  return carePlanServer('STAFF', (url, init) => {
    if (url.startsWith('/api/care-plans?'))
      return { body: { items: [], total: 0, page: 1, size: 20, totalPages: 0, totalCapped: false } };
    if (url === '/api/care-plans/proposal' && init.method === 'POST') return { body: PROPOSAL };
    if (url === '/api/care-plans' && init.method === 'POST') return startAnswers.shift();
    return undefined;
  });
}

async function openWindow() {
  const rendered = renderRoutes(routes, '/admin/care-plans');
  await rendered.user.click(await screen.findByRole('button', { name: 'Tạo kế hoạch' }, firstLoad));
  const dialog = await screen.findByRole('dialog', { name: 'Tạo kế hoạch chăm sóc' });
  return { ...rendered, dialog };
}

/** An antenatal plan counted from her last period, for a woman who gave only her phone. */
async function fillAndPropose(dialog: HTMLElement, user: ReturnType<typeof renderRoutes>['user']) {
  const d = within(dialog);
  await waitFor(() => expect(d.getAllByRole('option', { name: /Khám thai định kỳ/ })).toHaveLength(1));
  await user.selectOptions(d.getByLabelText('Mẫu kế hoạch'), '1');
  await user.selectOptions(d.getByLabelText('Mốc tính'), 'LMP');
  pickDate(d.getByLabelText(CARE_PLAN_TEXT.anchors.LMP), '2026-01-13');
  await user.type(d.getByLabelText('Họ tên'), 'Trần Thị Mai');
  await user.type(d.getByLabelText('Số điện thoại'), '0912345678');
  await user.click(d.getByRole('checkbox', { name: PRIVACY_TEXT.deskConsent }));
  await user.click(d.getByRole('button', { name: 'Đề xuất lịch' }));
  return d.findByRole('heading', { name: 'Lịch đề xuất: Khám thai định kỳ' });
}

describe("'Tạo kế hoạch' (issue 37)", () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('says what is missing before proposing anything', async () => {
    const sent = serve([]);
    const { dialog, user } = await openWindow();
    await user.click(within(dialog).getByRole('button', { name: 'Đề xuất lịch' }));
    expect(await within(dialog).findByText('Vui lòng chọn mẫu kế hoạch')).toBeInTheDocument();
    expect(within(dialog).getByText(PRIVACY_MSG.deskConsentRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mẫu kế hoạch')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Vui lòng kiểm tra \d+ ô/);
    expect(sent.some((s) => s.url === '/api/care-plans/proposal')).toBe(false);
  });

  it('asks the proposal for the weekday, part of day and doctor she prefers', async () => {
    const sent = serve([]);
    const { dialog, user } = await openWindow();
    const d = within(dialog);
    await waitFor(() => expect(d.getAllByRole('option', { name: 'BS. Nguyễn Văn An' })).toHaveLength(1));
    await user.selectOptions(d.getByLabelText('Thứ trong tuần'), 'Thứ Sáu');
    await user.selectOptions(d.getByLabelText('Buổi'), 'Buổi chiều');
    await user.selectOptions(d.getByLabelText('Bác sĩ'), 'BS. Nguyễn Văn An');
    await fillAndPropose(dialog, user);
    expect(sent.find((s) => s.url === '/api/care-plans/proposal')!.body).toMatchObject({
      preferences: { weekday: 5, part: 'AFTERNOON', doctorId: 9 },
    });
  });

  it('shows every visit of the proposal, names the one with no free place and the one whose window passed, and books them all in one call', async () => {
    const sent = serve([{ status: 201, body: { message: CARE_PLAN_MSG.started, plan: PLAN } }]);
    const { dialog, user, router } = await openWindow();
    const heading = await fillAndPropose(dialog, user);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(sent.find((s) => s.url === '/api/care-plans/proposal')!.body).toEqual({
      templateId: 1,
      anchor: 'LMP',
      anchorDate: '2026-01-13',
      preferences: { weekday: null, part: null, doctorId: null },
    });
    const d = within(dialog);
    expect(
      d.getByText('1 lượt sẽ được đặt; 1 lượt không còn chỗ trống; 1 lượt đã qua khoảng thời gian.'),
    ).toBeInTheDocument();
    const morphology = d.getByRole('group', { name: 'Siêu âm hình thái thai nhi' });
    expect(within(morphology).getByText('Không còn chỗ trống')).toBeInTheDocument();
    expect(within(morphology).getByText('Khoảng thời gian: 02/06/2026 – 22/06/2026')).toBeInTheDocument();
    // No e-mail: her waiting list cannot tell her of a place.
    expect(within(morphology).getByRole('radio', { name: 'Vào danh sách chờ' })).toBeDisabled();
    expect(within(morphology).getByRole('radio', { name: 'Gọi lại sau (vào danh sách cần gọi lại)' })).toBeChecked();
    expect(
      within(d.getByRole('group', { name: 'Khám thai lần đầu' })).getByText('Đã qua khoảng thời gian'),
    ).toBeInTheDocument();

    const date = d.getByLabelText('Ngày khám – Siêu âm đo độ mờ da gáy');
    expect(date).toHaveValue('2026-03-31');
    expect(date).toHaveAttribute('min', '2026-03-31');
    expect(date).toHaveAttribute('max', '2026-04-20');
    expect(d.getByText('Tuần 11 + 0 ngày')).toBeInTheDocument();
    // Outside the window: refused before anything is sent.
    pickDate(date, '2026-04-25');
    await user.click(d.getByRole('button', { name: 'Đặt tất cả' }));
    expect(await d.findByText('Ngày hẹn phải trong khoảng 31/03/2026 – 20/04/2026')).toBeInTheDocument();
    expect(sent.some((s) => s.url === '/api/care-plans' && s.method === 'POST')).toBe(false);

    pickDate(date, '2026-04-01');
    await user.selectOptions(d.getByLabelText('Giờ khám – Siêu âm đo độ mờ da gáy'), '10:00');
    await user.click(d.getByRole('button', { name: 'Đặt tất cả' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/care-plans/5'));
    const starts = sent.filter((s) => s.url === '/api/care-plans' && s.method === 'POST');
    expect(starts).toHaveLength(1);
    expect(starts[0]!.body).toEqual({
      templateId: 1,
      anchor: 'LMP',
      anchorDate: '2026-01-13',
      preferences: { weekday: null, part: null, doctorId: null },
      fullName: 'Trần Thị Mai',
      phone: '0912345678',
      email: null,
      consentInPerson: true,
      visits: [
        { key: 'first-visit', date: null, time: null, doctorId: null, ifNoPlace: 'CALL_BACK' },
        { key: 'nt-scan', date: '2026-04-01', time: '10:00', doctorId: null, ifNoPlace: 'CALL_BACK' },
        { key: 'morphology', date: null, time: null, doctorId: null, ifNoPlace: 'CALL_BACK' },
      ],
    });
  });

  it('keeps the proposed doctor of an unchanged slot, and lets a woman with an e-mail join the waiting list', async () => {
    const sent = serve([{ status: 201, body: { message: CARE_PLAN_MSG.started, plan: PLAN } }]);
    const { dialog, user } = await openWindow();
    await user.type(within(dialog).getByLabelText('Email (không bắt buộc)'), 'mai@example.vn');
    await fillAndPropose(dialog, user);
    const morphology = within(dialog).getByRole('group', { name: 'Siêu âm hình thái thai nhi' });
    await user.click(within(morphology).getByRole('radio', { name: 'Vào danh sách chờ' }));
    // Waiting names the full slot she waits for: without it nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Đặt tất cả' }));
    expect(await within(morphology).findByText('Vui lòng chọn ngày và giờ khám')).toBeInTheDocument();
    expect(sent.some((s) => s.url === '/api/care-plans' && s.method === 'POST')).toBe(false);
    pickDate(
      within(morphology).getByLabelText('Ngày khám – Siêu âm hình thái thai nhi (khung giờ muốn chờ)'),
      '2026-06-03',
    );
    await user.selectOptions(
      within(morphology).getByLabelText('Giờ khám – Siêu âm hình thái thai nhi (khung giờ muốn chờ)'),
      '09:00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Đặt tất cả' }));
    await waitFor(() => expect(sent.some((s) => s.url === '/api/care-plans' && s.method === 'POST')).toBe(true));
    const body = sent.find((s) => s.url === '/api/care-plans' && s.method === 'POST')!.body as {
      email: string;
      visits: unknown[];
    };
    expect(body.email).toBe('mai@example.vn');
    expect(body.visits).toEqual([
      { key: 'first-visit', date: null, time: null, doctorId: null, ifNoPlace: 'CALL_BACK' },
      { key: 'nt-scan', date: '2026-03-31', time: '08:00', doctorId: 9, ifNoPlace: 'CALL_BACK' },
      { key: 'morphology', date: '2026-06-03', time: '09:00', doctorId: null, ifNoPlace: 'WAIT' },
    ]);
  });

  it('says that nothing was booked when a slot was taken meanwhile, and proposes again', async () => {
    const sent = serve([{ status: 409, body: errorBody(409, CARE_PLAN_MSG.slotTaken, 'SLOT_FULL') }]);
    const { dialog, user } = await openWindow();
    await fillAndPropose(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Đặt tất cả' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Chưa lượt khám nào được đặt');
    expect(alert).toHaveTextContent(CARE_PLAN_MSG.slotTaken);
    expect(screen.getByRole('dialog', { name: 'Tạo kế hoạch chăm sóc' })).toBeInTheDocument();
    const proposals = () => sent.filter((s) => s.url === '/api/care-plans/proposal').length;
    expect(proposals()).toBe(1);
    await user.click(within(alert).getByRole('button', { name: 'Đề xuất lại' }));
    await waitFor(() => expect(proposals()).toBe(2));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });
});

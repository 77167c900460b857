import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARE_PLAN_MSG, CARE_PLAN_TEXT, type Role } from '@clinic/shared';
import { routes } from '@/app/router';
import { pickDate, renderRoutes } from '@/testing/render-app';
import { carePlanServer, firstLoad, NOW, PLAN } from './testing/care-plan-server';

/** The due date moved a week later: the two visits to come get new windows. */
const REDATE_PROPOSAL = {
  visits: [
    {
      visitId: 52,
      key: 'nt-scan',
      label: 'Siêu âm đo độ mờ da gáy',
      department: 'OBSTETRICS',
      windowStart: '2026-04-07',
      windowEnd: '2026-04-27',
      fromDay: 77,
      toDay: 97,
      proposal: { date: '2026-04-07', time: '08:00', doctorId: null, doctorName: null, dayText: 'Tuần 11 + 0 ngày' },
      unbookable: null,
    },
    {
      visitId: 53,
      key: 'morphology',
      label: 'Siêu âm hình thái thai nhi',
      department: 'OBSTETRICS',
      windowStart: '2026-06-09',
      windowEnd: '2026-06-29',
      fromDay: 140,
      toDay: 160,
      proposal: null,
      unbookable: 'NO_PLACE',
    },
  ],
};

/** What a doctor asked for: the new due date and his slot for the nuchal scan. */
const ASKED = {
  anchor: 'EDD' as const,
  anchorDate: '2026-10-27',
  visits: [
    { visitId: 52, date: '2026-04-08', time: '10:30' },
    { visitId: 53, date: null, time: null },
  ],
};

function open(role: Role, start: typeof PLAN = PLAN) {
  let plan = start;
  const sent = carePlanServer(role, (url, init) => {
    if (url === `/api/care-plans/${PLAN.id}`) return { body: plan };
    if (url === `/api/care-plans/${PLAN.id}/redate/request` && init.method === 'POST') {
      plan = { ...plan, pendingRedate: { ...ASKED, askedByName: 'BS. Phạm Minh Châu', askedAt: NOW.toISOString() } };
      return { body: { message: CARE_PLAN_MSG.redateAsked, plan } };
    }
    if (url === `/api/care-plans/${PLAN.id}/redate/request` && init.method === 'DELETE') {
      plan = { ...plan, pendingRedate: null };
      return { body: { message: CARE_PLAN_MSG.redateDeclined, plan } };
    }
    if (url === `/api/care-plans/${PLAN.id}/redate/proposal` && init.method === 'POST')
      return { body: REDATE_PROPOSAL };
    if (url === `/api/care-plans/${PLAN.id}/redate` && init.method === 'POST')
      return { body: { message: CARE_PLAN_MSG.redated, plan } };
    if (url === `/api/care-plans/${PLAN.id}/stop` && init.method === 'PUT') {
      plan = { ...PLAN, status: 'STOPPED', stopReason: 'Chuyển viện' };
      return { body: { message: CARE_PLAN_MSG.stopped, plan } };
    }
    return undefined;
  });
  return { sent, ...renderRoutes(routes, `/admin/care-plans/${PLAN.id}`) };
}

describe('One care plan (issue 37)', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('shows her timeline of visits, done, next and later, with the day of pregnancy of each appointment, and her stop request', async () => {
    open('STAFF');
    const timeline = await screen.findByRole('region', { name: 'Các lượt khám' }, firstLoad);
    const [done, next, later] = within(timeline).getAllByRole('listitem');
    expect(done).toHaveTextContent('Khám thai lần đầu');
    expect(done).toHaveTextContent('Đã qua');
    expect(done).toHaveTextContent('Lịch hẹn: 09:00 ngày 03/03/2026 · Tuần 7 + 0 ngày · BS. Nguyễn Văn An');
    expect(next).toHaveAttribute('aria-current', 'step');
    expect(next).toHaveTextContent('Khoảng thời gian: 31/03/2026 – 20/04/2026');
    expect(next).toHaveTextContent('Tuần 11 + 2 ngày');
    expect(later).toHaveTextContent(CARE_PLAN_MSG.visitStates.TO_BOOK);
    expect(screen.getByText('Người bệnh đã yêu cầu dừng kế hoạch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PLAN.phone })).toHaveAttribute('href', `tel:${PLAN.phone}`);
  });

  it('stops the plan only with a reason', async () => {
    const { sent, user } = open('STAFF');
    await user.click(await screen.findByRole('button', { name: 'Dừng kế hoạch' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Dừng kế hoạch' });
    await user.click(within(dialog).getByRole('button', { name: 'Dừng kế hoạch' }));
    expect(await within(dialog).findByText(CARE_PLAN_MSG.stopReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Lý do dừng kế hoạch')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.some((s) => s.url.endsWith('/stop'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Lý do dừng kế hoạch'), 'Chuyển viện');
    await user.click(within(dialog).getByRole('button', { name: 'Dừng kế hoạch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((s) => s.url === `/api/care-plans/${PLAN.id}/stop`)).toEqual([
      { url: `/api/care-plans/${PLAN.id}/stop`, method: 'PUT', body: { reason: 'Chuyển viện' } },
    ]);
    expect(await screen.findByText(CARE_PLAN_MSG.statuses.STOPPED)).toBeInTheDocument();
    expect(screen.getByText('Chuyển viện')).toBeInTheDocument();
  });

  it('gives a doctor the changes to the plan but not stopping it', async () => {
    open('DOCTOR');
    expect(await screen.findByRole('button', { name: 'Đổi mốc tính' }, firstLoad)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thêm mốc' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bỏ qua mốc Siêu âm hình thái thai nhi' })).toBeInTheDocument();
    // A visit already done cannot be skipped.
    expect(screen.queryByRole('button', { name: 'Bỏ qua mốc Khám thai lần đầu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dừng kế hoạch' })).toBeNull();
  });

  it('re-dates the plan: shows each remaining visit in its new window, lets staff move a slot, then confirms the moves', async () => {
    const { sent, user } = open('STAFF');
    await user.click(await screen.findByRole('button', { name: 'Đổi mốc tính' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Đổi mốc tính' });
    const d = within(dialog);
    await user.selectOptions(d.getByLabelText('Mốc tính mới'), 'EDD');
    pickDate(d.getByLabelText(`Ngày – ${CARE_PLAN_TEXT.anchors.EDD}`), '2026-10-27');
    await user.click(d.getByRole('button', { name: 'Đề xuất lịch mới' }));
    expect(await d.findByRole('heading', { name: 'Lịch mới của 2 lượt khám còn lại' })).toBeInTheDocument();
    expect(sent.find((s) => s.url.endsWith('/redate/proposal'))!.body).toEqual({
      anchor: 'EDD',
      anchorDate: '2026-10-27',
    });
    expect(d.getByText('Khoảng thời gian mới: 07/04/2026 – 27/04/2026')).toBeInTheDocument();
    expect(d.getByText('Không còn chỗ trống: vào danh sách cần gọi lại')).toBeInTheDocument();
    await user.selectOptions(d.getByLabelText('Giờ khám – Siêu âm đo độ mờ da gáy'), '14:30');
    await user.click(d.getByRole('button', { name: 'Xác nhận đổi lịch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((s) => s.url === `/api/care-plans/${PLAN.id}/redate`)!.body).toEqual({
      anchor: 'EDD',
      anchorDate: '2026-10-27',
      visits: [
        { visitId: 52, date: '2026-04-07', time: '14:30' },
        { visitId: 53, date: null, time: null },
      ],
    });
  });

  it('a doctor sends his re-dating to the desk: nothing moves, the plan says it waits for the desk', async () => {
    const { sent, user } = open('DOCTOR');
    await user.click(await screen.findByRole('button', { name: 'Đổi mốc tính' }, firstLoad));
    const d = within(await screen.findByRole('dialog', { name: 'Đổi mốc tính' }));
    await user.selectOptions(d.getByLabelText('Mốc tính mới'), 'EDD');
    pickDate(d.getByLabelText(`Ngày – ${CARE_PLAN_TEXT.anchors.EDD}`), '2026-10-27');
    await user.click(d.getByRole('button', { name: 'Đề xuất lịch mới' }));
    expect(await d.findByRole('heading', { name: 'Lịch mới của 2 lượt khám còn lại' })).toBeInTheDocument();
    expect(d.getByText(/chỉ đổi khi quầy tiếp đón xác nhận/)).toHaveTextContent('Ngày dự sinh theo siêu âm 27/10/2026');
    expect(d.queryByRole('button', { name: 'Xác nhận đổi lịch' })).toBeNull();
    pickDate(d.getByLabelText('Ngày khám – Siêu âm đo độ mờ da gáy'), '2026-04-08');
    await user.selectOptions(d.getByLabelText('Giờ khám – Siêu âm đo độ mờ da gáy'), '10:30');
    await user.click(d.getByRole('button', { name: 'Gửi quầy xác nhận' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((s) => s.url === `/api/care-plans/${PLAN.id}/redate/request`)!.body).toEqual(ASKED);
    expect(sent.some((s) => s.url === `/api/care-plans/${PLAN.id}/redate`)).toBe(false);
    expect(await screen.findByText('Bác sĩ đề nghị đổi mốc tính')).toBeInTheDocument();
    expect(screen.getByText(/Đang chờ quầy tiếp đón xác nhận/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xem và xác nhận' })).toBeNull();
  });

  it("the desk opens a doctor's re-dating with his slots filled in and confirms it, or turns it down", async () => {
    const waiting = {
      ...PLAN,
      pendingRedate: { ...ASKED, askedByName: 'BS. Phạm Minh Châu', askedAt: NOW.toISOString() },
    };
    const { sent, user } = open('STAFF', waiting);
    expect(await screen.findByText('Bác sĩ đề nghị đổi mốc tính', {}, firstLoad)).toBeInTheDocument();
    expect(screen.getByText(/BS\. Phạm Minh Châu đề nghị tính lại kế hoạch/)).toHaveTextContent('27/10/2026');
    await user.click(screen.getByRole('button', { name: 'Xem và xác nhận' }));
    const d = within(await screen.findByRole('dialog', { name: 'Đổi mốc tính' }));
    // The proposal is asked at once, for his anchor; his slot replaces the proposed one.
    expect(await d.findByRole('heading', { name: 'Lịch mới của 2 lượt khám còn lại' })).toBeInTheDocument();
    expect(d.getByLabelText('Giờ khám – Siêu âm đo độ mờ da gáy')).toHaveValue('10:30');
    await user.click(d.getByRole('button', { name: 'Xác nhận đổi lịch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((s) => s.url === `/api/care-plans/${PLAN.id}/redate`)!.body).toEqual(ASKED);

    await user.click(screen.getByRole('button', { name: 'Bỏ đề xuất' }));
    await waitFor(() =>
      expect(sent.some((s) => s.url === `/api/care-plans/${PLAN.id}/redate/request` && s.method === 'DELETE')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByText('Bác sĩ đề nghị đổi mốc tính')).toBeNull());
  });
});

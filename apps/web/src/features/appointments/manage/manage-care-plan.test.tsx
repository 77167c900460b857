import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_MSG, CARE_PLAN_MSG } from '@clinic/shared';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { antenatalPlan, patientView } from '@/testing/care-plan-fixture';
import { errorBody, makeUser, pickDate, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';
import { manageCalls, serveManageLink, TOKEN } from '../testing/fake-manage-server';

/** Tuesday 10 March 2026, 09:15 in Ho Chi Minh City; her visit, the plan's morphology scan, is on Thursday the 12th at 09:00. */
const NOW = new Date('2026-03-10T02:15:00Z');
const pending = appointment(41, 'PENDING', { fullName: 'Trần Thị Bình', department: 'OBSTETRICS' });
const plan = patientView(antenatalPlan());

const open = () => renderRoutes(routes, `/appointment/manage/${TOKEN}`);
const panel = async () =>
  (await screen.findByRole('heading', { name: 'Mã lịch hẹn #41' }, { timeout: 4000 })).closest('section')!;
const planCalls = (fetchMock: ReturnType<typeof serveManageLink>['fetchMock'], action = '') =>
  fetchMock.mock.calls.filter(
    ([url]) => new URL(url as string, 'http://localhost').pathname === `/api/care-plans/by-link/${TOKEN}${action}`,
  );

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ManageAppointmentPage: the care plan her visit belongs to (issue 37)', () => {
  it('shows the plan under her visit, this visit next, with the week of pregnancy', async () => {
    const { fetchMock } = serveManageLink(pending, { carePlan: plan });
    storeSession(storedInfoOf(makeUser({ id: 12, username: 'binh', role: 'PATIENT' })));
    open();
    await panel();
    const timeline = await screen.findByRole('region', { name: 'Khám thai định kỳ' }, { timeout: 4000 });
    expect(timeline).toHaveTextContent('Hôm nay: Tuần 20 + 1 ngày');
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[2]).toHaveTextContent('Thứ Năm, 12 tháng 3, 2026, 09:00');
    expect(items[2]).toHaveTextContent('Tuần 20 + 3 ngày');
    expect(within(items[0]!).getByText('Đã khám')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Chưa đặt lịch')).toBeInTheDocument();
    // Asked without the account even when signed in: the token is the key.
    expect((planCalls(fetchMock)[0]![1]!.headers as Record<string, string>).Accept).toBe('application/json');
    expect((planCalls(fetchMock)[0]![1]!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('shows nothing of a plan when the visit belongs to none, and the move offers the whole calendar', async () => {
    const { fetchMock } = serveManageLink(pending);
    const { user } = open();
    const card = await panel();
    await waitFor(() => expect(planCalls(fetchMock)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Yêu cầu dừng kế hoạch' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Đổi lịch hẹn' }));
    const date = within(screen.getByRole('form', { name: 'Đổi lịch hẹn' })).getByLabelText('Ngày khám mới');
    expect(date).not.toHaveAccessibleDescription(/Lượt khám này cần/);
    expect(date.getAttribute('max')! > '2026-03-29').toBe(true);
  });

  it('asks the clinic to stop the plan through the link, the clinic to call her, and shows it sent', async () => {
    const { fetchMock } = serveManageLink(pending, { carePlan: plan });
    const { user } = open();
    const timeline = await screen.findByRole('region', { name: 'Khám thai định kỳ' }, { timeout: 4000 });
    await user.click(within(timeline).getByRole('button', { name: 'Yêu cầu dừng kế hoạch' }));
    const dialog = screen.getByRole('dialog', { name: 'Yêu cầu dừng kế hoạch' });
    expect(dialog).toHaveTextContent('phòng khám sẽ liên hệ với bạn');
    await user.click(within(dialog).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await within(timeline).findByText(CARE_PLAN_MSG.stopRequested)).toBeInTheDocument();
    const [call] = planCalls(fetchMock, '/stop-request');
    expect(call![1]!.method).toBe('POST');
    await waitFor(() => expect(timeline).toHaveTextContent('Bạn đã gửi yêu cầu dừng kế hoạch ngày 10/03/2026.'));
    expect(within(timeline).queryByRole('button', { name: 'Yêu cầu dừng kế hoạch' })).not.toBeInTheDocument();
  });

  it("offers only dates inside this visit's window and says so; a date outside is refused before sending", async () => {
    const { fetchMock } = serveManageLink(pending, { carePlan: plan });
    const { user } = open();
    const card = await panel();
    await screen.findByRole('region', { name: 'Khám thai định kỳ' }, { timeout: 4000 });
    await user.click(within(card).getByRole('button', { name: 'Đổi lịch hẹn' }));
    const form = screen.getByRole('form', { name: 'Đổi lịch hẹn' });
    const date = within(form).getByLabelText('Ngày khám mới');
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Lượt khám này cần trong khoảng từ 09/03/2026 đến 29/03/2026'),
    );
    // The window (9 to 29 March) within what can be booked from today (10 March).
    expect(date).toHaveAttribute('min', '2026-03-10');
    expect(date).toHaveAttribute('max', '2026-03-29');

    pickDate(date, '2026-03-31');
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription(
        expect.stringContaining(`${CARE_PLAN_MSG.outsideWindow} (từ 09/03/2026 đến 29/03/2026)`),
      ),
    );
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Xác nhận đổi lịch' })).toBeDisabled();
    expect(manageCalls(fetchMock, '/reschedule')).toHaveLength(0);

    pickDate(date, '2026-03-13');
    await user.click(await within(form).findByRole('radio', { name: '10:30' }));
    expect(await within(form).findByText(/Còn chỗ/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Xác nhận đổi lịch' }));
    expect(await screen.findByText(APPOINTMENT_MSG.rescheduled)).toBeInTheDocument();
    // The plan is read again: the visit's new day.
    const timeline = screen.getByRole('region', { name: 'Khám thai định kỳ' });
    await waitFor(() =>
      expect(within(timeline).getAllByRole('listitem')[2]).toHaveTextContent('Thứ Sáu, 13 tháng 3, 2026, 10:30'),
    );
  });

  it("shows the server's refusal of a date outside the window next to the date", async () => {
    const refusal = `${CARE_PLAN_MSG.outsideWindow} (từ 09/03/2026 đến 12/03/2026)`;
    serveManageLink(pending, {
      carePlan: plan,
      rescheduleAnswer: () => ({ status: 400, body: errorBody(400, refusal, 'VALIDATION_ERROR') }),
    });
    const { user } = open();
    const card = await panel();
    await screen.findByRole('region', { name: 'Khám thai định kỳ' }, { timeout: 4000 });
    await user.click(within(card).getByRole('button', { name: 'Đổi lịch hẹn' }));
    const form = screen.getByRole('form', { name: 'Đổi lịch hẹn' });
    const date = within(form).getByLabelText('Ngày khám mới');
    pickDate(date, '2026-03-13');
    await user.click(await within(form).findByRole('radio', { name: '10:30' }));
    expect(await within(form).findByText(/Còn chỗ/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Xác nhận đổi lịch' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(screen.queryByText(APPOINTMENT_MSG.rescheduled)).not.toBeInTheDocument();
  });
});

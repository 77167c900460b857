import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARE_PLAN_MSG } from '@clinic/shared';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { antenatalPlan, patientView } from '@/testing/care-plan-fixture';
import { errorBody, makeUser, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';
import { callsTo, patient, serveMyAppointments } from './testing/fake-patient-server';

const visit41 = appointment(41, 'PENDING', { appointmentDate: '2099-03-12' });

function open() {
  storeSession(storedInfoOf(patient));
  return renderRoutes(routes, '/my-appointments');
}

/** The first find waits for the page's code and its calls (a loaded machine is slow). */
const firstLoad = { timeout: 5000 };
const planSection = () => screen.findByRole('region', { name: 'Khám thai định kỳ' }, firstLoad);
const visits = (section: HTMLElement) =>
  within(within(section).getByRole('list', { name: 'Các lượt khám của Khám thai định kỳ' })).getAllByRole('listitem');

describe('MyAppointmentsPage: her care plans (issue 37)', () => {
  it('shows her plan as a timeline: done, next, later, each state in words, the week of pregnancy and today', async () => {
    serveMyAppointments([visit41], { carePlans: [patientView(antenatalPlan())] });
    open();
    const plan = await planSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Kế hoạch chăm sóc của tôi' })).toBeInTheDocument();
    expect(within(plan).getByText('Đang theo dõi')).toBeInTheDocument();
    expect(plan).toHaveTextContent('Hôm nay: Tuần 20 + 1 ngày');
    expect(plan).toHaveTextContent('Đã qua 2 trên 4 lượt khám');

    const [first, second, third, fourth] = visits(plan);
    expect(first).toHaveTextContent('Khám thai lần đầu');
    expect(first).toHaveTextContent('Thứ Hai, 08 tháng 12, 2025, 08:30');
    expect(first).toHaveTextContent('Tuần 7 + 0 ngày');
    expect(within(first!).getByText('Đã khám')).toBeInTheDocument();
    expect(second).toHaveTextContent('Tuần 11 + 5 ngày');

    // The next one is marked in words and for assistive technology, not by colour alone.
    expect(third).toHaveAttribute('aria-current', 'step');
    expect(third).toHaveTextContent('Tiếp theo');
    expect(third).toHaveTextContent('Siêu âm hình thái thai nhi');
    expect(third).toHaveTextContent('Thứ Năm, 12 tháng 3, 2026, 09:00');
    expect(third).toHaveTextContent('Tuần 20 + 3 ngày');
    expect(within(third!).getByText('Đã đặt lịch')).toBeInTheDocument();
    for (const other of [first, second, fourth]) expect(other).not.toHaveAttribute('aria-current');

    // Not booked yet: its window, in dates and in weeks.
    expect(fourth).toHaveTextContent('Từ 06/04/2026 đến 10/05/2026');
    expect(fourth).toHaveTextContent('Tuần 24 + 0 ngày đến tuần 28 + 6 ngày');
    expect(within(fourth!).getByText('Chưa đặt lịch')).toBeInTheDocument();
    expect(fourth).not.toHaveTextContent('Tiếp theo');

    // Her appointments are still there under it.
    expect(await screen.findByRole('article', { name: 'Bệnh nhân 41' }, firstLoad)).toBeInTheDocument();
  });

  it('names the first visit not yet done as next, a missed one included, and none once the plan is stopped', async () => {
    const base = antenatalPlan();
    const missed = base.visits.map((v) => (v.id === 73 ? { ...v, state: 'MISSED' as const } : v));
    serveMyAppointments([], {
      carePlans: [
        patientView({ ...base, visits: missed }),
        patientView({ ...base, id: 8, name: 'Tiêm thuốc tránh thai', kind: 'CONTRACEPTION', status: 'STOPPED' }),
      ],
    });
    open();
    const plan = await planSection();
    const third = visits(plan)[2]!;
    expect(third).toHaveAttribute('aria-current', 'step');
    expect(within(third).getByText('Lỡ hẹn')).toBeInTheDocument();
    // Missed: its window again, to book another day in it.
    expect(third).toHaveTextContent('Từ 09/03/2026 đến 29/03/2026');

    const stopped = screen.getByRole('region', { name: 'Tiêm thuốc tránh thai' });
    expect(within(stopped).getByText('Đã dừng')).toBeInTheDocument();
    expect(stopped).not.toHaveTextContent('Hôm nay');
    expect(within(stopped).queryByRole('listitem', { current: 'step' })).not.toBeInTheDocument();
    // Not a pregnancy: no weeks for a window.
    expect(stopped).not.toHaveTextContent('Tuần 24');
    expect(within(stopped).queryByRole('button', { name: 'Yêu cầu dừng kế hoạch' })).not.toBeInTheDocument();
  });

  it('asks the clinic to stop her plan after a confirmation that says the clinic will call her, then shows it sent', async () => {
    const { fetchMock } = serveMyAppointments([visit41], { carePlans: [patientView(antenatalPlan())] });
    const { user } = open();
    const plan = await planSection();
    await user.click(within(plan).getByRole('button', { name: 'Yêu cầu dừng kế hoạch' }));
    const dialog = screen.getByRole('dialog', { name: 'Yêu cầu dừng kế hoạch' });
    expect(dialog).toHaveTextContent('phòng khám sẽ liên hệ với bạn');

    await user.click(within(dialog).getByRole('button', { name: 'Quay lại' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, '/api/care-plans/mine/7/stop-request')).toHaveLength(0);

    await user.click(within(plan).getByRole('button', { name: 'Yêu cầu dừng kế hoạch' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Yêu cầu dừng kế hoạch' })).getByRole('button', {
        name: 'Gửi yêu cầu',
      }),
    );
    expect(await within(plan).findByText(CARE_PLAN_MSG.stopRequested)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/care-plans/mine/7/stop-request')[0]![1]!.method).toBe('POST');
    await waitFor(() =>
      expect(plan).toHaveTextContent('Bạn đã gửi yêu cầu dừng kế hoạch ngày 10/03/2026. Phòng khám sẽ liên hệ với bạn'),
    );
    expect(within(plan).queryByRole('button', { name: 'Yêu cầu dừng kế hoạch' })).not.toBeInTheDocument();
    // Still running until the clinic stops it.
    expect(within(plan).getByText('Đang theo dõi')).toBeInTheDocument();
  });

  it('shows a request already sent, and says why when one is refused', async () => {
    serveMyAppointments([], {
      carePlans: [
        patientView(antenatalPlan({ stopRequestedAt: '2026-03-01T03:00:00.000Z' })),
        patientView(antenatalPlan({ id: 9, name: 'Theo dõi chu kỳ IUI/IVF', kind: 'FERTILITY' })),
      ],
      stopRequestAnswer: () => ({ status: 409, body: errorBody(409, CARE_PLAN_MSG.notActive, 'CONFLICT') }),
    });
    const { user } = open();
    const asked = await planSection();
    expect(asked).toHaveTextContent('Bạn đã gửi yêu cầu dừng kế hoạch ngày 01/03/2026.');
    expect(within(asked).queryByRole('button', { name: 'Yêu cầu dừng kế hoạch' })).not.toBeInTheDocument();

    const other = screen.getByRole('region', { name: 'Theo dõi chu kỳ IUI/IVF' });
    await user.click(within(other).getByRole('button', { name: 'Yêu cầu dừng kế hoạch' }));
    const dialog = screen.getByRole('dialog', { name: 'Yêu cầu dừng kế hoạch' });
    await user.click(within(dialog).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CARE_PLAN_MSG.notActive);
    expect(within(other).getByRole('button', { name: 'Yêu cầu dừng kế hoạch' })).toBeInTheDocument();
  });

  it('shows her appointments only once her plans are read, so the list does not jump down under them', async () => {
    let release: (value?: unknown) => void = () => {};
    const { fetchMock } = serveMyAppointments([visit41], {
      carePlans: [patientView(antenatalPlan())],
      plansReady: new Promise((resolve) => (release = resolve)),
    });
    open();
    await waitFor(() => expect(callsTo(fetchMock, '/api/appointments/my-appointments')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Đang tải danh sách lịch hẹn...')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    release();
    expect(await planSection()).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Bệnh nhân 41' }, firstLoad)).toBeInTheDocument();
  });

  it('shows no plan section when she has none', async () => {
    const { fetchMock } = serveMyAppointments([visit41]);
    open();
    expect(await screen.findByRole('article', { name: 'Bệnh nhân 41' }, firstLoad)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/care-plans/mine')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Kế hoạch chăm sóc của tôi' })).not.toBeInTheDocument();
  });

  it('asks nothing for an account that is not a patient', async () => {
    const staff = makeUser({ id: 3, username: 'staff', role: 'STAFF' });
    const { fetchMock } = serveMyAppointments([visit41], { profile: staff, carePlans: [patientView(antenatalPlan())] });
    storeSession(storedInfoOf(staff));
    renderRoutes(routes, '/my-appointments');
    expect(await screen.findByRole('article', { name: 'Bệnh nhân 41' }, firstLoad)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/care-plans/mine')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Khám thai định kỳ' })).not.toBeInTheDocument();
  });
});

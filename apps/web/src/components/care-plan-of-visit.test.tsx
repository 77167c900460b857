import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CarePlanOfAppointment } from '@clinic/shared';
import { antenatalPlan } from '@/testing/care-plan-fixture';
import { errorBody, mockFetch, renderWithProviders } from '@/testing/render-app';
import { CarePlanOfVisit } from './care-plan-of-visit';

const OF_41: CarePlanOfAppointment = { plan: antenatalPlan(), visitId: 73, dayText: 'Tuần 20 + 3 ngày' };

function serve(answer: () => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>) {
  return mockFetch((url) =>
    url === '/api/care-plans/of-appointment/41'
      ? answer()
      : { status: 404, body: errorBody(404, 'Không tìm thấy đường dẫn API.') },
  );
}

describe('CarePlanOfVisit', () => {
  it("shows the visit's plan, its milestone, the week of pregnancy that day and the visits before it with their states", async () => {
    const fetchMock = serve(() => ({ body: OF_41 }));
    renderWithProviders(<CarePlanOfVisit appointmentId={41} />);
    const block = await screen.findByRole('region', { name: 'Kế hoạch chăm sóc' }, { timeout: 4000 });
    expect(block).toHaveTextContent('Khám thai định kỳ (Đang theo dõi)');
    expect(within(block).getByText('Mốc của lượt khám này').nextElementSibling).toHaveTextContent(
      'Siêu âm hình thái thai nhi',
    );
    expect(within(block).getByText('Vào ngày khám').nextElementSibling).toHaveTextContent('Tuần 20 + 3 ngày');
    const before = within(within(block).getByRole('list', { name: 'Các lượt khám trước của kế hoạch' })).getAllByRole(
      'listitem',
    );
    expect(before).toHaveLength(2);
    expect(before[0]).toHaveTextContent('Khám thai lần đầu');
    expect(before[0]).toHaveTextContent('Tuần 7 + 0 ngày');
    expect(within(before[1]!).getByText('Đã khám')).toBeInTheDocument();
    // What comes after this visit is not "before" it.
    expect(block).not.toHaveTextContent('Nghiệm pháp dung nạp đường huyết');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says a visit is the first of its plan, and that she asked to stop it', async () => {
    serve(() => ({
      body: { ...OF_41, plan: antenatalPlan({ stopRequestedAt: '2026-03-01T03:00:00.000Z' }), visitId: 71 },
    }));
    renderWithProviders(<CarePlanOfVisit appointmentId={41} />);
    const block = await screen.findByRole('region', { name: 'Kế hoạch chăm sóc' }, { timeout: 4000 });
    expect(block).toHaveTextContent('Đây là lượt khám đầu tiên của kế hoạch.');
    expect(within(block).queryByRole('list')).not.toBeInTheDocument();
    expect(block).toHaveTextContent('Bệnh nhân đã yêu cầu dừng kế hoạch ngày 01/03/2026');
  });

  it('shows nothing while it loads, nor when the visit belongs to no plan', async () => {
    let release: (answer: { body: unknown }) => void = () => {};
    const fetchMock = serve(() => new Promise((resolve) => (release = resolve)));
    renderWithProviders(<CarePlanOfVisit appointmentId={41} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Kế hoạch chăm sóc')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    release({ body: { plan: null, visitId: null, dayText: null } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Kế hoạch chăm sóc')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('says when the plan could not be read, and reads it again', async () => {
    let fail = true;
    serve(() => (fail ? { status: 500, body: errorBody(500, 'Lỗi máy chủ') } : { body: OF_41 }));
    const { user } = renderWithProviders(<CarePlanOfVisit appointmentId={41} />);
    expect(await screen.findByText('Không tải được kế hoạch chăm sóc của lượt khám này.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tải lại' }));
    expect(await screen.findByRole('region', { name: 'Kế hoạch chăm sóc' })).toBeInTheDocument();
  });
});

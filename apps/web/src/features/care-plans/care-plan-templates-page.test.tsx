import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARE_PLAN_MSG, CARE_PLAN_TEXT } from '@clinic/shared';
import { routes } from '@/app/router';
import { renderRoutes } from '@/testing/render-app';
import { carePlanServer, firstLoad, NOW, TEMPLATES } from './testing/care-plan-server';
import { NEW_VERSION_NOTE } from './components/template-editor-modal';

function open() {
  const sent = carePlanServer('ADMIN', (url, init) => {
    if (url.startsWith('/api/care-plans/templates') && (init.method === 'POST' || init.method === 'PUT'))
      return {
        status: init.method === 'POST' ? 201 : 200,
        body: { message: CARE_PLAN_MSG.templateSaved, template: { ...TEMPLATES[0], version: 2 } },
      };
    return undefined;
  });
  return { sent, ...renderRoutes(routes, '/admin/care-plan-templates') };
}

describe("'Mẫu kế hoạch chăm sóc' (ADMIN, issue 37)", () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('lists the templates with their kind, version, example mark and plans running', async () => {
    open();
    const table = await screen.findByRole('table', {}, firstLoad);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(TEMPLATES.length);
    expect(rows[0]).toHaveTextContent('Khám thai định kỳ');
    expect(rows[0]).toHaveTextContent(CARE_PLAN_TEXT.kinds.ANTENATAL);
    expect(rows[0]).toHaveTextContent(CARE_PLAN_TEXT.example);
    expect(rows[0]).toHaveTextContent('Đang dùng');
    expect(within(rows[2]!).getAllByRole('cell')[4]).toHaveTextContent('2');
  });

  it('says what is wrong in a new template at each field, and sends nothing until it is right', async () => {
    const { sent, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Tạo mẫu' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Tạo mẫu kế hoạch' });
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Tạo mẫu' }));
    expect(await d.findByText('Vui lòng nhập tên kế hoạch')).toBeInTheDocument();
    expect(d.getByText('Vui lòng nhập tên mốc')).toBeInTheDocument();
    expect(d.getByText('Mã mốc chỉ gồm chữ thường không dấu, số và gạch nối (tối đa 40 ký tự)')).toBeInTheDocument();
    expect(d.getByLabelText('Tên kế hoạch')).toHaveAttribute('aria-invalid', 'true');
    expect(d.getAllByRole('alert')[0]).toHaveTextContent(/Vui lòng kiểm tra \d+ ô/);

    await user.type(d.getByLabelText('Tên kế hoạch'), 'Khám thai nguy cơ cao');
    await user.type(d.getByLabelText('Tên mốc'), 'Siêu âm hình thái');
    await user.type(d.getByLabelText('Mã mốc'), 'morphology');
    await user.selectOptions(d.getByLabelText('Khoa khám'), 'OBSTETRICS');
    // A window that ends before it starts, in weeks and days of pregnancy.
    await user.type(d.getByLabelText('Từ: tuần'), '22');
    await user.type(d.getByLabelText('Đến: tuần'), '20');
    await user.click(d.getByRole('button', { name: 'Tạo mẫu' }));
    expect(await d.findByText('Ngày bắt đầu của khoảng phải trước ngày kết thúc')).toBeInTheDocument();
    expect(d.getByLabelText('Đến: tuần')).toHaveAttribute('aria-invalid', 'true');
    const saves = () => sent.filter((s) => s.url.startsWith('/api/care-plans/templates') && s.method === 'POST');
    expect(saves()).toEqual([]);

    await user.clear(d.getByLabelText('Từ: tuần'));
    await user.type(d.getByLabelText('Từ: tuần'), '20');
    await user.type(d.getByLabelText('Đến: ngày'), '6');
    expect(d.getByText('Khoảng thời gian: Từ tuần 20 + 0 ngày đến tuần 20 + 6 ngày')).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Tạo mẫu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves().map((s) => s.body)).toEqual([
      {
        name: 'Khám thai nguy cơ cao',
        kind: 'ANTENATAL',
        anchors: ['LMP'],
        active: true,
        milestones: [{ key: 'morphology', label: 'Siêu âm hình thái', department: 'OBSTETRICS', from: 140, to: 146 }],
      },
    ]);
  });

  it('says an edit makes a new version for new plans only, and saves it as one', async () => {
    const { sent, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Sửa mẫu Tiêm thuốc tránh thai' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Sửa mẫu: Tiêm thuốc tránh thai' });
    expect(dialog).toHaveAccessibleDescription(NEW_VERSION_NOTE);
    const d = within(dialog);
    expect(
      d.getByText(
        'Khoảng thời gian: Từ ngày 84 sau khi thực hiện đến ngày 91 sau khi thực hiện, rồi mỗi 12 đến 13 tuần một lần, 4 lần',
      ),
    ).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Lưu phiên bản mới' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.url).toBe(`/api/care-plans/templates/${TEMPLATES[2]!.id}`);
    expect(put.body).toMatchObject({ name: 'Tiêm thuốc tránh thai', milestones: TEMPLATES[2]!.milestones });
    expect(
      await screen.findByText(
        `${CARE_PLAN_MSG.templateSaved}: phiên bản 2 dùng cho các kế hoạch tạo từ nay; kế hoạch đang theo dõi giữ phiên bản cũ.`,
      ),
    ).toBeInTheDocument();
  });
});

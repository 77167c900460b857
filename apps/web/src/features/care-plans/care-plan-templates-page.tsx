import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { CARE_PLAN_TEXT, formatDateTime, type CarePlanTemplate } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryState } from '@/components/ui/query-state';
import { usePageTitle } from '@/hooks/use-page-title';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useCarePlanTemplates } from './api/get-care-plan-templates';
import { TEMPLATES_TITLE } from './care-plan-labels';
import { TemplateEditorModal } from './components/template-editor-modal';

/**
 * /admin/care-plan-templates — 'Mẫu kế hoạch chăm sóc' (ADMIN; docs/PRODUCT.md §15): the templates,
 * the seeded ones marked as examples for the clinic's doctors to review; create, or edit as a new version.
 */
export default function CarePlanTemplatesPage() {
  usePageTitle(TEMPLATES_TITLE);
  const list = useCarePlanTemplates();
  const zone = clinicTimeZone();
  const [editing, setEditing] = useState<{ template: CarePlanTemplate | null } | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{TEMPLATES_TITLE}</h1>
          <p className="mt-1 text-slate-600">
            Mỗi mẫu nói kế hoạch được tính từ đâu và các mốc khám. Sửa một mẫu tạo phiên bản mới cho kế hoạch mới; kế
            hoạch đang theo dõi giữ phiên bản cũ.
          </p>
        </div>
        <Button onClick={() => setEditing({ template: null })}>
          <Plus aria-hidden="true" className="size-4" />
          Tạo mẫu
        </Button>
      </div>
      <QueryState
        query={list}
        loadingLabel="Đang tải mẫu kế hoạch..."
        errorTitle="Không tải được danh sách mẫu kế hoạch"
      >
        {(data) =>
          data.templates.length === 0 ? (
            <EmptyState
              className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
              title="Chưa có mẫu kế hoạch nào"
            />
          ) : (
            <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{TEMPLATES_TITLE}</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Tên
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Loại
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Phiên bản
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Trạng thái
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Kế hoạch đang theo dõi
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      <span className="sr-only">Thao tác</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.templates.map((t) => (
                    <tr key={t.id} className="align-top">
                      <td className="px-4 py-3">
                        <p className="font-semibold text-slate-900">{t.name}</p>
                        <p className="text-xs text-slate-600">
                          {t.milestones.length} mốc · cập nhật {formatDateTime(t.updatedAt, zone)}
                        </p>
                        {t.example && (
                          <Badge tone="warning" className="mt-1 whitespace-normal">
                            {CARE_PLAN_TEXT.example}
                          </Badge>
                        )}
                      </td>
                      <td className="px-4 py-3">{CARE_PLAN_TEXT.kinds[t.kind]}</td>
                      <td className="px-4 py-3 tabular-nums">{t.version}</td>
                      <td className="px-4 py-3">
                        <Badge tone={t.active ? 'success' : 'neutral'}>{t.active ? 'Đang dùng' : 'Ngừng dùng'}</Badge>
                      </td>
                      <td className="px-4 py-3 tabular-nums">{t.plansRunning}</td>
                      <td className="px-4 py-3 text-right">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Sửa mẫu ${t.name}`}
                          onClick={() => setEditing({ template: t })}
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                          Sửa
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      {editing && <TemplateEditorModal template={editing.template} onClose={() => setEditing(null)} />}
    </div>
  );
}

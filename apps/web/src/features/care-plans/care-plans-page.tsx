import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ClipboardPlus, PhoneCall } from 'lucide-react';
import {
  can,
  CARE_PLAN_KINDS,
  CARE_PLAN_STATUSES,
  CARE_PLAN_TEXT,
  CALL_BACK_DAYS,
  formatDate,
  type CallBackItem,
  type CarePlanRow,
} from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { FormField, Input } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/query-state';
import { SearchField } from '@/components/ui/search-field';
import { TabList } from '@/components/ui/tab-list';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCallBackList } from './api/get-call-back-list';
import { CARE_PLAN_PAGE_SIZE, useCarePlans } from './api/get-care-plans';
import {
  CARE_PLANS_TITLE,
  STATUS_TONES,
  statusText,
  telHref,
  VISIT_STATE_TONES,
  visitStateText,
  windowDates,
} from './care-plan-labels';
import { StartCarePlanModal } from './components/start-care-plan-modal';
import { useCarePlanListState, type CarePlanTab } from './use-care-plan-list-state';

const TABS = [
  { value: 'plans', label: 'Danh sách kế hoạch', tabId: 'care-plans-tab', panelId: 'care-plans-panel' },
  { value: 'call-back', label: 'Cần gọi lại', tabId: 'call-back-tab', panelId: 'call-back-panel' },
] as const;

/**
 * /admin/care-plans — 'Kế hoạch chăm sóc' (docs/PRODUCT.md §15): the plans, paged and filtered on the
 * server, and the desk's call-back list; 'Tạo kế hoạch' for who may start one.
 */
export default function CarePlansPage() {
  usePageTitle(CARE_PLANS_TITLE);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { params, query, update } = useCarePlanListState(CARE_PLAN_PAGE_SIZE);
  const [starting, setStarting] = useState(false);
  const tab = TABS.find((t) => t.value === params.tab)!;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{CARE_PLANS_TITLE}</h1>
          <p className="mt-1 text-slate-600">
            Các đợt khám được đặt cùng lúc: khám thai, theo dõi chu kỳ hỗ trợ sinh sản, tránh thai.
          </p>
        </div>
        {can(user.role, 'startCarePlans') && (
          <Button onClick={() => setStarting(true)}>
            <ClipboardPlus aria-hidden="true" className="size-4" />
            Tạo kế hoạch
          </Button>
        )}
      </div>
      <TabList
        label={CARE_PLANS_TITLE}
        tabs={TABS}
        value={params.tab}
        onChange={(value: CarePlanTab) => update({ tab: value })}
      />
      <div role="tabpanel" id={tab.panelId} aria-labelledby={tab.tabId}>
        {params.tab === 'plans' ? <PlanList params={params} query={query} update={update} /> : <CallBackPanel />}
      </div>
      {starting && (
        <StartCarePlanModal
          onClose={() => setStarting(false)}
          onStarted={(plan) => void navigate(paths.admin.carePlan.href(plan.id))}
        />
      )}
    </div>
  );
}

function PlanList({
  params,
  query,
  update,
}: Pick<ReturnType<typeof useCarePlanListState>, 'params' | 'query' | 'update'>) {
  const list = useCarePlans(query);
  const filtered = !!(params.kind || params.status || params.nextBefore || params.q);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
        <FilterSelect
          id="care-plan-kind"
          label="Loại kế hoạch"
          value={params.kind}
          onChange={(kind) => update({ kind: kind as typeof params.kind })}
          options={[
            { value: '', label: 'Tất cả' },
            ...CARE_PLAN_KINDS.map((k) => ({ value: k, label: CARE_PLAN_TEXT.kinds[k] })),
          ]}
        />
        <FilterSelect
          id="care-plan-status"
          label="Trạng thái"
          value={params.status}
          onChange={(status) => update({ status: status as typeof params.status })}
          options={[
            { value: '', label: 'Tất cả' },
            ...CARE_PLAN_STATUSES.map((s) => ({ value: s, label: statusText(s) })),
          ]}
        />
        <FormField id="care-plan-next-before" label="Mốc tiếp theo trước ngày">
          {(c) => (
            <Input
              {...c}
              type="date"
              value={params.nextBefore}
              onChange={(e) => update({ nextBefore: e.target.value })}
            />
          )}
        </FormField>
        <SearchField
          id="care-plan-search"
          label="Tìm theo tên hoặc số điện thoại"
          value={params.q}
          maxLength={100}
          onSearch={(q) => update({ q })}
        />
      </div>
      <QueryState
        query={list}
        loadingLabel="Đang tải danh sách kế hoạch..."
        errorTitle="Không tải được danh sách kế hoạch"
      >
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState
              className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
              title={filtered ? 'Không có kế hoạch nào khớp bộ lọc' : 'Chưa có kế hoạch chăm sóc nào'}
              description={filtered ? 'Thử bỏ bớt bộ lọc hoặc tìm theo tên khác.' : undefined}
            />
          ) : (
            <>
              <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Kế hoạch chăm sóc, trang {page.page}</caption>
                  <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                    <tr>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Người bệnh
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Kế hoạch
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Hôm nay
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Mốc tiếp theo
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {page.items.map((row) => (
                      <PlanRow key={row.id} row={row} />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={page.page}
                pageSize={page.size}
                total={page.total}
                onPageChange={(p) => update({ page: p })}
                previousLabel="Trước"
                nextLabel="Sau"
                summary={(from, to, total) => `Hiển thị ${from}–${to} trên ${total} kế hoạch`}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function PlanRow({ row }: { row: CarePlanRow }) {
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <Link
          to={paths.admin.carePlan.href(row.id)}
          className="font-semibold text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {row.fullName}
        </Link>
        <p>
          <a href={telHref(row.phone)} className="text-slate-700 hover:underline">
            {row.phone}
          </a>
        </p>
        {row.stopRequestedAt && (
          <Badge tone="warning" className="mt-1">
            Đã yêu cầu dừng
          </Badge>
        )}
        {row.pendingRedateAt && (
          <Badge tone="warning" className="mt-1">
            Chờ xác nhận đổi mốc
          </Badge>
        )}
      </td>
      <td className="px-4 py-3">
        <p className="text-slate-900">{row.name}</p>
        <p className="text-xs text-slate-600">{CARE_PLAN_TEXT.kinds[row.kind]}</p>
        <Badge tone={STATUS_TONES[row.status]} className="mt-1">
          {statusText(row.status)}
        </Badge>
      </td>
      <td className="px-4 py-3 text-slate-800">{row.todayText}</td>
      <td className="px-4 py-3">
        {row.next ? (
          <>
            <p className="text-slate-900">{row.next.label}</p>
            <p className="text-xs text-slate-600">{windowDates(row.next.windowStart, row.next.windowEnd)}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2">
              <Badge tone={VISIT_STATE_TONES[row.next.state]}>{visitStateText(row.next.state)}</Badge>
              {row.next.date && <span className="text-xs text-slate-700">Hẹn ngày {formatDate(row.next.date)}</span>}
            </p>
          </>
        ) : (
          <span className="text-slate-500">Không còn mốc nào</span>
        )}
      </td>
    </tr>
  );
}

function CallBackPanel() {
  const list = useCallBackList();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Các mốc bắt đầu trong {CALL_BACK_DAYS} ngày tới mà chưa có lịch hẹn, và các lượt khám bị lỡ chưa được đặt lại.
      </p>
      <QueryState
        query={list}
        loadingLabel="Đang tải danh sách cần gọi lại..."
        errorTitle="Không tải được danh sách cần gọi lại"
      >
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              icon={PhoneCall}
              className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
              title="Không có ai cần gọi lại"
            />
          ) : (
            <ul aria-label="Cần gọi lại" className="space-y-2">
              {data.items.map((item) => (
                <CallBackEntry key={item.visitId} item={item} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function CallBackEntry({ item }: { item: CallBackItem }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold text-slate-900">
          <Link to={paths.admin.carePlan.href(item.planId)} className="hover:underline">
            {item.fullName}
          </Link>
        </p>
        <p className="text-sm text-slate-700">
          {item.label} · {item.planName}
        </p>
        <p className="text-sm text-slate-600">Khoảng thời gian: {windowDates(item.windowStart, item.windowEnd)}</p>
      </div>
      <div className="flex items-center gap-3">
        <Badge tone={VISIT_STATE_TONES[item.state]}>{visitStateText(item.state)}</Badge>
        <a
          href={telHref(item.phone)}
          aria-label={`Gọi ${item.fullName}: ${item.phone}`}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-medium text-brand-800 hover:bg-slate-50"
        >
          <PhoneCall aria-hidden="true" className="size-4" />
          {item.phone}
        </a>
      </div>
    </li>
  );
}

import { Link } from 'react-router';
import {
  ArrowRight,
  CalendarDays,
  CircleCheck,
  Hourglass,
  ListChecks,
  RefreshCw,
  TrendingDown,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import {
  ADMIN_SCREENS,
  can,
  canOpenScreen,
  DASHBOARD_MSG,
  DEFAULT_VISIT_PRICE,
  formatDate,
  formatVnd,
  ROLE_LABELS,
  type Dashboard,
} from '@clinic/shared';
import { LEDGER_RULE, LedgerFigures } from '@/components/ledger-figures';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { StatCards, type StatCard } from '@/components/ui/stat-cards';
import { ADMIN_NAV } from '@/config/admin-nav';
import { useBackOfficeText } from '@/hooks/use-back-office-text';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';
import { cn } from '@/lib/cn';
import { useDashboard } from './api/get-dashboard';
import { CarePlansPanel } from './components/care-plans-panel';
import { DoctorDaysPanel, type DoctorVisitWindows } from './components/doctor-days-panel';
import { monthLabel, MonthChart } from './components/month-chart';
import { SampleDataPanel } from './components/sample-data-panel';

/** The days compared, like with like: "ngày 1–26" (on the 1st, "ngày 1"). */
const sameDays = (throughDay: number) => (throughDay === 1 ? 'ngày 1' : `ngày 1–${throughDay}`);

/** "+12,5% so với cùng kỳ tháng trước (ngày 1–26)" / "−4% …" / none to compare with. */
function Growth({ value, label, throughDay }: { value: number | null; label: string; throughDay: number }) {
  if (value === null)
    return (
      <span className="text-sm text-slate-500">
        {label}: chưa có dữ liệu cùng kỳ tháng trước ({sameDays(throughDay)})
      </span>
    );
  const up = value >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  const text = `${up ? '+' : '−'}${Math.abs(value).toLocaleString('vi-VN', { maximumFractionDigits: 1 })}%`;
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-sm font-medium', up ? 'text-emerald-700' : 'text-red-700')}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}: {text} so với cùng kỳ tháng trước ({sameDays(throughDay)})
    </span>
  );
}

function Panel({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const id = `panel-${title.replace(/\s+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      <h2 id={id} className="mb-4 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The main counts' grid: four cards in two rows of two (phone) or one row (wide screens). A fifth
 * (the waiting lists') takes the whole last row on a phone, makes rows of three and two on a
 * laptop, and joins the one row on a wide screen.
 */
const FOUR_CARDS = 'grid-cols-2 xl:grid-cols-4';
/** A patient's three: two and one wide on a phone, one row from a tablet up. */
const THREE_CARDS = 'grid-cols-2 max-sm:[&>li:first-child]:col-span-2 sm:grid-cols-3';
const FIVE_CARDS =
  'grid-cols-2 max-lg:[&>li:last-child]:col-span-2 lg:max-2xl:grid-cols-6 lg:max-2xl:[&>li]:col-span-2 lg:max-2xl:[&>li:nth-child(n+4)]:col-span-3 2xl:grid-cols-5';

/** A patient's own figures read as her bills, not as the clinic's takings. */
const PANEL_TITLES = {
  clinic: { revenue: 'Doanh thu', pending: 'Thanh toán chờ xử lý', paid: 'lượt khám đã thanh toán' },
  doctor: { revenue: 'Doanh thu', pending: 'Thanh toán chờ xử lý', paid: 'lượt khám đã thanh toán' },
  patient: { revenue: 'Bạn đã thanh toán', pending: 'Bạn cần thanh toán', paid: 'lượt khám của bạn đã thanh toán' },
} as const;

function Figures({ data }: { data: Dashboard }) {
  const doctor = data.scope === 'doctor';
  const patient = data.scope === 'patient';
  const titles = PANEL_TITLES[data.scope];
  const thisMonth = data.months.at(-1);
  const waitingCard: StatCard[] = data.waitingList
    ? [
        {
          key: 'waiting-list',
          label: 'Chỗ trống được lấp tháng này',
          value: data.waitingList.refilledThisMonth,
          icon: ListChecks,
          tone: 'bg-accent-50 text-accent-700',
          hint: `${data.waitingList.waiting.toLocaleString('vi-VN')} người đang chờ`,
        },
      ]
    : [];
  // A patient has no count of people: her dashboard starts with her own appointments.
  const peopleCard: StatCard[] =
    data.people === null
      ? []
      : [
          {
            key: 'people',
            label: doctor ? 'Bệnh nhân của bạn' : 'Tổng người dùng',
            value: data.people,
            icon: Users,
            tone: 'bg-brand-50 text-brand-700',
          },
        ];
  return (
    <>
      <StatCards
        label="Số liệu chính"
        columns={waitingCard.length > 0 ? FIVE_CARDS : peopleCard.length > 0 ? FOUR_CARDS : THREE_CARDS}
        cards={[
          ...peopleCard,
          {
            key: 'total',
            label: 'Tổng lịch hẹn',
            value: data.appointments.total,
            icon: CalendarDays,
            tone: 'bg-sky-50 text-sky-700',
            hint: `${data.appointments.today} lịch hẹn hôm nay`,
          },
          {
            key: 'pending',
            label: 'Chờ xử lý',
            value: data.appointments.pending + data.appointments.awaitingDoctor,
            icon: Hourglass,
            tone: 'bg-amber-50 text-amber-700',
            hint: `${data.appointments.pending} chờ xác nhận · ${data.appointments.awaitingDoctor} chờ bác sĩ`,
          },
          {
            key: 'confirmed',
            label: 'Đã xác nhận',
            value: data.appointments.confirmed,
            icon: CircleCheck,
            tone: 'bg-emerald-50 text-emerald-700',
          },
          ...waitingCard,
        ]}
      />

      {data.today && <TodayMoney today={data.today} />}

      <div className={cn('grid gap-4', patient ? 'lg:grid-cols-2' : 'lg:grid-cols-3')}>
        <Panel title={titles.revenue}>
          <p className="text-2xl font-bold text-slate-900 tabular-nums">{formatVnd(data.revenue.total)}</p>
          <p className="mt-1 text-sm text-slate-600">
            {data.revenue.paidVisits.toLocaleString('vi-VN')} {titles.paid}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">Tháng này</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{formatVnd(data.revenue.thisMonth)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Tháng trước</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{formatVnd(data.revenue.lastMonth)}</dd>
            </div>
          </dl>
          {!patient && (
            <p className="mt-3">
              <Growth value={data.growth.revenue} label="Doanh thu" throughDay={data.growth.throughDay} />
            </p>
          )}
          <RevenueSmallPrint revenue={data.revenue} />
        </Panel>
        <Panel title={titles.pending}>
          <p className="flex items-center gap-2 text-2xl font-bold text-slate-900 tabular-nums">
            <Wallet aria-hidden="true" className="size-7 text-amber-600" />
            {formatVnd(data.pendingPayments.amount)}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {data.pendingPayments.count.toLocaleString('vi-VN')} lịch hẹn cần thanh toán hoặc đã yêu cầu thanh toán
          </p>
        </Panel>
        {!patient && (
          <Panel title="Tăng trưởng">
            <p className="text-sm text-slate-600">Tháng {thisMonth ? monthLabel(thisMonth.month) : ''}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
              {(thisMonth?.appointments ?? 0).toLocaleString('vi-VN')}{' '}
              <span className="text-base font-medium text-slate-600">lịch hẹn</span>
            </p>
            <p className="mt-3">
              <Growth value={data.growth.appointments} label="Lịch hẹn" throughDay={data.growth.throughDay} />
            </p>
          </Panel>
        )}
      </div>

      <Panel title="6 tháng gần nhất">
        <MonthChart months={data.months} />
      </Panel>
    </>
  );
}

/**
 * Today's money (issue 35): in, refunds out and net, per method, from the computation behind
 * Booking History's payments report, which opens on the same day.
 */
function TodayMoney({ today }: { today: NonNullable<Dashboard['today']> }) {
  return (
    <Panel title="Tiền hôm nay">
      <p className="-mt-2 mb-3 text-sm text-slate-600">
        Ngày {formatDate(today.day)}. {LEDGER_RULE}
      </p>
      <LedgerFigures summary={today} caption="Tiền hôm nay" />
      <p className="mt-3">
        <Link
          to={`${ADMIN_SCREENS.bookingHistory.path}?period=today`}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Xem báo cáo thanh toán hôm nay
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </Panel>
  );
}

/**
 * How the revenue was valued (issue 28): what the payment ledger took for visits paid online, the
 * recorded amount otherwise, and the estimate only for paid visits that record no amount.
 */
function RevenueSmallPrint({ revenue }: { revenue: Dashboard['revenue'] }) {
  return (
    <p className="mt-3 text-xs text-slate-500">
      Doanh thu của các lượt khám đã thanh toán, theo tháng của lịch hẹn: {formatVnd(revenue.online)} theo số tiền sổ
      thanh toán ghi nhận cho các lượt trả trực tuyến (gồm tiền đặt cọc); lượt khác theo số tiền ghi trên lịch hẹn.
      {revenue.estimatedVisits > 0 &&
        ` ${revenue.estimatedVisits.toLocaleString('vi-VN')} lượt chưa ghi số tiền được ước tính ${formatVnd(DEFAULT_VISIT_PRICE)} mỗi lượt.`}
    </p>
  );
}

/**
 * /admin — Dashboard (all four roles): the clinic's figures, or a doctor's or a patient's own, from the
 * server; a doctor's today opens `visitWindows` in place.
 */
export default function DashboardPage({ visitWindows }: { visitWindows: DoctorVisitWindows }) {
  const t = useBackOfficeText();
  usePageTitle(t('Dashboard'));
  const user = useCurrentUser();
  const query = useDashboard();
  const tiles = ADMIN_NAV.filter((item) => item.screen !== 'dashboard' && canOpenScreen(user.role, item.screen));

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-800 to-brand-700 p-6 text-white shadow-sm sm:flex-row sm:items-end sm:justify-between sm:p-8">
        <div>
          <h1 className="text-sm font-medium text-brand-100">{t('Dashboard')}</h1>
          <p className="mt-1 text-2xl font-bold">Xin chào, {user.fullName || user.username}!</p>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-brand-50">
            Vai trò:
            <Badge tone="brand">{ROLE_LABELS[user.role]}</Badge>
            {query.data?.scope === 'doctor' && <span>· Số liệu của các lịch hẹn được chỉ định cho bạn</span>}
            {query.data?.scope === 'patient' && <span>· Số liệu các lịch hẹn của bạn</span>}
          </p>
        </div>
        <Button
          variant="secondary"
          className="self-start sm:self-auto"
          onClick={() => void query.refetch()}
          loading={query.isFetching && !query.isPending}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Làm mới
        </Button>
      </div>

      {/* A doctor opens the back-office to see his day: his visits come before the figures. */}
      {user.role === 'DOCTOR' && <DoctorDaysPanel windows={visitWindows} />}

      {query.isPending ? (
        <div className="flex justify-center rounded-xl border border-slate-200 bg-white py-16">
          <Spinner size="lg" label="Đang tải số liệu..." />
        </div>
      ) : query.isError ? (
        <LoadErrorAlert
          title={DASHBOARD_MSG.loadFailed}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Figures data={query.data} />
      )}

      {can(user.role, 'readCarePlans') && <CarePlansPanel />}

      {tiles.length > 0 && (
        <section aria-labelledby="quick-actions-title">
          <h2 id="quick-actions-title" className="mb-3 text-base font-semibold text-slate-900">
            Truy cập nhanh
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {tiles.map(({ screen, label, description, path, icon: Icon }) => (
              <li key={screen}>
                <Link
                  to={path}
                  className="group flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900">{t(label)}</span>
                    {/* In Vietnamese the name often says what the description says: said once. */}
                    {description.toLowerCase() !== t(label).toLowerCase() && (
                      <span className="block text-sm text-slate-600">{description}</span>
                    )}
                  </span>
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 text-slate-400 transition-transform group-hover:translate-x-0.5"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {query.data?.sampleDataAvailable && <SampleDataPanel />}
    </div>
  );
}

import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CalendarPlus, CalendarX } from 'lucide-react';
import { clinicToday, MY_APPOINTMENTS_MSG, type Appointment, type MyAppointmentsTab } from '@clinic/shared';
import { QueryState } from '@/components/ui/query-state';
import { PageContainer } from '@/components/page-container';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { TabList } from '@/components/ui/tab-list';
import { paths } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { usePageTitle } from '@/hooks/use-page-title';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useMyAppointments } from './api/get-my-appointments';
import { useMyCarePlans } from './api/get-my-care-plans';
import { CancelMyAppointmentDialog } from './components/cancel-my-appointment-dialog';
import { ClaimWithCode } from './components/claim-with-code';
import { MyAppointmentCard } from './components/my-appointment-card';
import { MyCarePlans } from './components/my-care-plans';
import { appointmentsInTab, countByTab, MY_APPOINTMENTS_TABS, patientMayCancel } from './my-appointments-tabs';

/** Cards shown at a time; the whole list is loaded, so the tabs count every appointment. */
const PAGE_SIZE = 10;

const tabId = (tab: MyAppointmentsTab) => `my-appointments-tab-${tab}`;
const panelId = (tab: MyAppointmentsTab) => `my-appointments-panel-${tab}`;

/** My Appointments (specification section 2): the patient's own bookings in four tabs; waiting ones can be cancelled. */
export default function MyAppointmentsPage() {
  usePageTitle(MY_APPOINTMENTS_MSG.title);
  const { token, user } = useAuth();
  const appointments = useMyAppointments(token);
  // Her care plans (issue 37): a patient's account only; no other role has plans of its own.
  const isPatient = user?.role === 'PATIENT';
  const plans = useMyCarePlans(isPatient ? token : null);
  const plansLoading = isPatient && plans.isPending;
  const [tab, setTab] = useState<MyAppointmentsTab>('all');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const today = clinicToday(new Date(), clinicTimeZone());

  const all = appointments.data;
  const counts = useMemo(() => (all ? countByTab(all, today) : null), [all, today]);
  const shown = useMemo(() => (all ? appointmentsInTab(all, tab, today) : []), [all, tab, today]);
  // A cancel can move the last card of the last page away: stay within the pages there are.
  const currentPage = Math.min(page, Math.max(1, Math.ceil(shown.length / PAGE_SIZE)));
  const visible = shown.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);

  function chooseTab(next: MyAppointmentsTab) {
    setTab(next);
    setPage(1);
  }

  return (
    <PageContainer className="max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{MY_APPOINTMENTS_MSG.title}</h1>
          <p className="mt-1 text-slate-600">Theo dõi và quản lý các lịch hẹn khám của bạn.</p>
        </div>
        <Link to={paths.appointment} className={buttonClasses({ variant: 'secondary' })}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Đặt lịch khám
        </Link>
      </div>

      {isPatient && !plansLoading && <MyCarePlans plans={plans} />}

      <div className="mt-6">
        <QueryState
          // One spinner until her plans are read too: they go above the list.
          query={plansLoading ? { ...appointments, isPending: true } : appointments}
          loadingLabel="Đang tải danh sách lịch hẹn..."
          errorTitle={MY_APPOINTMENTS_MSG.loadFailed}
        >
          {() => (
            <>
              <TabList
                label="Lọc lịch hẹn"
                className="flex-wrap border-b border-slate-200"
                value={tab}
                onChange={chooseTab}
                tabs={MY_APPOINTMENTS_TABS.map((t) => ({
                  value: t.value,
                  tabId: tabId(t.value),
                  panelId: panelId(t.value),
                  label: (
                    <>
                      {t.label}
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums">
                        {counts?.[t.value] ?? 0}
                      </span>
                    </>
                  ),
                }))}
              />
              <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="pt-6">
                {shown.length === 0 ? (
                  <EmptyState
                    icon={CalendarX}
                    title={MY_APPOINTMENTS_MSG.empty}
                    className="rounded-2xl border border-dashed border-slate-300 bg-white"
                    action={
                      <Link to={paths.appointment} className={buttonClasses()}>
                        Đặt lịch khám
                      </Link>
                    }
                  />
                ) : (
                  <>
                    <ul className="grid gap-4 md:grid-cols-2">
                      {visible.map((appointment) => (
                        <li key={appointment.id} className="min-w-0">
                          <MyAppointmentCard
                            appointment={appointment}
                            onCancel={
                              patientMayCancel(appointment.status) ? () => setCancelling(appointment) : undefined
                            }
                          />
                        </li>
                      ))}
                    </ul>
                    <Pagination
                      className="mt-6"
                      page={currentPage}
                      pageSize={PAGE_SIZE}
                      total={shown.length}
                      onPageChange={setPage}
                      previousLabel="Trước"
                      nextLabel="Sau"
                      summary={(from, to, total) => `Hiển thị ${from}-${to} trong ${total} lịch hẹn`}
                    />
                  </>
                )}
              </div>
            </>
          )}
        </QueryState>
      </div>

      {user?.role === 'PATIENT' && <ClaimWithCode />}

      {cancelling && <CancelMyAppointmentDialog appointment={cancelling} onClose={() => setCancelling(null)} />}
    </PageContainer>
  );
}

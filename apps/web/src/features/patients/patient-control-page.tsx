import { useState } from 'react';
import { RefreshCw, UserPlus, UserSearch } from 'lucide-react';
import {
  APPOINTMENT_LIMITS,
  can,
  PATIENT_FILTER_LABELS,
  PATIENT_FILTERS,
  PATIENT_MSG,
  PATIENT_PAGE_SIZE,
  type PatientSummary,
} from '@clinic/shared';
import { ErrorBoundary } from '@/components/error-boundary';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { QueryList } from '@/components/ui/query-list';
import { Pagination } from '@/components/ui/pagination';
import { SearchField } from '@/components/ui/search-field';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';
import { usePatients } from './api/get-patients';
import { AddPatientModal } from './components/add-patient-modal';
import { ExaminationNotesModal } from './components/examination-notes-modal';
import { NoShowDialog } from './components/no-show-dialog';
import { PatientCards } from './components/patient-cards';
import { PatientDetailModal } from './components/patient-detail-modal';
import type { PatientAction } from './components/patient-parts';
import { PatientTable } from './components/patient-table';
import { usePatientListState } from './hooks/use-patient-list-state';
import { usePastTheEnd } from '@/hooks/use-past-the-end';
import { useBackOfficeLanguage, useBackOfficeText } from '@/hooks/use-back-office-text';

const FILTER_OPTIONS = PATIENT_FILTERS.map((value) => ({ value, label: PATIENT_FILTER_LABELS[value] }));

/**
 * /admin/patients — Patient Control (ADMIN, DOCTOR, STAFF): patients derived from appointments
 * grouped by e-mail, paged on the server. A doctor sees only the patients of his appointments and
 * examines them from here: notes (with a follow-up) or no show, on the visit he chooses among those
 * that have come (today's first, preselected).
 */
export default function PatientControlPage() {
  const user = useCurrentUser();
  const doctor = user.role === 'DOCTOR';
  const t = useBackOfficeText();
  const language = useBackOfficeLanguage();
  usePageTitle(doctor ? `${t('Patient Control')} · ${t('Your Assigned Patients')}` : t('Patient Control'));
  const { params, update } = usePatientListState();
  const query = usePatients(params);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<{ action: PatientAction; patient: PatientSummary } | null>(null);
  const close = () => setDialog(null);
  const data = query.data;
  const items = data?.items ?? [];

  const pastTheEnd = usePastTheEnd(
    data && { shown: items.length, total: data.total, totalPages: data.totalPages },
    params.page,
    update,
  );
  const filtered = params.q !== '' || params.filter !== 'all';
  const visits = dialog?.patient.actionableAppointments ?? [];

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('Patient Control')}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {doctor
              ? `${t('Your Assigned Patients')}: bệnh nhân của các lịch hẹn được chỉ định cho bạn. Ghi chú khám, hẹn tái khám hoặc đánh dấu vắng mặt ngay tại đây.`
              : 'Bệnh nhân của phòng khám, tổng hợp từ lịch hẹn theo email: số lịch hẹn, lần khám gần nhất và lịch hẹn tiếp theo.'}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-auto">
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Làm mới
          </Button>
          {can(user.role, 'createPatientAccounts') && (
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden="true" className="size-4" />
              {t('Add Patient')}
            </Button>
          )}
        </div>
      </header>
      {adding && <AddPatientModal onClose={() => setAdding(false)} />}

      <PatientCards cards={data?.cards} />

      <div
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        role="search"
        aria-label="Tìm kiếm bệnh nhân"
      >
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <SearchField
            id="patient-search"
            label="Tìm kiếm"
            value={params.q}
            onSearch={(q) => update({ q })}
            maxLength={APPOINTMENT_LIMITS.searchQuery}
            placeholder={t('Search patients...')}
          />
          <FilterSelect
            id="patient-filter"
            label="Lọc"
            value={params.filter}
            onChange={(filter) => update({ filter: filter as typeof params.filter })}
            options={FILTER_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
          />
        </div>
      </div>

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {data && !query.isPlaceholderData ? `Tìm thấy ${data.total} bệnh nhân` : ''}
      </p>

      <ErrorBoundary>
        <QueryList
          query={{ ...query, isPending: query.isPending || pastTheEnd }}
          loadingLabel="Đang tải danh sách bệnh nhân..."
          errorTitle={t(PATIENT_MSG.loadFailed)}
          errorText={t}
          hasData={data !== undefined}
          isEmpty={items.length === 0}
          empty={
            filtered ? (
              <EmptyState
                icon={UserSearch}
                title="Không tìm thấy bệnh nhân phù hợp"
                description={`Hãy thử tên, email hoặc số điện thoại khác, hoặc chọn ${t(PATIENT_FILTER_LABELS.all)}.`}
              />
            ) : (
              <EmptyState
                title="Chưa có bệnh nhân nào"
                description={
                  doctor
                    ? 'Bệnh nhân sẽ xuất hiện khi bạn chấp nhận lịch hẹn được chỉ định.'
                    : 'Bệnh nhân xuất hiện khi lịch hẹn của họ được xác nhận.'
                }
              />
            )
          }
          footer={
            data && (
              <Pagination
                page={data.page}
                pageSize={data.size || PATIENT_PAGE_SIZE}
                total={data.total}
                onPageChange={(page) => update({ page })}
                previousLabel={t('Previous')}
                nextLabel={t('Next')}
                summary={
                  language === 'vi'
                    ? (from, to, total) => `Hiển thị ${from} đến ${to} trong ${total} kết quả`
                    : undefined
                }
              />
            )
          }
        >
          <PatientTable
            items={items}
            showActions={doctor}
            onAction={(action, patient) => setDialog({ action, patient })}
          />
        </QueryList>
      </ErrorBoundary>

      {dialog?.action === 'detail' && <PatientDetailModal patient={dialog.patient} onClose={close} />}
      {dialog?.action === 'notes' && visits.length > 0 && (
        <ExaminationNotesModal patientName={dialog.patient.fullName} visits={visits} onClose={close} />
      )}
      {dialog?.action === 'no-show' && visits.length > 0 && (
        <NoShowDialog patientName={dialog.patient.fullName} visits={visits} onClose={close} />
      )}
    </div>
  );
}

import { ClipboardList } from 'lucide-react';
import { MY_APPOINTMENTS_MSG } from '@clinic/shared';
import { PageContainer } from '@/components/page-container';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/hooks/use-auth';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMyMedicalHistory } from './api/get-my-medical-history';
import { MedicalHistoryEntry } from './components/medical-history-entry';

/** Medical history (PRODUCT.md section 6): the patient's completed visits, newest first, with the doctor's notes. */
export default function MedicalHistoryPage() {
  usePageTitle(MY_APPOINTMENTS_MSG.historyTitle);
  const { token } = useAuth();
  const history = useMyMedicalHistory(token);

  return (
    <PageContainer className="max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{MY_APPOINTMENTS_MSG.historyTitle}</h1>
      <p className="mt-1 text-slate-600">Các lần khám đã hoàn thành cùng kết luận của bác sĩ.</p>

      <div className="mt-6">
        {history.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label="Đang tải lịch sử khám bệnh..." />
          </div>
        ) : history.isError ? (
          <LoadErrorAlert
            title={MY_APPOINTMENTS_MSG.historyLoadFailed}
            message={history.error.message}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : history.data.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title={MY_APPOINTMENTS_MSG.historyEmpty}
            description={MY_APPOINTMENTS_MSG.historyEmptyHint}
            className="rounded-2xl border border-dashed border-slate-300 bg-white"
          />
        ) : (
          <ol className="space-y-4" aria-label="Các lần khám">
            {history.data.map((visit) => (
              <li key={visit.id}>
                <MedicalHistoryEntry visit={visit} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </PageContainer>
  );
}

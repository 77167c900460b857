import { ClipboardList } from 'lucide-react';
import { MY_APPOINTMENTS_MSG } from '@clinic/shared';
import { QueryState } from '@/components/ui/query-state';
import { PageContainer } from '@/components/page-container';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuth } from '@/hooks/use-auth';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMyMedicalHistory } from './api/get-my-medical-history';
import { MedicalHistoryEntry } from './components/medical-history-entry';

/** Medical history (docs/PRODUCT.md §6): the patient's completed visits, newest first, with the doctor's notes. */
export default function MedicalHistoryPage() {
  usePageTitle(MY_APPOINTMENTS_MSG.historyTitle);
  const { token } = useAuth();
  const history = useMyMedicalHistory(token);

  return (
    <PageContainer className="max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{MY_APPOINTMENTS_MSG.historyTitle}</h1>
      <p className="mt-1 text-slate-600">Các lần khám đã hoàn thành cùng kết luận của bác sĩ.</p>

      <div className="mt-6">
        <QueryState
          query={history}
          loadingLabel="Đang tải lịch sử khám bệnh..."
          errorTitle={MY_APPOINTMENTS_MSG.historyLoadFailed}
        >
          {(visits) =>
            visits.length === 0 ? (
              <EmptyState
                icon={ClipboardList}
                title={MY_APPOINTMENTS_MSG.historyEmpty}
                description={MY_APPOINTMENTS_MSG.historyEmptyHint}
                className="rounded-2xl border border-dashed border-slate-300 bg-white"
              />
            ) : (
              <ol className="space-y-4" aria-label="Các lần khám">
                {visits.map((visit) => (
                  <li key={visit.id}>
                    <MedicalHistoryEntry visit={visit} />
                  </li>
                ))}
              </ol>
            )
          }
        </QueryState>
      </div>
    </PageContainer>
  );
}

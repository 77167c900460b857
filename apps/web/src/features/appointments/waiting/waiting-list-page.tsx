import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useWaitingEntry } from '../api/get-waiting-entry';
import { PrivateLinkPage } from '../shared/private-link-page';
import { WaitingEntryPanel } from './components/waiting-entry-panel';

export const WAITING_TITLE = 'Danh sách chờ';

/**
 * /appointment/waiting/:token (docs/PRODUCT.md §10): the visitor waiting for a full slot sees her
 * place in line, claims the place offered to her with one click, or leaves. Never indexed.
 */
export default function WaitingListPage() {
  const { token = '' } = useParams();
  return (
    <PrivateLinkPage
      title={WAITING_TITLE}
      intro="Khi khung giờ bạn chờ có chỗ trống, chỗ được giữ cho bạn và bạn nhận chỗ ngay tại đây."
      query={useWaitingEntry(token)}
      invalidTitle="Không mở được danh sách chờ"
      loadFailed="Không thể tải danh sách chờ"
      loading={
        <div className="flex min-h-64 items-center justify-center rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <Spinner size="lg" label="Đang tải danh sách chờ..." />
        </div>
      }
    >
      {(entry) => <WaitingEntryPanel token={token} entry={entry} />}
    </PrivateLinkPage>
  );
}

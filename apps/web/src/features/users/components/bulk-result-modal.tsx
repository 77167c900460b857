import type { UserBulkResult } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/** After a bulk change that could not do everything: which users were skipped or failed, and why. */
export function BulkResultModal({
  title,
  result,
  names,
  onClose,
}: {
  title: string;
  result: UserBulkResult;
  names: ReadonlyMap<number, string>;
  onClose: () => void;
}) {
  const notDone = result.results.filter((r) => r.outcome !== 'success');
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      closeLabel="Close"
      footer={
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      <div className="space-y-3 text-sm">
        <p role="status" className="font-medium text-slate-900">
          {result.message}
        </p>
        <ul aria-label="Users not changed" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {notDone.map((r) => (
            <li key={r.id} className="px-3 py-2">
              <span className="font-medium text-slate-900">{names.get(r.id) ?? `#${r.id}`}</span>
              <span className="ml-2 text-xs font-medium text-slate-500 uppercase">
                {r.outcome === 'failed' ? 'Failed' : 'Skipped'}
              </span>
              {r.reason && <span className="block text-slate-600">{r.reason}</span>}
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}

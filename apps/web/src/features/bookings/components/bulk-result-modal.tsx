import { CircleCheck, CircleX, SkipForward } from 'lucide-react';
import { SPECIALTY_TEXT, type BulkResult } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { cn } from '@/lib/cn';

const OUTCOMES = {
  success: { label: 'Thành công', icon: CircleCheck, tone: 'text-emerald-700 bg-emerald-50' },
  skipped: { label: 'Bỏ qua', icon: SkipForward, tone: 'text-amber-800 bg-amber-50' },
  failed: { label: 'Thất bại', icon: CircleX, tone: 'text-red-700 bg-red-50' },
} as const;

/** What a bulk action did to each appointment, with the reason of each one skipped or failed. */
export function BulkResultModal({
  title,
  result,
  names,
  onClose,
}: {
  title: string;
  result: BulkResult;
  names: ReadonlyMap<number, string>;
  onClose: () => void;
}) {
  const outside = new Set(result.outsideSpecialty ?? []);
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={title}
      footer={
        <Button onClick={onClose} data-autofocus>
          Đóng
        </Button>
      }
    >
      <div className="space-y-4">
        <ul className="grid grid-cols-3 gap-2" aria-label="Tổng kết">
          {(Object.keys(OUTCOMES) as (keyof typeof OUTCOMES)[]).map((outcome) => {
            const { label, icon: Icon, tone } = OUTCOMES[outcome];
            return (
              <li key={outcome} className={cn('flex items-center gap-2 rounded-lg px-3 py-2', tone)}>
                <Icon aria-hidden="true" className="size-5" />
                <span className="text-sm font-medium">{label}</span>
                <span className="ml-auto text-lg font-bold tabular-nums">{result[outcome]}</span>
              </li>
            );
          })}
        </ul>
        {outside.size > 0 && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            {SPECIALTY_TEXT.outsideCount(outside.size)}
          </p>
        )}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Kết quả từng lịch hẹn">
          {result.results.map((r) => {
            const { label, icon: Icon, tone } = OUTCOMES[r.outcome];
            return (
              <li key={r.id} className="flex items-start gap-3 px-3 py-2 text-sm">
                <span className={cn('mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full', tone)}>
                  <Icon aria-hidden="true" className="size-4" />
                  <span className="sr-only">{label}</span>
                </span>
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">
                    #{r.id} {names.get(r.id) ?? ''}
                  </span>
                  {outside.has(r.id) && (
                    <span className="block">
                      <Badge tone="warning">{SPECIALTY_TEXT.outside}</Badge>
                    </span>
                  )}
                  {r.reason && <span className="block text-slate-600">{r.reason}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </Modal>
  );
}

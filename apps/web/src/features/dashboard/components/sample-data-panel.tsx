import { useState } from 'react';
import toast from 'react-hot-toast';
import { Database, Wrench } from 'lucide-react';
import { DASHBOARD_MSG, SAMPLE_DATA, type SampleDataProgress } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useGenerateSampleData } from '../api/generate-sample-data';
import { monthLabel } from './month-chart';

/**
 * Developer tools (ADMIN, outside production): the sample-data generator runs on the server, six
 * months of 8 to 15 appointments each, and reports each month as it is written.
 */
export function SampleDataPanel() {
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<SampleDataProgress | null>(null);
  const generate = useGenerateSampleData(setProgress);
  const percent = progress ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <section
      aria-labelledby="dev-tools-title"
      className="rounded-xl border border-dashed border-slate-300 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dev-tools-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Wrench aria-hidden="true" className="size-4 text-slate-500" />
          Công cụ nhà phát triển
        </h2>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            role="switch"
            className="peer sr-only"
            checked={open}
            onChange={(event) => setOpen(event.target.checked)}
          />
          <span
            aria-hidden="true"
            className="relative h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5"
          />
          Hiện công cụ
        </label>
      </div>
      {open && (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-600">
            Tạo lịch hẹn mẫu cho {SAMPLE_DATA.months} tháng gần nhất ({SAMPLE_DATA.minPerMonth}–
            {SAMPLE_DATA.maxPerMonth} lịch hẹn mỗi tháng) để xem thử dashboard. Chỉ dùng trên hệ thống thử nghiệm; máy
            chủ đang vận hành luôn từ chối.
          </p>
          {generate.isError && <Alert tone="error">{errorMessage(generate.error, DASHBOARD_MSG.sampleFailed)}</Alert>}
          {(generate.isPending || progress) && (
            <div className="space-y-1">
              <div
                role="progressbar"
                aria-label="Tiến độ tạo dữ liệu mẫu"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={
                  progress ? `${progress.done}/${progress.total} tháng, ${progress.created} lịch hẹn` : 'Đang bắt đầu'
                }
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
              </div>
              <p className="text-xs text-slate-600" aria-live="polite">
                {progress
                  ? progress.finished
                    ? `${DASHBOARD_MSG.sampleDone}: ${progress.created} lịch hẹn.`
                    : `Đã xong ${progress.done}/${progress.total} tháng${progress.month ? ` (tháng ${monthLabel(progress.month)})` : ''} · ${progress.created} lịch hẹn`
                  : 'Đang bắt đầu...'}
              </p>
            </div>
          )}
          <Button
            variant="secondary"
            loading={generate.isPending}
            onClick={() => {
              setProgress(null);
              generate.mutate(undefined, {
                onSuccess: (last) => toast.success(`${DASHBOARD_MSG.sampleDone}: ${last.created} lịch hẹn`),
                onError: (error) => toast.error(errorMessage(error, DASHBOARD_MSG.sampleFailed)),
              });
            }}
          >
            <Database aria-hidden="true" className="size-4" />
            {generate.isPending ? 'Đang tạo dữ liệu mẫu...' : 'Tạo dữ liệu mẫu'}
          </Button>
        </div>
      )}
    </section>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/form-field';

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * A new calendar link, shown this once (the server keeps only its hash): the address in a read-only
 * field with 'Sao chép', and how to add it to a phone's calendar. Where the clipboard cannot be used
 * (an insecure origin, a refusal), the address is selected for the doctor to copy by hand.
 * It appears only when a link was just made, so the focus goes to the address (selected, ready to copy);
 * give it a new `key` for each new link.
 */
export function CalendarFeedLink({ url }: { url: string }) {
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopyState('selected');
    }
  }

  return (
    <div className="space-y-4 rounded-xl border border-brand-100 bg-brand-50/40 p-4">
      <div className="space-y-1.5">
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          Liên kết lịch của bạn
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={fieldId}
            ref={inputRef}
            type="text"
            value={url}
            readOnly
            spellCheck={false}
            aria-describedby={hintId}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 font-mono"
          />
          <Button variant="secondary" onClick={() => void copy()} className="self-start sm:self-auto">
            {copyState === 'copied' ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copyState === 'copied' ? 'Đã sao chép' : 'Sao chép'}
          </Button>
        </div>
        <p id={hintId} className="text-xs text-slate-600">
          Ai có liên kết này đều xem được lịch khám của bạn: đừng chia sẻ nó.
        </p>
        {/* 'Đã sao chép' on the button says it to the eye; a screen reader hears it here. */}
        <p role="status" className={copyState === 'selected' ? 'text-sm text-slate-700' : 'sr-only'}>
          {copyState === 'copied' && 'Đã sao chép liên kết.'}
          {copyState === 'selected' &&
            'Không sao chép tự động được: liên kết đã được chọn, hãy nhấn Ctrl+C (hoặc nhấn giữ rồi chọn Sao chép).'}
        </p>
      </div>

      <div className="text-sm text-slate-700">
        <h3 className="font-semibold text-slate-900">Cách thêm vào ứng dụng lịch</h3>
        <ul className="mt-2 list-disc space-y-1.5 pl-5">
          <li>
            <strong className="font-medium text-slate-900">Google Calendar (Android):</strong> trên trình duyệt, mở
            calendar.google.com → <em className="not-italic font-medium">Thêm lịch</em> (dấu + cạnh “Lịch khác”) →{' '}
            <em className="not-italic font-medium">Từ URL</em>, dán liên kết. Lịch sẽ hiện trong ứng dụng Google
            Calendar trên điện thoại.
          </li>
          <li>
            <strong className="font-medium text-slate-900">iPhone (Apple Calendar):</strong>{' '}
            <em className="not-italic font-medium">
              Cài đặt → Lịch → Tài khoản → Thêm tài khoản → Khác → Thêm lịch đăng ký
            </em>
            , dán liên kết.
          </li>
        </ul>
        <p className="mt-2 text-xs text-slate-600">
          Ứng dụng lịch tự làm mới theo chu kỳ của nó: thay đổi có thể hiện sau vài giờ.
        </p>
      </div>
    </div>
  );
}

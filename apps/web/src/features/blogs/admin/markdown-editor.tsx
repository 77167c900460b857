import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { FieldMessages, Textarea } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';
import { TabList } from '@/components/ui/tab-list';

type MarkdownEditorProps = {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** The registered textarea's props (name, ref, onChange, onBlur). */
  textareaProps: React.ComponentProps<typeof Textarea>;
};

type Mode = 'write' | 'preview';

// The Markdown renderer loads with the first preview, not with the page.
const MarkdownContent = lazy(() => import('../shared/markdown-content').then((m) => ({ default: m.MarkdownContent })));

/**
 * A Markdown textarea with a preview tab. The preview uses the public post's renderer, so what
 * staff see is what readers get (raw HTML shown as text, unsafe links dropped).
 */
export function MarkdownEditor({ label, value, error, hint, required, textareaProps }: MarkdownEditorProps) {
  const [mode, setMode] = useState<Mode>('write');
  const baseId = useId();
  const textareaId = `${baseId}-textarea`;
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const tabs = [
    { value: 'write' as const, label: 'Soạn thảo', tabId: `${baseId}-tab-write`, panelId: `${baseId}-panel-write` },
    {
      value: 'preview' as const,
      label: 'Xem trước',
      tabId: `${baseId}-tab-preview`,
      panelId: `${baseId}-panel-preview`,
    },
  ];

  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label
          htmlFor={textareaId}
          className={cn(
            'block text-sm font-medium text-slate-800',
            required && "after:ml-0.5 after:text-red-700 after:content-['*']",
          )}
        >
          {label}
        </label>
        <TabList label={`${label}: chế độ`} tabs={tabs} value={mode} onChange={setMode} size="sm" />
      </div>
      <div id={tabs[0]!.panelId} role="tabpanel" aria-labelledby={tabs[0]!.tabId} hidden={mode !== 'write'}>
        <Textarea
          id={textareaId}
          rows={14}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-required={required || undefined}
          className="leading-6"
          placeholder={
            '## Tiêu đề mục\n\nNội dung bài viết, hỗ trợ **in đậm**, *in nghiêng*, danh sách, bảng và liên kết.'
          }
          {...textareaProps}
        />
      </div>
      <div
        id={tabs[1]!.panelId}
        role="tabpanel"
        aria-labelledby={tabs[1]!.tabId}
        hidden={mode !== 'preview'}
        tabIndex={0}
        className="max-h-[28rem] min-h-40 overflow-y-auto rounded-lg border border-slate-200 bg-white px-4 py-3"
      >
        {mode === 'preview' &&
          (value.trim() ? (
            <Suspense fallback={<Spinner label="Đang tạo bản xem trước..." />}>
              <MarkdownContent>{value}</MarkdownContent>
            </Suspense>
          ) : (
            <p className="text-sm text-slate-500">Chưa có nội dung để xem trước.</p>
          ))}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

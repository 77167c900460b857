import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useBackCloses } from '@/hooks/use-back-closes';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: keyof typeof SIZES;
  /** Closing by Escape, the overlay or the close button is refused while true (e.g. saving). */
  preventClose?: boolean;
  closeLabel?: string;
};

export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  preventClose,
  closeLabel = 'Đóng',
}: ModalProps) {
  if (!open) return null;
  return createPortal(
    <ModalPanel
      onClose={preventClose ? () => {} : onClose}
      title={title}
      description={description}
      footer={footer}
      size={size}
      closeLabel={closeLabel}
    >
      {children}
    </ModalPanel>,
    document.body,
  );
}

function ModalPanel({
  onClose,
  title,
  description,
  children,
  footer,
  size,
  closeLabel,
}: Required<Pick<ModalProps, 'onClose' | 'size' | 'closeLabel'>> &
  Pick<ModalProps, 'title' | 'description' | 'children' | 'footer'>) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useFocusTrap(panelRef, true, onClose);
  useBackCloses(onClose);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[90vh] w-full flex-col rounded-t-2xl bg-white shadow-xl sm:rounded-2xl',
          SIZES[size],
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="-m-1 rounded-lg p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {/* Focusable, so a keyboard can scroll a long body (a detail, a report). */}
        {children && (
          <div
            tabIndex={0}
            className="overflow-y-auto px-5 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40 focus-visible:ring-inset"
          >
            {children}
          </div>
        )}
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
      </div>
    </div>
  );
}

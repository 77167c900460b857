import type { InputHTMLAttributes, Ref } from 'react';
import { PRIVACY_NOTICE, PRIVACY_TEXT } from '@clinic/shared';

type ConsentCheckboxProps = {
  id: string;
  /** The purpose in one sentence (docs/PRODUCT.md §12). */
  label: string;
  error?: string | undefined;
  /** react-hook-form's register(...) of the field. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
};

/**
 * An explicit consent: a box that starts unticked, its purpose, and the privacy notice one click
 * away (in a new tab, so nothing typed is lost). The server refuses the request without it.
 */
export function ConsentCheckbox({ id, label, error, inputProps }: ConsentCheckboxProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          {...inputProps}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700"
        />
        <div className="text-sm leading-6 text-slate-700">
          <label htmlFor={id} className="cursor-pointer">
            {label}
          </label>{' '}
          <a
            href={PRIVACY_NOTICE.path}
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {PRIVACY_TEXT.readNotice}
          </a>
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
};

type FormFieldProps = {
  label: ReactNode;
  /** Id of the control; one is made up when absent. */
  id?: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Receives the id and aria attributes to spread on the control. */
  children: (control: FieldControlProps) => ReactNode;
};

/** A label, a control, a hint and an error, wired together for assistive technology. */
export function FormField({ label, id, error, hint, required, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      {/* The required star is drawn by CSS so the label's accessible name stays the plain text. */}
      <label
        htmlFor={controlId}
        className={cn(
          'block text-sm font-medium text-slate-800',
          required && "after:ml-0.5 after:text-red-700 after:content-['*']",
        )}
      >
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The hint and the error under a control, with the ids its aria-describedby points at. */
export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

export const inputClasses = cn(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm sm:text-sm',
  'placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600',
  'aria-invalid:border-red-600 aria-invalid:focus:ring-red-600/30',
);

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };

export function Input({ className, ...rest }: InputProps) {
  return <input className={cn(inputClasses, className)} {...rest} />;
}

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> };

export function Textarea({ className, ...rest }: TextareaProps) {
  return <textarea className={cn(inputClasses, 'min-h-24', className)} {...rest} />;
}

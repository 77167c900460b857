import { useEffect, useRef } from 'react';

/** The header checkbox of a selectable list: ticked when every row is, half-ticked when some are. */
export function SelectAllCheckbox({
  count,
  selected,
  onToggleAll,
  label,
}: {
  count: number;
  selected: number;
  onToggleAll: (checked: boolean) => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const all = count > 0 && selected === count;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selected > 0 && !all;
  }, [selected, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={all}
      disabled={count === 0}
      onChange={(event) => onToggleAll(event.target.checked)}
      aria-label={label}
      className="size-4 rounded border-slate-300 accent-brand-700"
    />
  );
}

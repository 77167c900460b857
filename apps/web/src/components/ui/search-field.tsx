import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/cn';
import { inputClasses } from './form-field';

type SearchFieldProps = {
  id: string;
  label: string;
  /** The search the list shows now (from the address). */
  value: string;
  /** Called once typing pauses, or on Enter. */
  onSearch: (text: string) => void;
  placeholder?: string;
  maxLength?: number;
  className?: string;
};

/** A search box that searches once typing pauses (350 ms), or at once on Enter. */
export function SearchField({ id, label, value, onSearch, placeholder, maxLength, className }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), 350);

  // The box follows a search changed elsewhere (a cleared filter, a link), but not the echo of its
  // own search, which would undo what was typed since.
  const [sent, setSent] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (value !== sent) setText(value);
  }

  const search = (q: string) => {
    setSent(q);
    onSearch(q);
  };
  // Only a new debounced text searches: the search changing from elsewhere must not re-send the old text.
  const latest = useRef({ value, search });
  useEffect(() => {
    latest.current = { value, search };
  });
  useEffect(() => {
    if (debounced !== latest.current.value) latest.current.search(debounced);
  }, [debounced]);

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={maxLength}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') search(text.trim());
          }}
          placeholder={placeholder}
          className={cn(inputClasses, 'pl-9')}
        />
      </div>
    </div>
  );
}

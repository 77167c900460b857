import { useEffect, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { BLOG_LIMITS } from '@clinic/shared';
import { inputClasses } from '@/components/ui/form-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/cn';

export const SEARCH_DEBOUNCE_MS = 350;

type BlogSearchBoxProps = {
  /** The search in the address. */
  value: string;
  /** Called after the visitor stops typing, on Enter, and on clear. */
  onSearch: (q: string) => void;
};

export function BlogSearchBox({ value, onSearch }: BlogSearchBoxProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The address changed by itself (back button, a link): show its search.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  // Kept in a ref so a new callback from the parent does not restart the wait.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  // A pause in typing searches; a pause that is out of date (the address changed since) does not.
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled === text && settled !== value) onSearchRef.current(settled);
  }, [settled, text, value]);

  return (
    <form
      role="search"
      aria-label="Tìm kiếm bài viết"
      className="relative w-full"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <label htmlFor="blog-search" className="sr-only">
        Tìm kiếm bài viết
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
      />
      <input
        id="blog-search"
        type="search"
        value={text}
        maxLength={BLOG_LIMITS.searchQuery}
        onChange={(event) => setText(event.target.value)}
        placeholder="Tìm kiếm bài viết..."
        autoComplete="off"
        enterKeyHint="search"
        className={cn(inputClasses, 'h-11 pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden')}
      />
      {text && (
        <button
          type="button"
          aria-label="Xóa tìm kiếm"
          onClick={() => {
            setText('');
            onSearch('');
          }}
          className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </form>
  );
}

import { BLOG_CATEGORY_CHIPS, type BlogCategoryKey } from '@clinic/shared';
import { cn } from '@/lib/cn';

/** The category filter of /blog: toggle buttons, exactly one pressed. */
export function CategoryChips({
  value,
  onChange,
}: {
  value: BlogCategoryKey;
  onChange: (key: BlogCategoryKey) => void;
}) {
  return (
    <div role="group" aria-label="Lọc theo chủ đề" className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
        {BLOG_CATEGORY_CHIPS.map((chip) => {
          const pressed = chip.key === value;
          return (
            <li key={chip.key}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onChange(chip.key)}
                className={cn(
                  'inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors',
                  pressed
                    ? 'border-brand-700 bg-brand-700 text-white shadow-sm'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-800',
                )}
              >
                {chip.label}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

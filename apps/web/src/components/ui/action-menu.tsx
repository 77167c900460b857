import { useCallback, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { useDismiss } from '@/hooks/use-dismiss';
import { cn } from '@/lib/cn';

export type ActionMenuItem = {
  key: string;
  label: string;
  icon?: LucideIcon;
  onSelect: () => void;
  tone?: 'default' | 'danger';
};

type ActionMenuProps = {
  /** The button's name for a screen reader: 'Thao tác cho lịch hẹn #12'. */
  label: string;
  items: readonly ActionMenuItem[];
  /** Shown on the button next to the icon (none: an icon button). */
  text?: string;
  align?: 'left' | 'right';
};

/** Room kept between a menu and the window's edge. */
const EDGE = 8;

type Placement = { up: boolean; maxHeight: number | undefined; shift: number };

/**
 * Where the menu fits on screen (issue 25, defect 3: a menu at the foot of a window opened below a
 * 1366×768 screen): below the button when it fits, above when there is more room there, its height
 * bounded by the room (it scrolls) and shifted sideways to stay inside the window's width.
 */
export function placeMenu(
  button: { top: number; bottom: number },
  menu: { height: number; left: number; right: number },
  viewport: { width: number; height: number },
): Placement {
  const below = viewport.height - button.bottom - EDGE;
  const above = button.top - EDGE;
  const up = menu.height > below && above > below;
  const room = Math.max(up ? above : below, 0);
  const shift =
    menu.right > viewport.width - EDGE
      ? Math.max(viewport.width - EDGE - menu.right, EDGE - menu.left)
      : menu.left < EDGE
        ? EDGE - menu.left
        : 0;
  return { up, maxHeight: menu.height > room ? room : undefined, shift };
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape, Tab or a click outside close it. The menu
 * stays on screen, opening upwards or scrolling when the room below is short.
 */
export function ActionMenu({ label, items, text, align = 'right' }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);

  // Placed before the browser paints the opened menu, so it never shows off screen first, and again
  // when the page or a box around it scrolls. Fixed to the window, so no scrolling box around it (a
  // table, a window's body) clips it; the element's own style, as the placement is the screen's.
  const place = useCallback(() => {
    const button = buttonRef.current?.getBoundingClientRect();
    const menu = menuRef.current;
    if (!button || !menu) return;
    const width = menu.offsetWidth;
    const left = align === 'right' ? button.right - width : button.left;
    menu.style.maxHeight = '';
    const { up, maxHeight, shift } = placeMenu(
      button,
      { height: menu.scrollHeight, left, right: left + width },
      { width: window.innerWidth, height: window.innerHeight },
    );
    Object.assign(menu.style, {
      position: 'fixed',
      top: up ? 'auto' : `${button.bottom + 4}px`,
      bottom: up ? `${window.innerHeight - button.top + 4}px` : 'auto',
      left: `${left + shift}px`,
      right: 'auto',
      margin: '0',
      maxHeight: maxHeight === undefined ? '' : `${maxHeight - 4}px`,
    });
  }, [align]);
  useLayoutEffect(() => {
    if (!open) return;
    place();
    const onScroll = (event: Event) => {
      if (!(event.target instanceof Node && menuRef.current?.contains(event.target))) place();
    };
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', place);
    };
  }, [open, place]);

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };
  const openAt = (index: number) => {
    setOpen(true);
    // The items exist once this render commits.
    requestAnimationFrame(() => focusItem(index));
  };
  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  useDismiss(containerRef, open, () => close(false));

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    if (event.key === 'ArrowDown') focusItem(current + 1);
    else if (event.key === 'ArrowUp') focusItem(current - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(items.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') return close(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  if (items.length === 0) return null;
  return (
    <div ref={containerRef} className="relative inline-block">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={text ? undefined : label}
        title={text ? undefined : label}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className={cn(
          'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50',
          text ? 'px-3' : 'w-9',
        )}
      >
        {text && <span className="sr-only">{label}: </span>}
        {text}
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className={cn(
            // Absolute until placed (the first layout), then fixed above windows (z-50).
            'absolute top-full z-[60] mt-1 min-w-56 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white py-1 shadow-lg',
            align === 'right' ? 'right-0' : 'left-0',
          )}
        >
          {items.map((item, index) => {
            const Icon = item.icon;
            return (
              <button
                key={item.key}
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
                className={cn(
                  'flex w-full items-center gap-2.5 px-3.5 py-2 text-left text-sm focus:outline-none',
                  item.tone === 'danger'
                    ? 'text-red-700 hover:bg-red-50 focus:bg-red-50'
                    : 'text-slate-700 hover:bg-brand-50 focus:bg-brand-50 focus:text-brand-900',
                )}
              >
                {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

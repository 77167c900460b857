import { useCallback, useMemo, useState } from 'react';

/**
 * The rows ticked in one view of a server-paged table. The selection belongs to that view:
 * another page, filter or sort starts empty, and a row that left the page drops out of it.
 * `selectable` leaves rows out of "select all" (an administrator's account, say).
 */
export function useViewSelection<T extends { id: number }>(view: unknown, items: readonly T[], selectable: (item: T) => boolean = () => true) {
  const viewKey = JSON.stringify(view);
  const [selection, setSelection] = useState<{ viewKey: string; ids: ReadonlySet<number> }>({ viewKey, ids: new Set() });
  const selected = useMemo(() => {
    if (selection.viewKey !== viewKey) return new Set<number>();
    return new Set(items.filter((item) => selection.ids.has(item.id) && selectable(item)).map((item) => item.id));
    // `selectable` is a rule, not state: a new function each render must not recompute the set.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection, viewKey, items]);
  const setSelected = useCallback((ids: ReadonlySet<number>) => setSelection({ viewKey, ids }), [viewKey]);

  return {
    selected,
    setSelected,
    clear: () => setSelected(new Set()),
    toggle: (id: number) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setSelected(next);
    },
    toggleAll: (checked: boolean) => setSelected(checked ? new Set(items.filter(selectable).map((item) => item.id)) : new Set()),
  };
}

import { useCallback, useMemo, useState } from 'react';

const always = () => true;

/**
 * The rows ticked on one view of a server-paged list. The selection belongs to that view: another
 * page, search, filter or sort (another `viewKey`) starts empty, and only rows still shown and
 * `selectable` count.
 */
export function usePageSelection<T extends { id: number }>(
  viewKey: string,
  items: readonly T[],
  selectable: (item: T) => boolean = always,
) {
  const [selection, setSelection] = useState<{ viewKey: string; ids: ReadonlySet<number> }>({
    viewKey,
    ids: new Set(),
  });
  const selected = useMemo(() => {
    if (selection.viewKey !== viewKey) return new Set<number>();
    return new Set(items.filter((item) => selection.ids.has(item.id) && selectable(item)).map((item) => item.id));
  }, [selection, viewKey, items, selectable]);
  const setSelected = useCallback((ids: ReadonlySet<number>) => setSelection({ viewKey, ids }), [viewKey]);
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set(items.filter(selectable).map((item) => item.id)) : new Set());
  const clear = () => setSelected(new Set());
  return { selected, selectedItems: items.filter((item) => selected.has(item.id)), toggle, toggleAll, clear };
}

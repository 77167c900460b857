import { useEffect, useState } from 'react';

/**
 * The cursor of the page on screen (issue 29), for the request of the next page to send: the server
 * then reads page 40,000 from page 39,999's last row instead of counting past 800,000 rows. A
 * cursor never changes which rows a page holds, so it stays out of the query key (a page kept in
 * the cache is the same page), and the server ignores one of the previous filter or sort. Kept
 * outside React's state: it draws nothing.
 */
class CursorOnScreen {
  private value: string | undefined;
  get(): string | undefined {
    return this.value;
  }
  remember(cursor: string | null | undefined) {
    if (cursor) this.value = cursor;
  }
}

/** A list's kept cursor, made once per mounted list. */
export function useKeptCursor(): CursorOnScreen {
  const [kept] = useState(() => new CursorOnScreen());
  return kept;
}

/** Remembers the cursor of the answer on screen once it is drawn. */
export function useRememberCursor(kept: CursorOnScreen, cursor: string | null | undefined) {
  useEffect(() => kept.remember(cursor), [kept, cursor]);
}

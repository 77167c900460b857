import { createContext, useContext, useEffect } from 'react';
import { CLINIC } from '@clinic/shared';

/** "Đặt lịch khám | An Tâm Clinic"; the clinic's short name alone when the title is empty. */
export function formatPageTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed && trimmed !== CLINIC.shortName ? `${trimmed} | ${CLINIC.shortName}` : CLINIC.shortName;
}

/** What a page rendered ahead on the server says of itself, for the HTML's head (entry-server.tsx). */
export type PageHead = { title?: string; description?: string };

/** Given only on the server, where effects never run: told the page's title and description. */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

/** Sets the document title (and the meta description when given) while the page is shown. */
export function usePageTitle(title: string, description?: string): void {
  useContext(PageHeadContext)?.({
    title: formatPageTitle(title),
    ...(description !== undefined ? { description } : {}),
  });
  useEffect(() => {
    const previousTitle = document.title;
    document.title = formatPageTitle(title);
    return () => {
      document.title = previousTitle;
    };
  }, [title]);

  useEffect(() => {
    if (description === undefined) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (meta) meta.content = previous;
    };
  }, [description]);
}

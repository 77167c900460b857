import { useEffect } from 'react';

/**
 * Asks search engines not to index or follow the page while it is shown (a private link's page):
 * `<meta name="robots" content="noindex, nofollow">`, removed again when the page goes.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

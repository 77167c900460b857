import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

const noSubscription = () => () => {};

/**
 * A post's Markdown, drawn by the Markdown renderer (markdown-renderer.tsx), which loads on demand.
 *
 * A post the server rendered ahead already holds its drawn text: while the page hydrates, the text
 * is taken as the server wrote it, so the browser neither downloads the renderer nor parses the
 * Markdown again (the post page's heaviest work). Another post, or this one changed, is drawn
 * by the renderer as before.
 */
export function MarkdownContent({ children, className }: { children: string; className?: string }) {
  const id = useId();
  // true only while React hydrates markup the server sent (its "server snapshot").
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [drawn] = useState(() => {
    if (!hydrating || typeof document === 'undefined') return null;
    const html = document.getElementById(id)?.innerHTML;
    return html ? { source: children, html } : null;
  });
  const classes = cn(
    'text-base text-slate-700 sm:text-[1.0625rem] [&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
    className,
  );
  if (drawn && drawn.source === children)
    return <div id={id} className={classes} dangerouslySetInnerHTML={{ __html: drawn.html }} />;
  return (
    <div id={id} className={classes}>
      <Suspense fallback={<p className="text-slate-500">Đang tải nội dung…</p>}>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Suspense>
    </div>
  );
}

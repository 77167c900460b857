import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { srcSetOf } from './image-src-set';

/**
 * Links may go to http(s), mailto:, tel:, or stay on this site; images only come from http(s) or
 * this site. Anything else (javascript:, data:, vbscript:, protocol-relative //host) is dropped.
 */
export const safeUrlTransform: UrlTransform = (url, key) => {
  const value = url.trim();
  if (/^[/\\][/\\]/.test(value)) return '';
  // A scheme is what comes before a ':' that precedes any '/', '?' or '#' (as react-markdown reads it).
  const colon = value.indexOf(':');
  const firstDelimiter = Math.min(...['/', '?', '#'].map((c) => (value.includes(c) ? value.indexOf(c) : Infinity)));
  if (colon === -1 || colon > firstDelimiter) return value;
  const scheme = value.slice(0, colon).toLowerCase();
  const allowed = key === 'src' ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel'];
  return allowed.includes(scheme) ? value : '';
};

function isExternal(href: string | undefined): boolean {
  // On the server (a page rendered ahead) every absolute link counts as another site's.
  const origin = typeof window === 'undefined' ? null : window.location.origin;
  return !!href && /^https?:\/\//i.test(href) && (origin === null || !href.startsWith(origin));
}

/** The article's own typography: the page keeps its single h1, so Markdown headings start at h2. */
const components: Components = {
  h1: ({ node: _node, ...props }) => (
    <h2 className="mt-10 mb-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl" {...props} />
  ),
  h2: ({ node: _node, ...props }) => (
    <h2 className="mt-10 mb-4 text-2xl font-bold tracking-tight text-slate-900" {...props} />
  ),
  h3: ({ node: _node, ...props }) => <h3 className="mt-8 mb-3 text-xl font-semibold text-slate-900" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 className="mt-6 mb-2 text-lg font-semibold text-slate-900" {...props} />,
  h5: ({ node: _node, ...props }) => <h4 className="mt-6 mb-2 text-base font-semibold text-slate-900" {...props} />,
  h6: ({ node: _node, ...props }) => <h4 className="mt-6 mb-2 text-base font-semibold text-slate-800" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-5 leading-8" {...props} />,
  a: ({ node: _node, href, ...props }) => (
    <a
      href={href}
      className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-4 hover:text-brand-800 hover:decoration-brand-700"
      {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
      {...props}
    />
  ),
  ul: ({ node: _node, ...props }) => <ul className="my-5 list-disc space-y-2 pl-6 marker:text-brand-600" {...props} />,
  ol: ({ node: _node, ...props }) => (
    <ol className="my-5 list-decimal space-y-2 pl-6 marker:font-semibold marker:text-brand-700" {...props} />
  ),
  li: ({ node: _node, ...props }) => <li className="pl-1 leading-7 [&>p]:my-2" {...props} />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote
      className="my-6 rounded-r-xl border-l-4 border-accent-300 bg-accent-50 px-5 py-1 text-slate-700 italic"
      {...props}
    />
  ),
  strong: ({ node: _node, ...props }) => <strong className="font-semibold text-slate-900" {...props} />,
  hr: ({ node: _node, ...props }) => <hr className="my-10 border-slate-200" {...props} />,
  img: ({ node: _node, alt, src, ...props }) => (
    <img
      alt={alt ?? ''}
      loading="lazy"
      decoding="async"
      className="my-6 h-auto max-w-full rounded-2xl"
      src={src}
      // A stored image comes at the width the article column needs (IMAGE_WIDTHS).
      srcSet={typeof src === 'string' ? srcSetOf(src) : undefined}
      sizes="(min-width: 768px) 720px, 100vw"
      {...props}
    />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre
      className="my-6 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm leading-6 text-slate-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit"
      {...props}
    />
  ),
  code: ({ node: _node, ...props }) => (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-slate-800" {...props} />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-6 overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead className="bg-slate-50" {...props} />,
  th: ({ node: _node, ...props }) => (
    <th className="border-b border-slate-200 px-4 py-2.5 font-semibold text-slate-900" {...props} />
  ),
  td: ({ node: _node, ...props }) => <td className="border-b border-slate-100 px-4 py-2.5 align-top" {...props} />,
};

/**
 * A post's Markdown (with GitHub tables, lists and strikethrough). Raw HTML in the text is dropped,
 * never rendered, and unsafe addresses are removed: nothing an author types can run script.
 * Loaded on demand by MarkdownContent (markdown-content.tsx).
 */
export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrlTransform} components={components}>
      {children}
    </Markdown>
  );
}

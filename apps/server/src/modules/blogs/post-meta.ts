import { CLINIC } from '@clinic/shared';
import { escapeHtml } from '../../lib/text';

export type PostMeta = {
  title: string;
  description: string;
  imageUrl: string | null;
  url: string;
  publishedAt: Date | null;
};

const DESCRIPTION_MAX = 300;

function absolute(url: string, origin: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The head tags of a post's page: title, description and image for search results and link previews, every value escaped. */
export function postHeadTags(meta: PostMeta, origin: string): string {
  const description =
    meta.description.length > DESCRIPTION_MAX ? `${meta.description.slice(0, DESCRIPTION_MAX - 1)}…` : meta.description;
  const title = `${meta.title} | ${CLINIC.shortName}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${escapeHtml(CLINIC.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:locale" content="vi_VN" />`,
  ];
  if (meta.publishedAt)
    tags.push(`<meta property="article:published_time" content="${meta.publishedAt.toISOString()}" />`);
  if (meta.imageUrl) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absolute(meta.imageUrl, origin))}" />`);
    tags.push(`<meta name="twitter:card" content="summary_large_image" />`);
  } else {
    tags.push(`<meta name="twitter:card" content="summary" />`);
  }
  return tags.join('\n    ');
}

/** index.html with its own title and description replaced by the post's. */
export function injectPostMeta(html: string, meta: PostMeta, origin: string): string {
  const head = postHeadTags(meta, origin);
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name="description"|property="og:[^"]*"|name="twitter:[^"]*")[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
  if (/<\/head>/i.test(stripped)) return stripped.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
  if (/<head[^>]*>/i.test(stripped)) return stripped.replace(/<head[^>]*>/i, (m) => `${m}\n    ${head}`);
  return stripped.replace(/^(<!doctype[^>]*>)?/i, (m) => `${m}${head}`);
}

import type { Db } from '../../db/client';
import { escapeXml } from '../../lib/text';
import { listPublishedForSitemap } from '../blogs/blogs.service';

/** Public pages a search engine may list (specification section 2); personal and admin pages are not among them. */
export const PUBLIC_PATHS = ['/', '/about', '/services', '/appointment', '/blog', '/chinh-sach-bao-mat'] as const;
// The sign-in page is public (patients search for it) and holds nothing personal: crawlers may read it.
const PRIVATE_PATHS = ['/admin', '/profile', '/my-appointments', '/medical-history', '/settings'] as const;

/** A sitemap holds at most 50 000 addresses. */
const SITEMAP_MAX_POSTS = 50_000 - PUBLIC_PATHS.length;

export async function buildSitemap(db: Db, origin: string): Promise<string> {
  const posts = await listPublishedForSitemap(db, SITEMAP_MAX_POSTS);
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PATHS.map((p) => url(p)),
    ...posts.map((p) => url(`/blog/${p.id}`, p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    // The pages render from these calls, so crawlers may fetch them; the rest of the API is not for them.
    'Allow: /api/public/',
    'Allow: /api/images/',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

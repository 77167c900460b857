import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { App } from '../src/app';
import { bearer } from './build-app';

/** A complete, valid post; override what a test is about. */
export function postInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Chăm sóc sức khỏe sinh sản',
    excerpt: 'Tóm tắt ngắn gọn của bài viết.',
    content: '## Nội dung\n\nVăn bản **Markdown**.',
    category: 'Phòng bệnh',
    author: 'BS. Trần Thị Bích Ngọc',
    readTime: '5 phút',
    imageUrl: null,
    featured: false,
    status: 'PUBLISHED',
    ...overrides,
  };
}

export async function createPost(app: App, token: string, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: bearer(token),
    payload: postInput(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create post failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; title: string; status: string; featured: boolean; imageUrl: string | null };
}

/** A distinct client address per call, so the per-address limit of public writes is not in the way. */
let lastIp = 0;
export const nextIp = () => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

export const newVisitor = () => randomUUID();

/** Smallest real files of each allowed type: only their first bytes matter to the server. */
export const IMAGES = {
  png: readFileSync(new URL('../src/seed/assets/heart-menopause.png', import.meta.url)),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
};

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----clinic${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

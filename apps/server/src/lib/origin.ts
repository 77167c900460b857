import type { FastifyRequest } from 'fastify';

/**
 * The site's own address: PUBLIC_URL when set, else from the request. The Host header is the
 * caller's to choose, so only a plain host name (and port) is taken; anything else falls back to localhost.
 */
export function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(req.host) ? req.host.toLowerCase() : 'localhost';
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

import { PRIVATE_PAGES } from '@clinic/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters of this route that open nothing by themselves (a department's code): written to the log as they are. */
    plainPathParams?: readonly string[];
  }
}

/**
 * Path parameters that open nothing by themselves: a record's number (read only by a session allowed
 * to), a list's status or role, a static file's path. Every other path parameter is a private link's
 * token (a booking's, a waiting-list place's, a calendar feed's, a pay page's, a short link's code)
 * unless its route says otherwise (`config.plainPathParams`): a route added tomorrow with `:token`,
 * `:code` or `:key` is hidden from the logs without anyone remembering to (issue 34).
 */
const PLAIN_PARAM = /^(?:id|[a-z]+Id|status|role|\*)$/;

type Segment = { literal: string } | { param: string; secret: boolean };

function segmentsOf(pattern: string, plain: readonly string[] = []): Segment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (!part.startsWith(':') && part !== '*') return { literal: part };
      const param = part === '*' ? '*' : (/^:([A-Za-z0-9_]+)/.exec(part)?.[1] ?? part.slice(1));
      return { param, secret: !PLAIN_PARAM.test(param) && !plain.includes(param) };
    });
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function decodedPath(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/**
 * The addresses that carry a private link's token, derived from the routes as they are registered
 * and the web app's private pages (PRIVATE_PAGES): each is kept as its pattern cut after its last
 * token (`/api/privacy/link/:token`). The request log, the cache headers and the nginx map of
 * docs/DEPLOYMENT.md (`nginxLogMap`) all read this one list.
 */
export class PrivateLinks {
  readonly #prefixes = new Map<string, { segments: Segment[]; matcher: RegExp }>();

  constructor(pages: readonly string[] = Object.values(PRIVATE_PAGES)) {
    for (const page of pages) this.addRoute({ url: page });
  }

  /** Told of every route as it is registered (an onRoute hook). */
  addRoute(route: { url: string; config?: { plainPathParams?: readonly string[] } }): void {
    const segments = segmentsOf(route.url, route.config?.plainPathParams);
    const last = segments.findLastIndex((s) => 'secret' in s && s.secret);
    if (last < 0) return;
    const kept = segments.slice(0, last + 1);
    const prefix = `/${kept.map((s) => ('literal' in s ? s.literal : `:${s.param}`)).join('/')}`;
    if (this.#prefixes.has(prefix)) return;
    // Matched on the decoded path, repeated slashes and any letter case allowed, as the router would
    // still serve them (or the app's page would answer them).
    const source = kept.map((s) => `/+(${'literal' in s ? escapeRegex(s.literal) : '[^/?#]+'})`).join('');
    this.#prefixes.set(prefix, { segments: kept, matcher: new RegExp(`^${source}`, 'i') });
  }

  /** The patterns, sorted: `/l/:code`, `/api/privacy/link/:token`… */
  list(): string[] {
    return [...this.#prefixes.keys()].sort();
  }

  #match(url: string): { segments: Segment[]; found: RegExpExecArray } | undefined {
    const path = decodedPath(url);
    for (const { segments, matcher } of this.#prefixes.values()) {
      const found = matcher.exec(path);
      if (found) return { segments, found };
    }
    return undefined;
  }

  /** Whether this address carries a private link's token. */
  isPrivate(url: string): boolean {
    return this.#match(url) !== undefined;
  }

  /** The address with every token replaced by [redacted], for anything that writes it down. */
  redact(url: string): string {
    const match = this.#match(url);
    if (!match) return url;
    const { segments, found } = match;
    const shown = segments.map((s, i) => ('secret' in s && s.secret ? '[redacted]' : found[i + 1]));
    return `/${shown.join('/')}${found.input.slice(found[0].length)}`;
  }

  /** The address as the request log writes it: no token, no searched-for person. */
  loggable(url: string): string {
    return loggableUrl(url, (u) => this.redact(u));
  }

  /**
   * The nginx `map` of docs/DEPLOYMENT.md's access log, one line per pattern: `$uri` is decoded and
   * its slashes merged by nginx, so each line hides the token segment and keeps the rest.
   */
  nginxLogMap(): string {
    const lines = this.list().map((prefix) => {
      const { segments } = this.#prefixes.get(prefix)!;
      const first = segments.findIndex((s) => 'secret' in s && s.secret);
      const part = (s: Segment) => ('literal' in s ? escapeRegex(s.literal) : '[^/]+');
      const kept = segments
        .slice(0, first)
        .map((s) => `/${part(s)}`)
        .join('');
      const hidden = segments
        .slice(first)
        .map((s) => `/${part(s)}`)
        .join('');
      return `  "~*^(?<kept>${kept})${hidden}(?<rest>/.*)?$" "$kept/[redacted]$rest";`;
    });
    return ['map $uri $loggable_uri {', ...lines, '  default $uri;', '}'].join('\n');
  }
}

/**
 * Query parameters whose values say nothing about a person (a page, a sort, a status, a date): kept
 * in the request log. Every other value (a search for a patient's name, phone or e-mail) is written
 * as [redacted], with its name kept so the log still says what was asked.
 */
const PLAIN_QUERY_KEYS = new Set([
  'page',
  'size',
  'limit',
  'cursor',
  'sort',
  'order',
  'filter',
  'status',
  'role',
  'department',
  'date',
  'from',
  'to',
  'day',
  'days',
  'view',
  'scope',
  'month',
  'year',
  'format',
  'featured',
  'category',
  'channel',
]);

/** The address as the request log writes it: no private link's token (`redact`), no searched-for person. */
export function loggableUrl(url: string, redact: (url: string) => string): string {
  const path = redact(url);
  const mark = path.indexOf('?');
  if (mark < 0) return path;
  const query = path
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return eq < 0 || PLAIN_QUERY_KEYS.has(key) ? pair : `${key}=[redacted]`;
    })
    .join('&');
  return `${path.slice(0, mark)}?${query}`;
}

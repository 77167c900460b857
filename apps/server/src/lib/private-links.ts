/**
 * The addresses whose next path segment is a private link's token: whoever holds one opens a
 * booking, a place in a waiting list or a doctor's calendar (issue 29), or a payment request's pay page (issue 28). Matched on the decoded path
 * with repeated slashes allowed, as the router would still serve them.
 */
const PRIVATE_LINK =
  /^(\/+api\/+appointments\/+(?:manage|waiting-list|calendar-feed)|\/+appointment\/+(?:manage|waiting)|\/+l|\/+(?:api\/+payments\/+)?pay)\/+[^/?#]+/i;

function decodedPath(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** Whether this address carries a private link's token. */
export function isPrivateLink(url: string): boolean {
  return PRIVATE_LINK.test(decodedPath(url));
}

/** The address with a private link's token replaced, for anything that writes it down (the request log). */
export function redactPrivateLink(url: string): string {
  const decoded = decodedPath(url);
  return PRIVATE_LINK.test(decoded) ? decoded.replace(PRIVATE_LINK, '$1/[redacted]') : url;
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

/** The address as the request log writes it: no private link's token, no searched-for person. */
export function loggableUrl(url: string): string {
  const path = redactPrivateLink(url);
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

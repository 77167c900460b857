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

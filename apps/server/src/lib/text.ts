import unhomoglyph from 'unhomoglyph';

/** Lower case without Vietnamese accents: "Nguyễn Thị Đào" → "nguyen thi dao". Search compares folded texts. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** One pass of foldLookalikes: Unicode's look-alikes to their prototype, then no marks, invisible characters or punctuation, lower case. */
function foldOnce(text: string): string {
  return unhomoglyph(text.replace(/\p{Cf}/gu, ''))
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim()
    .toLowerCase();
}

function foldToRest(text: string): string {
  let folded = text.normalize('NFKD');
  for (let round = 0; round < 4; round += 1) {
    const next = foldOnce(folded);
    if (next === folded) break;
    folded = next;
  }
  return folded;
}

/**
 * A name as it looks, to compare two names (issue 29): letters that look alike fold to one by
 * Unicode's confusables table (UTS #39, carried by unhomoglyph: Cyrillic, Greek, fullwidth,
 * mathematical letters...), then accents, case, invisible characters and punctuation go, until
 * nothing changes. The table keeps case ('Β' looks like 'B', 'β' like 'ß'), so a name gives two
 * forms, as written and in lower case; two names look alike when they share one. Only for
 * comparing: 'm' becomes 'rn', "BЅ. Hương" becomes "bs huong".
 */
export function lookalikeForms(text: string): string[] {
  return [...new Set([foldToRest(text), foldToRest(text.toLowerCase())])];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern that finds `text` at the start. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For text placed in HTML, attribute values included. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** For text placed in XML; characters XML 1.0 cannot hold at all are dropped. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')).replace(
    /&#39;/g,
    '&apos;',
  );
}

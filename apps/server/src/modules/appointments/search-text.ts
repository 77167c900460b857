/** Lower case without Vietnamese accents: "Nguyễn Thị Đào" → "nguyen thi dao". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the list's text search looks in: name, phone and e-mail, folded. */
export function appointmentSearchText(a: { fullName: string; phone: string; email: string | null }): string {
  return [foldText(a.fullName), a.phone, a.email ?? ''].join(' ').trim();
}

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { foldText } from '../../../lib/text';

/** What the list's text search looks in: name, phone and e-mail, folded. */
export function appointmentSearchText(a: { fullName: string; phone: string; email: string | null }): string {
  return [foldText(a.fullName), a.phone, a.email ?? ''].join(' ').trim();
}

/** A phone number as a link target: "1900 6868" → "tel:19006868". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

import { APPOINTMENT_LIMITS, type AppointmentPage } from '@clinic/shared';

/** Pages beyond this are not fetched: 5,000 appointments are far more than one patient makes. */
const MAX_PAGES = 50;

/**
 * Every page of a patient's own list, the largest page the server allows at a time: the tabs
 * count all of them, and a patient has few (usually one call).
 */
export async function fetchAllPages(
  fetchPage: (page: number, size: number) => Promise<AppointmentPage>,
): Promise<AppointmentPage['items']> {
  const size = APPOINTMENT_LIMITS.maxPageSize;
  const first = await fetchPage(1, size);
  const items = [...first.items];
  const last = Math.min(first.totalPages, MAX_PAGES);
  for (let page = 2; page <= last; page += 1) {
    const next = await fetchPage(page, size);
    items.push(...next.items);
    if (next.items.length < size) break;
  }
  return items;
}

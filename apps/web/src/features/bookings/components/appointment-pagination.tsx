import type { AppointmentPage } from '@clinic/shared';
import { Pagination } from '@/components/ui/pagination';

/** A text search's count stops at a cap: then the total reads "more than". */
const countOf = (page: AppointmentPage, total: number | string) => `${page.totalCapped ? 'hơn ' : ''}${total} lịch hẹn`;

/** What the live region says once a page of appointments has come: "Tìm thấy 12 lịch hẹn". */
export function foundAppointmentsText(page: AppointmentPage): string {
  return `Tìm thấy ${countOf(page, page.total)}`;
}

/** The pages of the Booking Manager and Booking History lists. */
export function AppointmentPagination({
  page,
  pageSize,
  onPageChange,
}: {
  page: AppointmentPage;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <Pagination
      page={page.page}
      pageSize={page.size || pageSize}
      total={page.total}
      onPageChange={onPageChange}
      previousLabel="Trước"
      nextLabel="Sau"
      summary={(from, to, total) => `Hiển thị ${from}–${to} trong ${countOf(page, total.toLocaleString('vi-VN'))}`}
    />
  );
}

import type { Appointment, AppointmentSort, Role } from '@clinic/shared';
import { useMediaQuery } from '@/hooks/use-media-query';
import { BookingDesktopTable } from './booking-desktop-table';
import { BookingPhoneList } from './booking-phone-list';
import type { RowActionHandler } from './booking-row-parts';

export type BookingTableProps = {
  items: Appointment[];
  role: Role;
  sort: AppointmentSort;
  onSortChange: (sort: AppointmentSort) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  onAction: RowActionHandler;
};

/** One page of appointments: a table from laptop width up, cards on a phone or a narrow tablet. */
export function BookingTable(props: BookingTableProps) {
  const wide = useMediaQuery('(min-width: 1024px)');
  return wide ? <BookingDesktopTable {...props} /> : <BookingPhoneList {...props} />;
}

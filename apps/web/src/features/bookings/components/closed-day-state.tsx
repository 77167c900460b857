import { CalendarOff } from 'lucide-react';
import { addDays, APPOINTMENT_MSG, formatLongDate, workingDayFrom } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * The day sheet of a day the clinic does not work (a Sunday): nothing to search or filter, so it says
 * the clinic is closed and opens the next working day in one tap (issue 35).
 */
export function ClosedDayState({ date, onOpen }: { date: string; onOpen: (date: string) => void }) {
  const next = workingDayFrom(addDays(date, 1));
  return (
    <EmptyState
      icon={CalendarOff}
      title={APPOINTMENT_MSG.sundayClosed}
      description={`${formatLongDate(date)}: phòng khám nghỉ, không có lịch khám.`}
      action={
        // Wraps on a phone rather than running off its screen; 44 px high at least.
        <Button onClick={() => onOpen(next)} className="h-auto min-h-11 flex-wrap py-2 whitespace-normal">
          Xem ngày làm việc kế tiếp
          <span className="font-normal">({formatLongDate(next)})</span>
        </Button>
      }
    />
  );
}

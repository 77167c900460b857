import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TimeSlotPicker } from './time-slot-picker';

const places = new Map([
  ['08:00', 3],
  ['08:30', 0],
  ['09:00', 2],
]);

describe('the time tiles with the places left', () => {
  it("disables a full slot in a staff window and says 'Đã đầy' to a screen reader too", async () => {
    const onChange = vi.fn();
    render(
      <TimeSlotPicker
        name="t"
        slots={['08:00', '08:30', '09:00']}
        places={places}
        value=""
        onChange={onChange}
        emptyMessage={null}
      />,
    );
    const full = screen.getByRole('radio', { name: '08:30, Đã đầy' });
    expect(full).toBeDisabled();
    expect(screen.getByRole('radio', { name: '09:00, Còn 2 chỗ' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: '08:00' })).toBeEnabled();
    await userEvent.click(full);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps the chosen time choosable even when it is full (the slot the booking already holds)', () => {
    render(
      <TimeSlotPicker
        name="t"
        slots={['08:00', '08:30']}
        places={places}
        value="08:30"
        onChange={() => {}}
        emptyMessage={null}
      />,
    );
    expect(screen.getByRole('radio', { name: '08:30, Đã đầy' })).toBeEnabled();
  });

  it('says nothing of places when the server gave none', () => {
    render(<TimeSlotPicker name="t" slots={['08:00', '08:30']} value="" onChange={() => {}} emptyMessage={null} />);
    expect(
      screen.getAllByRole('radio').map((r) => r.getAttribute('aria-disabled') ?? (r as HTMLInputElement).disabled),
    ).toEqual([false, false]);
    expect(screen.getByRole('radio', { name: '08:30' })).toBeEnabled();
  });
});

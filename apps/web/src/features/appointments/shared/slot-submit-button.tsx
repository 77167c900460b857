import { Button } from '@/components/ui/button';

type SlotSubmitButtonProps = {
  /** Checking the slot again or sending. */
  busy: boolean;
  /** The chosen slot cannot be had: the button is off and points at the reason. */
  blocked: boolean;
  /** Where the reason is read: the date's error, else the availability answer. */
  reasonId: string;
  label: string;
  busyLabel: string;
  size?: 'md' | 'lg';
};

/** The submit button of a form that chooses a slot (booking, moving a booking). */
export function SlotSubmitButton({ busy, blocked, reasonId, label, busyLabel, size = 'md' }: SlotSubmitButtonProps) {
  return (
    <Button
      type="submit"
      size={size}
      className="w-full sm:w-auto"
      loading={busy}
      disabled={blocked}
      aria-describedby={blocked ? reasonId : undefined}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

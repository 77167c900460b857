import { WAITING_STATUS_LABELS, type WaitingStatus } from '@clinic/shared';
import { Badge, type BadgeTone } from './ui/badge';

const TONES: Record<WaitingStatus, BadgeTone> = {
  WAITING: 'info',
  OFFERED: 'warning',
  CLAIMED: 'success',
  EXPIRED: 'neutral',
  WITHDRAWN: 'neutral',
  REMOVED: 'neutral',
  LEFT: 'neutral',
};

/** A waiting-list entry's status in Vietnamese, the same for the visitor and the front desk. */
export function WaitingStatusBadge({ status }: { status: WaitingStatus }) {
  return <Badge tone={TONES[status]}>{WAITING_STATUS_LABELS[status]}</Badge>;
}

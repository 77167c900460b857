import type { HistoryFilterInput, PaymentReportQueryInput } from '@clinic/shared';
import type { AppointmentListParams } from './get-appointments';
import type { WaitingListSlot } from './get-slot-waiting-list';

/**
 * Every staff appointment query starts with 'appointments'; a change made on these screens
 * refreshes all of them, and the counts of Patient Control and the dashboard.
 */
export const bookingKeys = {
  all: ['appointments'] as const,
  list: (params: AppointmentListParams) => ['appointments', 'list', params] as const,
  stats: () => ['appointments', 'stats'] as const,
  detail: (id: number) => ['appointments', 'detail', id] as const,
  trail: (id: number) => ['appointments', 'trail', id] as const,
  /** Online payment attempts and flags (issue 28): a mark-paid or cancel here changes them too. */
  payments: (id: number) => ['appointments', 'payments', id] as const,
  /** The 'Hoàn tiền' list: a cancel with refund opens one, so it lives under 'appointments' too. */
  refunds: () => ['appointments', 'refunds'] as const,
  /** What was sent about it (issue 27): an action here sends more, so it lives under 'appointments' too. */
  messages: (id: number) => ['appointments', 'messages', id] as const,
  candidates: (id: number) => ['appointments', 'candidates', id] as const,
  /** A slot's waiting list: a cancel or a move frees a place there, so it lives under 'appointments' too. */
  waitingList: (slot: WaitingListSlot) => ['appointments', 'waiting-list', slot] as const,
  history: (params: HistoryFilterInput & { page: number; sort?: string }) =>
    ['appointments', 'booking-history', params] as const,
  historyStats: (params: HistoryFilterInput) => ['appointments', 'booking-history-stats', params] as const,
  /** Booking History's payments report: a "mark paid" here changes it too. */
  paymentsReport: (params: PaymentReportQueryInput) => ['appointments', 'payments-report', params] as const,
};

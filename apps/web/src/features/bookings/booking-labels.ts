import { APPOINTMENT_STATUS_LABELS, APPOINTMENT_STATUSES, type AppointmentSort } from '@clinic/shared';

export const SORT_OPTIONS: ReadonlyArray<{ value: AppointmentSort; label: string }> = [
  { value: 'createdAt:desc', label: 'Mới đặt nhất' },
  { value: 'createdAt:asc', label: 'Đặt sớm nhất' },
  { value: 'appointmentDate:asc', label: 'Ngày khám: sớm đến muộn' },
  { value: 'appointmentDate:desc', label: 'Ngày khám: muộn đến sớm' },
  { value: 'fullName:asc', label: 'Tên: A → Z' },
  { value: 'fullName:desc', label: 'Tên: Z → A' },
  { value: 'status:asc', label: 'Trạng thái' },
  { value: 'id:desc', label: 'Mã lịch hẹn: mới nhất' },
];

/** Each status once: NEEDS_PAYMENT and PAYMENT_REQUESTED share 'Cần thanh toán', so the filter says which. */
export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'Tất cả trạng thái' },
  ...APPOINTMENT_STATUSES.map((s) => ({
    value: s,
    label:
      s === 'NEEDS_PAYMENT'
        ? 'Cần thanh toán (sau khám)'
        : s === 'PAYMENT_REQUESTED'
          ? 'Cần thanh toán (đã gửi yêu cầu)'
          : APPOINTMENT_STATUS_LABELS[s],
  })),
];

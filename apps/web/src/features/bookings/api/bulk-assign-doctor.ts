import type { BulkResult } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

export const BULK_ASSIGN_FAILED = 'Không thể chỉ định bác sĩ cho các lịch hẹn đã chọn';

/** POST /api/appointments/bulk/assign-doctor: several bookings to one doctor, a report per row. */
export function bulkAssignDoctor(body: { ids: number[]; doctorId: number }): Promise<BulkResult> {
  return api.post<BulkResult>('/appointments/bulk/assign-doctor', body, { fallbackMessage: BULK_ASSIGN_FAILED });
}

export const useBulkAssignDoctor = () => useAppointmentMutation(bulkAssignDoctor);

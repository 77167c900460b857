import { useState } from 'react';
import type { BulkResult } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useBackOfficeErrorText } from '@/hooks/use-back-office-text';
import { BULK_ASSIGN_FAILED, useBulkAssignDoctor } from '../api/bulk-assign-doctor';
import { useDoctors } from '../api/get-doctors';
import { DoctorSelectField } from './doctor-select-field';

/**
 * 'Chỉ định bác sĩ' for several pending bookings at once (issue 25, 'assigning many'): one doctor,
 * one request, a report per booking (one of another department is reported, the others assigned).
 */
export function BulkAssignModal({
  ids,
  onDone,
  onClose,
}: {
  ids: number[];
  onDone: (result: BulkResult) => void;
  onClose: () => void;
}) {
  const doctors = useDoctors();
  const assign = useBulkAssignDoctor();
  const errorText = useBackOfficeErrorText();
  const [doctorId, setDoctorId] = useState('');
  const [missing, setMissing] = useState(false);
  const active = (doctors.data ?? []).filter((d) => d.active);

  function submit() {
    if (!doctorId) return setMissing(true);
    assign.mutate({ ids, doctorId: Number(doctorId) }, { onSuccess: onDone });
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={assign.isPending}
      title={`Chỉ định bác sĩ cho ${ids.length} lịch hẹn`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            Đóng
          </Button>
          <Button onClick={submit} loading={assign.isPending} disabled={doctors.isPending}>
            Chỉ định
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {assign.isError && <Alert tone="error">{errorText(assign.error, BULK_ASSIGN_FAILED)}</Alert>}
        {doctors.isPending ? (
          <Spinner label="Đang tải danh sách bác sĩ..." />
        ) : doctors.isError ? (
          <Alert tone="error">{errorText(doctors.error, 'Không thể tải danh sách bác sĩ')}</Alert>
        ) : (
          <DoctorSelectField
            doctors={active.map((d) => ({ id: d.id, label: d.fullName ?? d.username }))}
            value={doctorId}
            onChange={(id) => {
              setDoctorId(id);
              setMissing(false);
            }}
            missing={missing}
            hint="Lịch hẹn của khoa khác với chuyên khoa của bác sĩ sẽ được báo lại, các lịch còn lại vẫn được chỉ định."
          />
        )}
      </div>
    </Modal>
  );
}

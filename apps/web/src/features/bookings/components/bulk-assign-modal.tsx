import { useState } from 'react';
import { mayTakeDepartment, outsideSpecialty, SPECIALTY_TEXT, type Appointment, type BulkResult } from '@clinic/shared';
import { specialtyNameOf } from '@/components/outside-specialty-badge';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
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
 * Before she confirms, each visit says whether the chosen doctor may take it and whether it lies
 * outside his own specialty (issue 35).
 */
export function BulkAssignModal({
  visits,
  onDone,
  onClose,
}: {
  visits: Appointment[];
  onDone: (result: BulkResult) => void;
  onClose: () => void;
}) {
  const doctors = useDoctors();
  const assign = useBulkAssignDoctor();
  const errorText = useBackOfficeErrorText();
  const [doctorId, setDoctorId] = useState('');
  const [missing, setMissing] = useState(false);
  const active = (doctors.data ?? []).filter((d) => d.active);
  const chosen = active.find((d) => String(d.id) === doctorId);
  const outside = chosen ? visits.filter((v) => outsideSpecialty(chosen.specialty, v.department)) : [];
  const refused = chosen ? visits.filter((v) => !mayTakeDepartment(chosen.specialty, v.department)) : [];

  function submit() {
    if (!doctorId) return setMissing(true);
    assign.mutate({ ids: visits.map((v) => v.id), doctorId: Number(doctorId) }, { onSuccess: onDone });
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={assign.isPending}
      title={`Chỉ định bác sĩ cho ${visits.length} lịch hẹn`}
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
            doctors={active.map((d) => ({
              id: d.id,
              label: [d.fullName ?? d.username, specialtyNameOf(d.specialty)].filter(Boolean).join(' · '),
            }))}
            value={doctorId}
            onChange={(id) => {
              setDoctorId(id);
              setMissing(false);
            }}
            missing={missing}
            hint={`${SPECIALTY_TEXT.who} Lịch hẹn bác sĩ không nhận được sẽ được báo thất bại, các lịch còn lại vẫn được chỉ định.`}
          />
        )}
        {chosen && (outside.length > 0 || refused.length > 0) && (
          <p role="status" className="text-sm text-slate-700">
            {[
              refused.length > 0 && `${refused.length} lịch hẹn bác sĩ này không nhận được`,
              outside.length - refused.length > 0 && SPECIALTY_TEXT.outsideCount(outside.length - refused.length),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        <ul
          aria-label="Lịch hẹn được chọn"
          tabIndex={0}
          className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visits.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">
                #{v.id} {v.fullName}
              </span>
              <span className="text-slate-600">
                {v.appointmentTime.slice(0, 5)} · {v.departmentName ?? v.department}
              </span>
              {chosen && !mayTakeDepartment(chosen.specialty, v.department) ? (
                <Badge tone="danger">{SPECIALTY_TEXT.notAllowed}</Badge>
              ) : (
                chosen &&
                outsideSpecialty(chosen.specialty, v.department) && (
                  <Badge tone="warning">{SPECIALTY_TEXT.outside}</Badge>
                )
              )}
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { BOOKING_UI_MSG, formatDate, outsideSpecialty, SPECIALTY_TEXT, type Appointment } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { closeWhenDone } from '@/lib/action-toast';
import { useBackOfficeErrorText } from '@/hooks/use-back-office-text';
import { useAssignDoctor } from '../api/assign-doctor';
import { useDoctorCandidates } from '../api/get-doctor-candidates';
import { declinedByDoctor } from '../booking-actions';
import { DoctorSelectField } from './doctor-select-field';

/** A candidate's load on the appointment's day, as the list shows it. */
export const dayLoadText = (n: number) => (n === 0 ? 'chưa có lịch hẹn ngày này' : `${n} lịch hẹn ngày này`);

/** 'Chỉ định bác sĩ' (PENDING only): the server's candidates for the department; the doctor then accepts or declines. */
export function AssignDoctorModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const candidates = useDoctorCandidates(appointment.id);
  const assign = useAssignDoctor();
  const errorText = useBackOfficeErrorText();
  const [picked, setPicked] = useState('');
  // The only fitting doctor is chosen by itself (issue 25, 'assigning many').
  const only = candidates.data?.length === 1 ? String(candidates.data[0]!.id) : '';
  const doctorId = picked || only;
  const setDoctorId = setPicked;
  const [missing, setMissing] = useState(false);
  const declined = declinedByDoctor(appointment);
  const chosen = candidates.data?.find((d) => String(d.id) === doctorId);
  const department = appointment.departmentName ?? appointment.department;

  function submit() {
    if (!doctorId) return setMissing(true);
    assign.mutate({ id: appointment.id, doctorId: Number(doctorId) }, closeWhenDone(onClose));
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={assign.isPending}
      title={declined ? 'Chỉ định lại bác sĩ' : 'Chỉ định bác sĩ'}
      description={`#${appointment.id} · ${appointment.fullName} · ${formatDate(appointment.appointmentDate)} ${appointment.appointmentTime} · ${department}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            Đóng
          </Button>
          <Button onClick={submit} loading={assign.isPending} disabled={candidates.isPending}>
            {assign.isPending ? 'Đang chỉ định...' : 'Chỉ định'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {declined && appointment.doctorResponse && (
          <Alert tone="warning" title="Bác sĩ trước đã từ chối">
            Lý do: {appointment.doctorResponse}
          </Alert>
        )}
        {assign.isError && <Alert tone="error">{errorText(assign.error, BOOKING_UI_MSG.assignFailed)}</Alert>}
        {candidates.isPending ? (
          <Spinner label="Đang tải danh sách bác sĩ..." />
        ) : candidates.isError ? (
          <Alert tone="error">{errorText(candidates.error, BOOKING_UI_MSG.loadFailed)}</Alert>
        ) : candidates.data.length === 0 ? (
          <Alert tone="warning">Không có bác sĩ nào phù hợp với khoa của lịch hẹn này.</Alert>
        ) : (
          <DoctorSelectField
            doctors={candidates.data.map((d) => ({
              id: d.id,
              label: [
                d.fullName ?? d.email,
                d.specialtyName,
                outsideSpecialty(d.specialty, appointment.department) ? SPECIALTY_TEXT.outside : undefined,
                d.dayLoad !== undefined ? dayLoadText(d.dayLoad) : undefined,
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
            value={doctorId}
            onChange={(id) => {
              setDoctorId(id);
              setMissing(false);
            }}
            missing={missing}
            hint={SPECIALTY_TEXT.who}
          />
        )}
        {chosen && outsideSpecialty(chosen.specialty, appointment.department) && (
          <Alert tone="warning" title={SPECIALTY_TEXT.outside}>
            {chosen.fullName ?? chosen.email} ({chosen.specialtyName ?? chosen.specialty}) nhận được lịch hẹn của{' '}
            {department}. Bác sĩ sẽ thấy dấu này khi chấp nhận hoặc từ chối.
          </Alert>
        )}
      </div>
    </Modal>
  );
}

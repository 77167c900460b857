import { APPROVALS_MSG, formatDateTime, type Appointment } from '@clinic/shared';
import { OutsideSpecialtyBadge } from '@/components/outside-specialty-badge';
import { CarePlanOfVisit } from '@/components/care-plan-of-visit';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { DetailField } from '@/components/ui/detail-field';
import { assignedAt, visitWhen, type ApprovalAction } from './approval-parts';

/** View: everything the doctor needs to decide (specification section 2), with accept and decline at hand. */
export function ViewAssignmentModal({
  appointment: a,
  onClose,
  onAction,
}: {
  appointment: Appointment;
  onClose: () => void;
  onAction: (action: ApprovalAction) => void;
}) {
  const when = visitWhen(a);
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Chi tiết lịch hẹn"
      description={`#${a.id} · ${a.fullName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Đóng
          </Button>
          <Button variant="danger" onClick={() => onAction('decline')}>
            Từ chối
          </Button>
          <Button onClick={() => onAction('accept')}>Chấp nhận</Button>
        </>
      }
    >
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DetailField label="Họ và tên">{a.fullName}</DetailField>
        <DetailField label="Số điện thoại">
          <a className="text-brand-700 underline-offset-2 hover:underline" href={`tel:${a.phone}`}>
            {a.phone}
          </a>
        </DetailField>
        <DetailField label="Email">{a.email ?? APPROVALS_MSG.notAvailable}</DetailField>
        <DetailField label="Khoa">
          <span className="block">{a.departmentName ?? a.department}</span>
          <OutsideSpecialtyBadge specialty={a.doctor?.specialty} department={a.department} who="you" />
        </DetailField>
        <DetailField label="Ngày khám">{when.date}</DetailField>
        <DetailField label="Giờ khám">{when.time}</DetailField>
        <div className="sm:col-span-2">
          <DetailField label="Lý do khám">
            {a.reason?.trim() ? a.reason : <span className="text-slate-500 italic">{APPROVALS_MSG.noReason}</span>}
          </DetailField>
        </div>
        <DetailField label="Ngày đặt lịch">{formatDateTime(a.createdAt, clinicTimeZone())}</DetailField>
        <DetailField label="Chỉ định cho bạn lúc">{assignedAt(a)}</DetailField>
      </dl>
      {/* A visit of a care plan (issue 37): the plan, its milestone and what came before. */}
      <CarePlanOfVisit appointmentId={a.id} className="mt-6" />
    </Modal>
  );
}

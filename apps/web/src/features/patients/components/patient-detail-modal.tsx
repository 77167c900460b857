import { CITIZEN_ID_MSG, formatDate, GENDER_LABELS, PATIENT_MSG, type PatientSummary } from '@clinic/shared';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useBackOfficeText } from '@/hooks/use-back-office-text';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { usePatientDetail } from '../api/get-patients';
import { LastVisit, NextAppointment } from './patient-parts';
import { DetailField } from '@/components/ui/detail-field';

/** 'Chi tiết bệnh nhân': who, the counts, and every visit the caller may see, newest first. */
export function PatientDetailModal({ patient, onClose }: { patient: PatientSummary; onClose: () => void }) {
  const detail = usePatientDetail(patient.email);
  const p = detail.data?.patient ?? patient;
  const zone = clinicTimeZone();
  const t = useBackOfficeText();
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title="Chi tiết bệnh nhân"
      description={p.fullName}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Đóng
        </Button>
      }
    >
      <div className="space-y-6">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <DetailField label="Họ và tên">{p.fullName}</DetailField>
          <DetailField label="Email">{p.email}</DetailField>
          <DetailField label="Số điện thoại">{p.phone}</DetailField>
          <DetailField label="Tên đăng nhập">{p.user ? `@${p.user.username}` : null}</DetailField>
          <DetailField label="Giới tính">{p.user?.gender ? GENDER_LABELS[p.user.gender] : null}</DetailField>
          <DetailField label="Ngày sinh">{p.user?.birth ? formatDate(p.user.birth, zone) : null}</DetailField>
          <DetailField label={CITIZEN_ID_MSG.label}>{p.user?.citizenId ?? null}</DetailField>
        </dl>

        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-4">
          <DetailField label="Tổng lịch hẹn">{String(p.totalAppointments)}</DetailField>
          <DetailField label="Đã xác nhận">{String(p.confirmedAppointments)}</DetailField>
          <DetailField label="Lần khám gần nhất">
            <LastVisit visit={p.lastAppointment} />
          </DetailField>
          <DetailField label="Lịch hẹn tiếp theo">
            <NextAppointment visit={p.nextAppointment} />
          </DetailField>
        </dl>

        <section aria-labelledby="visit-history-title">
          <h3 id="visit-history-title" className="mb-2 text-base font-semibold text-slate-900">
            Lịch sử khám
          </h3>
          {detail.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner label="Đang tải lịch sử khám..." />
            </div>
          ) : detail.isError ? (
            <LoadErrorAlert
              title={t(PATIENT_MSG.loadFailed)}
              message={t(detail.error.message)}
              onRetry={() => void detail.refetch()}
              retrying={detail.isFetching}
            />
          ) : (
            <div className="overflow-x-auto rounded-lg border border-slate-200">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Ngày
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Giờ
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Khoa
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Trạng thái
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Ghi chú
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {detail.data.visits.map((v) => (
                    <tr key={v.id} className="align-top">
                      <td className="px-3 py-2 whitespace-nowrap">{formatDate(v.appointmentDate, zone)}</td>
                      <td className="px-3 py-2">{v.appointmentTime.slice(0, 5)}</td>
                      <td className="px-3 py-2">{v.departmentName ?? v.department}</td>
                      <td className="px-3 py-2">
                        <AppointmentStatusBadge status={v.status} />
                      </td>
                      <td className="max-w-64 px-3 py-2">
                        {v.notes ? (
                          <p className="line-clamp-2 text-slate-800" title={v.notes}>
                            {v.notes}
                          </p>
                        ) : (
                          <span className="text-slate-500">{PATIENT_MSG.noNotes}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </Modal>
  );
}
